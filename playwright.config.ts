import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { SERVER_NODE_FLAGS } from "./scripts/support/server-process";

// End-to-end tests drive the system Chromium (never a downloaded browser) against the production
// build (`npm run build` first), served by `node server.js` on a fresh PGlite data directory.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `site-e2e-${E2E_PORT}`);
// Fresh for each run, by the runner only: test workers load this file too, and by then the server
// is using the directory.
if (!process.env.TEST_WORKER_INDEX) fs.rmSync(E2E_DATA_DIR, { recursive: true, force: true });

const chromium =
  process.env.CHROMIUM_PATH ?? ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => fs.existsSync(p));
// Nothing is downloaded at test time: without a system Chromium the browser tests cannot run, and
// in CI that is an error, not a skip.
if (process.env.CI && (!chromium || !fs.existsSync(chromium))) {
  throw new Error("CI must provide Chromium (apt-get install chromium, or set CHROMIUM_PATH).");
}

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  // A flaky test is fixed, not retried: no retries, in CI too.
  retries: 0,
  timeout: 30_000,
  reporter: "list",
  // Playwright empties its output directory at start: runs on different ports keep their own.
  outputDir: `test-results/e2e-${E2E_PORT}`,
  use: {
    baseURL: E2E_URL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: chromium,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } } }],
  webServer: {
    // The blog posts the reader tests open, and the affiliates the payout test pays, are written
    // first (tests/e2e/seed-blog.ts, seed-affiliates.ts: test-only).
    command: `tsx tests/e2e/seed-blog.ts && tsx tests/e2e/seed-affiliates.ts && node ${SERVER_NODE_FLAGS.join(" ")} server.js`,
    url: `${E2E_URL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(E2E_PORT),
      HOST: "127.0.0.1",
      SITE_URL: E2E_URL,
      DATA_DIR: E2E_DATA_DIR,
      LOG_LEVEL: "warn",
      BUILD_DIR: process.env.BUILD_DIR ?? "build",
      // The admin account e2e tests sign in with (tests/e2e/fixtures.ts), created at start.
      ADMIN_EMAIL: "admin@example.test",
      ADMIN_PASSWORD: "e2e-admin-password",
      // The tests sign in and up far more often than a person: the limit itself is tested in
      // tests/integration (auth-flows, auth-security) at its real size.
      SIGN_IN_LIMIT_MAX: "1000",
      // Every test books, cancels and subscribes from 127.0.0.1: the site's rate limits would refuse the
      // suite's later ones (the limits themselves are tested in tests/integration/rate-limits.test.ts).
      RATE_LIMIT_BOOKING_PER_CLIENT: "10000/1h",
      RATE_LIMIT_BOOKING_PER_EMAIL: "10000/1d",
      RATE_LIMIT_BOOKING_CANCEL_PER_CLIENT: "10000/1h",
      RATE_LIMIT_BOOKING_RESCHEDULE_PER_CLIENT: "10000/1h",
      RATE_LIMIT_NEWSLETTER_PER_CLIENT: "10000/1h",
      // The sender's postal line of every newsletter (CAN-SPAM): issues are not sent without it.
      MAILING_POSTAL_ADDRESS: "PO Box 1234, Wichita, KS 67201",
      // An issue's copies go out one a second, so the admin's page is seen following them.
      NEWSLETTER_SEND_PER_MINUTE: "60",
      // The admin's calendar tests serve their iCalendar files from 127.0.0.1 (tests/e2e/admin-calendar.spec.ts).
      CALENDAR_ALLOW_PRIVATE: "on",
    },
  },
});
