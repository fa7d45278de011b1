import path from "node:path";
import { defineConfig } from "vitest/config";

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
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    env: { NODE_ENV: "test" },
  },
});
