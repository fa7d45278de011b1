// A server killed (SIGKILL) after committing an e-mail but before sending it: the message is
// delivered once the worker runs again on the same database.
import { spawn } from "node:child_process";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, setDatabase, type OpenDatabase } from "#server/db/client.server";
import { DatabaseLockedError } from "#server/db/pglite-lock.server";
import { emailOutbox } from "#server/db/schema";
import { createTransports } from "#server/email/transport.server";
import { processDueEmails } from "#server/email/worker.server";
import { parseEnv } from "~/lib/env.server";
import { createPostgresDatabase, tempDir } from "../../scripts/support/databases";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";

const root = path.resolve(import.meta.dirname, "../..");

type Target = { databaseUrl?: string; dataDir: string; cleanup: () => Promise<void> };
const targets: Array<[string, () => Promise<Target>]> = [
  ["pglite", async () => ({ dataDir: tempDir(), cleanup: async () => {} })],
  ...(process.env.TEST_DATABASE_URL
    ? [
        [
          "postgres",
          async () => {
            const created = await createPostgresDatabase();
            return { databaseUrl: created.url, dataDir: tempDir(), cleanup: created.drop };
          },
        ] as [string, () => Promise<Target>],
      ]
    : []),
];

/** Runs the child until it has committed; kills it with SIGKILL; returns the queued id. */
async function enqueueInChildThenKill(target: Target): Promise<string> {
  const child = spawn("npx", ["tsx", "tests/support/email-enqueue-then-wait.ts"], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: target.databaseUrl ?? "", DATA_DIR: target.dataDir },
    // Its own process group, so the kill reaches npx, tsx and the script alike.
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on("exit", (_code, signal) => resolve(signal)));
  let output = "";
  const id = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /committed ([0-9a-f-]{36})/.exec(output);
      if (match) resolve(match[1]!);
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    void exited.then(() => reject(new Error(`the child exited before committing:\n${output}`)));
  });
  process.kill(-child.pid!, "SIGKILL");
  expect(await exited).toBe("SIGKILL");
  return id;
}

/** Opens the database again, as a restarted server would (waiting for the dead child's lock). */
async function reopen(target: Target): Promise<OpenDatabase> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
    } catch (error) {
      if (!(error instanceof DatabaseLockedError) || attempt > 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

describe.each(targets)("a crash between commit and send on %s", (_name, makeTarget) => {
  let target: Target;
  let sink: SmtpSink;
  let database: OpenDatabase | undefined;
  beforeAll(async () => {
    target = await makeTarget();
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    setDatabase(undefined);
    await database?.close();
    await sink.stop();
    await target.cleanup();
  });

  it("delivers the committed message after the restart, once", { timeout: 90_000 }, async () => {
    const id = await enqueueInChildThenKill(target);

    database = await reopen(target);
    setDatabase(database.db);
    const [queued] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(queued).toMatchObject({ status: "pending", attempts: 0, kind: "crash_test" });

    const transports = createTransports(parseEnv({ SMTP_URL: sink.url, DATA_DIR: target.dataDir }));
    try {
      const later = new Date(Date.now() + 60_000);
      expect(await processDueEmails({ db: database.db, transports, now: later })).toMatchObject({ claimed: 1, sent: 1 });
      expect(await processDueEmails({ db: database.db, transports, now: later })).toMatchObject({ claimed: 0 });
    } finally {
      transports.close();
    }
    expect(sink.deliveriesOf(id)).toBe(1);
    const [sent] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(sent).toMatchObject({ status: "sent", attempts: 1 });
  });
});
