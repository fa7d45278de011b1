import { defineConfig } from "vitest/config";
import base from "./vitest.config";
import { SECURITY_PROBES } from "./tests/hard/security-probes";

// The hard suite (npm run test:hard, docs/reliability.md): production servers over HTTP, on PGlite
// and on PostgreSQL, one file at a time (each starts its own servers and loads the machine), and
// the security probes of earlier work (tests/hard/security-probes.ts).
// Vitest's mergeConfig would add these files to the unit suite's, so the settings are copied.
export default defineConfig({
  resolve: base.resolve,
  test: {
    include: ["tests/hard/**/*.test.ts", ...SECURITY_PROBES],
    environment: "node",
    pool: "forks",
    env: base.test?.env,
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 180_000,
  },
});
