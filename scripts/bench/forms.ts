// `npm run bench` (last part), or `npm run bench:forms`: the CPU time the production server spends
// on the worst body each action's route rule lets through (scripts/bench/worst-case-bodies.ts:
// the largest body, made of the most fields, all one name), posted signed in as the admin so that
// protected actions reach their parsing. Measured as the server process's CPU time (user + system,
// /proc) over REPEATS sequential posts, after a warm-up. Goal (issue 16): under 10 ms per request.
import os from "node:os";
import { request } from "../support/raw-request";
import { freePort } from "../support/server-process";
import { buildBundle, buildDir, cpuSeconds, runBench, SERVER_CPU, setting, startPinnedServer, tempDir } from "./harness";
import { concretePath, routesWithActions, worstCases } from "./worst-case-bodies";

const REPEATS = setting("BENCH_FORM_REPEATS", 20);
const WARMUP = 3;
const GOAL_MS = 10;
const ADMIN = { email: "bench-admin@example.test", password: "bench-admin-password" };

async function main() {
  buildBundle();
  const port = await freePort();
  const siteUrl = `http://127.0.0.1:${port}`;
  const { server } = await startPinnedServer({
    PORT: String(port),
    SITE_URL: siteUrl,
    DATA_DIR: tempDir("forms-bench-"),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: "warn",
  });
  const signedIn = await fetch(`${siteUrl}/admin-login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: siteUrl },
    body: new URLSearchParams({ intent: "sign-in", ...ADMIN }),
  });
  const cookie = signedIn.headers.getSetCookie().map((value) => value.split(";")[0]).join("; ");
  if (!cookie.includes("session_token=")) throw new Error(`admin sign-in answered ${signedIn.status}`);

  console.log(`
Method: the site (node ${process.version} server.js, ${buildDir}/) pinned to CPU ${SERVER_CPU}, 127.0.0.1 only, signed in
as the admin; per action and body, ${WARMUP} warm-up posts then ${REPEATS} sequential posts; the server's CPU time
(user + system) per post. ${os.cpus()[0]?.model ?? "unknown CPU"}.
`);
  const rows: Array<Record<string, string | number>> = [];
  for (const pattern of await routesWithActions()) {
    for (const worst of worstCases(pattern)) {
      const post = () =>
        request(`${siteUrl}${concretePath(pattern)}`, {
          method: "POST",
          headers: { origin: siteUrl, cookie, "content-type": worst.contentType, "content-length": String(Buffer.byteLength(worst.body)) },
          body: worst.body,
        });
      for (let i = 0; i < WARMUP; i++) await post();
      const before = cpuSeconds(server.child.pid!);
      let status = 0;
      for (let i = 0; i < REPEATS; i++) status = (await post()).status;
      const ms = ((cpuSeconds(server.child.pid!) - before) * 1000) / REPEATS;
      if (status >= 500) throw new Error(`${pattern} answered ${status} to the ${worst.label} worst case`);
      rows.push({
        action: pattern,
        body: worst.label,
        KB: Math.round(Buffer.byteLength(worst.body) / 1024),
        fields: worst.fields,
        status,
        "CPU ms/request": Number(ms.toFixed(2)),
        goal: `< ${GOAL_MS} ms ${ms < GOAL_MS ? "met" : "MISSED"}`,
      });
    }
  }
  console.log("Worst-case form bodies per action (refused before parsing; CPU per request, mean):");
  console.table(rows);
}

await runBench(main);
