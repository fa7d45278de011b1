import path from "node:path";
import { configDefaults, defineConfig } from "vitest/config";
import { SECURITY_PROBES } from "./tests/hard/security-probes";

// Unit and integration tests. Integration tests run on PGlite, and again on PostgreSQL when
// TEST_DATABASE_URL is set (tests/support/databases.ts). Browser tests are Playwright's
// (playwright.config.ts).
export default defineConfig({
  resolve: {
    alias: {
      "~": path.resolve(import.meta.dirname, "app"),
      "#server": path.resolve(import.meta.dirname, "server"),
    },
  },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "tests/integration/**/*.test.ts"],
    // The security probes run in the hard suite (vitest.hard.config.ts).
    exclude: [...configDefaults.exclude, ...SECURITY_PROBES],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    env: { NODE_ENV: "test" },
  },
});
