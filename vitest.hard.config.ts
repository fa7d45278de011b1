import { defineConfig } from "vitest/config";
import base from "./vitest.config";

// The hard suite (npm run test:hard, docs/reliability.md): production servers over HTTP, on PGlite
// and on PostgreSQL, one file at a time (each starts its own servers and loads the machine): crash,
// scale-out, fuzzing, authorization and the security probes, all in tests/hard/.
// Vitest's mergeConfig would add these files to the unit suite's, so the settings are copied.
export default defineConfig({
  resolve: base.resolve,
  test: {
    include: ["tests/hard/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    env: base.test?.env,
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 180_000,
  },
});
