import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets several builds of the tree coexist (parallel test runs); `build` by default.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
