import { defineConfig } from "drizzle-kit";

// `npm run db:generate` writes a new SQL migration from the tables: the server's own in
// server/db/schema.ts, each feature's in app/features/<name>/schema.ts (and schema-*.ts).
// The server applies pending migrations at start (server/db/client.server.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: ["./server/db/schema.ts", "./app/features/*/schema.ts", "./app/features/*/schema-*.ts"],
  out: "./server/db/migrations",
});
