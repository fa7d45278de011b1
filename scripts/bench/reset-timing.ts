// npm run bench:reset-timing (also the last part of `npm run bench`)
//
// A password-reset request must not tell a registered address from an unknown one by how long it
// takes (the reset mail is rendered, queued and sent after the answer). This prints the median
// time of each, alternating, in-process on a fresh PGlite database: a figure, not a test (a timing
// is not asserted in tests). BENCH_RESET_ROUNDS sets how many of each (default 50).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-reset-timing-"));
process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL ??= "silent";
process.env.BETTER_AUTH_SECRET ??= "bench-reset-timing-secret-0123456789abcdef";

const { median, setting } = await import("./harness");
const { ensureAdmin } = await import("~/features/auth/bootstrap.server");
const { passwordResetEmailsQueued } = await import("~/features/auth/emails.server");
const { requestPasswordReset } = await import("~/features/auth/flows.server");
const { getEnv } = await import("~/lib/env.server");
const { openDatabase, setDatabase } = await import("#server/db/client.server");

const rounds = setting("BENCH_RESET_ROUNDS", 50);

const database = await openDatabase({ dataDir });
setDatabase(database.db);
try {
  const registered = Array.from({ length: rounds + 1 }, (_, i) => `timing-${i}@example.test`);
  // Verified accounts, as the operator's bootstrap makes them.
  for (const email of registered) await ensureAdmin({ email, password: "timing-password-1" });
  let ip = 0;
  const timed = async (email: string) => {
    // The previous request's mail work (queued after its answer) must not land in this one.
    await passwordResetEmailsQueued();
    const request = new Request(`${getEnv().SITE_URL}/admin-login`, {
      method: "POST",
      headers: { origin: getEnv().SITE_URL, "sec-fetch-site": "same-origin" },
    });
    ip += 1;
    const started = performance.now();
    const outcome = await requestPasswordReset({ request, clientIp: `10.9.${ip >> 8}.${ip & 255}` }, { email });
    const elapsed = performance.now() - started;
    if (!outcome.ok) throw new Error(`reset request for ${email} answered ${JSON.stringify(outcome)}`);
    return elapsed;
  };
  // Warm both paths, then alternate so that both see the same machine.
  await timed("warm-up@example.test");
  await timed(registered[rounds]!);
  const known: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < rounds; i++) {
    known.push(await timed(registered[i]!));
    unknown.push(await timed(`unknown-${i}@example.test`));
  }
  await passwordResetEmailsQueued();
  const [a, b] = [median(known), median(unknown)];
  const difference = Math.abs(a - b) / Math.min(a, b);
  console.log(`\nPassword-reset request, median of ${rounds} each (in-process, PGlite):`);
  console.log(`  registered address ${a.toFixed(2)} ms, unknown address ${b.toFixed(2)} ms`);
  console.log(`  difference ${(difference * 100).toFixed(0)}% (goal <= 20%) — ${difference <= 0.2 ? "met" : "missed"}`);
} finally {
  setDatabase(undefined);
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
