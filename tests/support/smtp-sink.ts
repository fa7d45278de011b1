// A real SMTP server (smtp-server) on 127.0.0.1 that keeps what it receives. `reply` decides, per
// message, whether to accept it (undefined) or answer with an SMTP error code such as 450 or 550.
import { SMTPServer } from "smtp-server";
import { freePort } from "../../scripts/support/server-process";

export type ReceivedMail = { raw: string; messageId: string | undefined; mailFrom: string | undefined; rcptTo: string[] };
export type SmtpReply = { code: number; message: string } | undefined;

export type SmtpSink = {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** How many times a message with this outbox id was delivered. */
  deliveriesOf: (outboxId: string) => number;
  /** Called for each message at the end of DATA; the default accepts everything. */
  reply: (attempt: number) => SmtpReply;
  /** Called for each RCPT TO; the default accepts every recipient. */
  replyToRecipient: (address: string) => SmtpReply;
  stop: () => Promise<void>;
};

function smtpError({ code, message }: { code: number; message: string }) {
  return Object.assign(new Error(message), { responseCode: code });
}

/** Starts the sink on `port` (a free one by default). */
export async function startSmtpSink(port?: number): Promise<SmtpSink> {
  const listenPort = port ?? (await freePort());
  let attempts = 0;
  const sink: SmtpSink = {
    port: listenPort,
    url: `smtp://127.0.0.1:${listenPort}`,
    received: [],
    deliveriesOf: (outboxId) => sink.received.filter((mail) => mail.messageId?.startsWith(`${outboxId}@`)).length,
    reply: () => undefined,
    replyToRecipient: () => undefined,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      const reply = sink.replyToRecipient(address.address);
      callback(reply ? smtpError(reply) : undefined);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        attempts++;
        const reply = sink.reply(attempts);
        if (reply) return callback(smtpError(reply));
        const raw = Buffer.concat(chunks).toString("utf8");
        sink.received.push({
          raw,
          messageId: /^Message-ID:\s*<([^>]+)>/im.exec(raw)?.[1],
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          rcptTo: session.envelope.rcptTo.map((address) => address.address),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(listenPort, "127.0.0.1", () => {
      server.off("error", reject);
      // A sender killed mid-message resets its connection: that is the sender's end, not the sink's.
      server.on("error", (error: NodeJS.ErrnoException) => {
        if (error.code !== "ECONNRESET") throw error;
      });
      resolve();
    });
  });
  return sink;
}
