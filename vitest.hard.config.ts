import { defineConfig, mergeConfig } from "vitest/config";
import base from "./vitest.config";

// The hard suite (npm run test:hard, docs/reliability.md): production servers over HTTP, on PGlite
// and on PostgreSQL, one file at a time (each starts its own servers and loads the machine).
export default mergeConfig(
  base,
  defineConfig({
    test: {
      include: ["tests/hard/**/*.test.ts"],
      fileParallelism: false,
      testTimeout: 300_000,
      hookTimeout: 180_000,
    },
  }),
);
