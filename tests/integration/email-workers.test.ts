// Two workers on one database (two server instances on one PostgreSQL: two connection pools)
// claim rows with FOR UPDATE SKIP LOCKED and never send the same row twice.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "#server/db/client.server";
import { emailOutbox } from "#server/db/schema";
import { enqueueEmail } from "#server/email/outbox.server";
import { createTransports } from "#server/email/transport.server";
import { processDueEmails } from "#server/email/worker.server";
import { parseEnv } from "~/lib/env.server";
import { testDatabases, type TestDatabase } from "../support/databases";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";

const MESSAGES = 120;

describe.each(testDatabases.map((d) => [d.name, d] as const))("two e-mail workers on %s", (name, database) => {
  let db: TestDatabase;
  let secondDb: Database;
  let closeSecond = async () => {};
  let sink: SmtpSink;
  beforeAll(async () => {
    db = await database.open();
    sink = await startSmtpSink();
    if (name === "postgres") {
      // A second pool on the same database, as a second server instance would have.
      const result = (await db.db.execute(sql`select current_database() as current`)) as { rows: Array<{ current: string }> };
      const current = result.rows[0]!.current;
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${current}`;
      const second = await openDatabase({ databaseUrl: url.toString(), dataDir: db.dataDir });
      secondDb = second.db;
      closeSecond = second.close;
    } else {
      // PGlite lives in one process: two workers there share its single connection.
      secondDb = db.db;
    }
  });
  afterAll(async () => {
    await closeSecond();
    await sink.stop();
    await db.close();
  });

  it("each queued message is sent exactly once, and both workers take part", async () => {
    const ids: string[] = [];
    for (let index = 0; index < MESSAGES; index++) {
      ids.push((await enqueueEmail({ kind: "test", to: `reader${index}@example.com`, subject: `#${index}`, html: "<p>x</p>", text: "x" }, db.db)).id);
    }
    const now = new Date(Date.now() + 60_000);
    const worker = async (workerDb: Database) => {
      const transports = createTransports(parseEnv({ SMTP_URL: sink.url, DATA_DIR: db.dataDir }));
      let sent = 0;
      try {
        for (;;) {
          const run = await processDueEmails({ db: workerDb, transports, now, limit: 5 });
          if (run.claimed === 0) return sent;
          sent += run.sent;
        }
      } finally {
        transports.close();
      }
    };
    const [first, second] = await Promise.all([worker(db.db), worker(secondDb)]);

    expect(first + second).toBe(MESSAGES);
    expect(first).toBeGreaterThan(0);
    expect(second).toBeGreaterThan(0);
    expect(sink.received).toHaveLength(MESSAGES);
    for (const id of ids) expect(sink.deliveriesOf(id)).toBe(1);
    const rows = await db.db.select({ status: emailOutbox.status, attempts: emailOutbox.attempts }).from(emailOutbox);
    expect(rows.every((row) => row.status === "sent" && row.attempts === 1)).toBe(true);
  });
});
