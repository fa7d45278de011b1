// Starts the site: `node server.js` serves the production build (run `npm run build` first;
// `npm start` does both); `node server.js --dev` runs the Vite development server instead.
// Shuts down cleanly on SIGTERM/SIGINT, closing the database.
import path from "node:path";
import { pathToFileURL } from "node:url";

// Everything the server creates (database, mail files, uploads, the signing key) is the owner's
// alone, whatever the umask it was started with.
process.umask(0o077);

const dev = process.argv.includes("--dev");
if (dev) process.env.NODE_ENV ??= "development";
else process.env.NODE_ENV ??= "production";

function fail(error) {
  // Configuration and lock errors are one clear line, not a stack trace.
  const known = ["ConfigError", "DatabaseLockedError"].includes(error?.name);
  // A failed query's message lists its parameters (a password hash, say): show the database's own
  // error instead.
  const failedQuery = error?.params !== undefined && error?.cause instanceof Error;
  console.error(known ? error.message : failedQuery ? `Database error at start: ${error.cause.message}` : error);
  process.exit(1);
}

let started;
try {
  if (dev) {
    const { createServer } = await import("vite");
    const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
    const { startServer } = await vite.ssrLoadModule("./server/app.ts");
    started = await startServer({ viteDevServer: vite });
  } else {
    const entry = path.resolve(process.env.BUILD_DIR ?? "build", "server/index.js");
    const { startServer } = await import(pathToFileURL(entry).href).catch((error) => {
      if (error?.code === "ERR_MODULE_NOT_FOUND" && String(error.message).includes(entry)) {
        throw Object.assign(new Error("No production build found: run `npm run build` first."), {
          name: "ConfigError",
        });
      }
      throw error;
    });
    started = await startServer();
  }
} catch (error) {
  fail(error);
}

for (const signal of ["SIGTERM", "SIGINT"]) {
  process.once(signal, async () => {
    try {
      await started.close();
      process.exit(0);
    } catch (error) {
      console.error(error);
      process.exit(1);
    }
  });
}
