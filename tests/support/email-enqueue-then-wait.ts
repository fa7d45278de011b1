// Child process for the crash test (tests/integration/email-crash.test.ts): queues one e-mail in a
// committed transaction, prints `committed <id>`, then waits to be killed before sending it.
// Uses DATABASE_URL when set, otherwise the PGlite database in DATA_DIR.
import { openDatabase } from "#server/db/client.server";
import { enqueueEmail } from "#server/email/outbox.server";

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR! });
const { id } = await database.db.transaction((tx) =>
  enqueueEmail(
    {
      kind: "crash_test",
      to: "visitor@example.com",
      subject: "Queued before the crash",
      html: "<p>Queued before the crash</p>",
      text: "Queued before the crash\n",
    },
    tx,
  ),
);
process.stdout.write(`committed ${id}\n`);
// Stay alive (holding the database open) until the test kills this process.
setInterval(() => {}, 60_000);
