// The default transport: each message becomes an .eml file in DATA_DIR/mail (open it with any
// mail client, or read it at /admin/emails). Written to a temporary name and renamed, so a reader
// never sees half a message.
import fs from "node:fs/promises";
import path from "node:path";
import type { MailAddress } from "~/lib/email-address";
import { DeliveryError, type OutboxMessage, type Transport } from "../delivery.server";
import { composeMessage } from "./mime.server";

export function emlFileName(message: OutboxMessage) {
  const stamp = message.createdAt.toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z");
  return `${stamp}-${message.kind}-${message.id}.eml`;
}

export function createFileTransport({ directory, from }: { directory: string; from: MailAddress }): Transport {
  // Owner-only: a message may carry a password-reset link. Made once, and again if it disappears.
  let directoryMade = false;
  const makeDirectory = async () => {
    if (directoryMade) return;
    await fs.mkdir(directory, { recursive: true, mode: 0o700 });
    directoryMade = true;
  };
  return {
    name: "file",
    async send(message) {
      // Lines end in CRLF, as RFC 5322 writes them and SMTP sends them. A recipient that is not a
      // plain address fails here, for good; only a disk's failure below is worth a retry.
      const { raw } = await composeMessage(message, from);
      try {
        await makeDirectory();
        const target = path.join(directory, emlFileName(message));
        const partial = `${target}.partial`;
        const write = () => fs.writeFile(partial, raw, { mode: 0o600 });
        await write().catch(async (error: NodeJS.ErrnoException) => {
          if (error.code !== "ENOENT") throw error;
          directoryMade = false;
          await makeDirectory();
          await write();
        });
        await fs.rename(partial, target);
      } catch (error) {
        // A full or read-only disk can be fixed by an operator: retry.
        throw new DeliveryError(`Could not write the message file: ${(error as Error).message}`, false);
      }
    },
  };
}
