import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { precompress } from "./scripts/vite/precompress.ts";

export default defineConfig({
  resolve: {
    alias: {
      "~": path.resolve(import.meta.dirname, "app"),
      "#server": path.resolve(import.meta.dirname, "server"),
    },
  },
  // The server build's entry is our Express app (server/app.ts), which wraps React Router's
  // request handler; `node server.js` starts it.
  environments: {
    // The framework (React, React Router) in one browser chunk that every page needs, instead of
    // four: fewer requests competing with the first paint on slow mobile connections.
    client: {
      build: {
        rollupOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "framework", test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/, priority: 20 },
              ],
            },
          },
        },
      },
    },
    ssr: {
      build: {
        rollupOptions: { input: "./server/app.ts" },
      },
    },
  },
  // Bundle React Router's server adapters with the app, so that they and our code share one copy
  // of react-router (the dev server would otherwise load a development and a production copy).
  // date-fns (also through react-day-picker) and lucide-react are bundled too, so that only what
  // the app uses is loaded: their package entries load every function or icon, and date-fns's
  // alone took 4 s and over 300 MB of the server's start (docs/performance.md).
  ssr: { noExternal: ["@react-router/node", "date-fns", "react-day-picker", "lucide-react"] },
  // The content pages' enhancement module (app/enhance/content.ts) is built as a `?worker&url`
  // entry: an ES module, loaded by <script type="module"> (decision 040).
  worker: { format: "es" },
  plugins: [tailwindcss(), reactRouter(), precompress()],
});
