// `npm run admin:create`: run as the operator would, on each kind of database, then checked by
// opening that database.
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type OpenDatabase } from "#server/db/client.server";
import { acquireDirectoryLock } from "#server/db/pglite-lock.server";
import { userRoles, users } from "#server/db/schema";
import { createPostgresDatabase, tempDir } from "../support/databases";

const run = promisify(execFile);
const tsx = path.resolve("node_modules/.bin/tsx");

async function adminCreate(args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(tsx, ["scripts/admin-create.ts", ...args], {
      env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "silent", BETTER_AUTH_SECRET: "", ...env },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

async function adminState(database: OpenDatabase, email: string) {
  const [user] = await database.db
    .select({ id: users.id, verified: users.emailVerified })
    .from(users)
    .where(eq(users.email, email));
  if (!user) return undefined;
  const roles = await database.db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, user.id));
  return { verified: user.verified, roles: roles.map((r) => r.role) };
}

type Target = { name: string; env: Record<string, string>; open: () => Promise<OpenDatabase>; cleanup: () => Promise<void> };

function pgliteTarget(): Target {
  const dataDir = tempDir("admin-create-");
  return {
    name: "pglite",
    env: { DATA_DIR: dataDir, DATABASE_URL: "" },
    open: () => openDatabase({ dataDir }),
    cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

const targets: Array<[string, () => Promise<Target>]> = [["pglite", async () => pgliteTarget()]];
if (process.env.TEST_DATABASE_URL) {
  targets.push([
    "postgres",
    async () => {
      const created = await createPostgresDatabase();
      const dataDir = tempDir("admin-create-pg-");
      return {
        name: "postgres",
        env: { DATA_DIR: dataDir, DATABASE_URL: created.url },
        open: () => openDatabase({ databaseUrl: created.url, dataDir }),
        cleanup: async () => {
          await created.drop();
          fs.rmSync(dataDir, { recursive: true, force: true });
        },
      };
    },
  ]);
}

describe.each(targets)("admin:create on %s", (_name, makeTarget) => {
  let target: Target;
  afterAll(() => target?.cleanup());

  it("creates a verified admin with a printed password, then promotes and re-keys accounts", async () => {
    target = await makeTarget();
    const created = await adminCreate(["Boss@Example.test"], target.env);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toContain("Created admin account boss@example.test.");
    const password = created.stdout.match(/Generated password \(shown once\): (\S+)/)?.[1];
    expect(password).toMatch(/^[\w-]{20}$/);

    const again = await adminCreate(["boss@example.test", "--password", "chosen-password-1"], target.env);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain("Its password was changed");
    expect(again.stdout).not.toContain("Generated password");

    const database = await target.open();
    try {
      expect(await adminState(database, "boss@example.test")).toEqual({ verified: true, roles: ["admin"] });
    } finally {
      await database.close();
    }
  }, 120_000);

  it("refuses a malformed address or a too-short password with a clear message", async () => {
    const bad = await adminCreate(["not-an-email"], target.env);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('"not-an-email" is not an e-mail address.');
    const short = await adminCreate(["short@example.test", "--password", "short"], target.env);
    expect(short.code).toBe(1);
    expect(short.stderr).toContain("The password must be 8 to 128 characters long.");
  }, 120_000);
});

describe("admin:create while a server holds the PGlite directory", () => {
  it("says so clearly and changes nothing", async () => {
    const target = pgliteTarget();
    // Initialise the directory, then hold its lock as a running server would.
    await (await target.open()).close();
    const release = acquireDirectoryLock(path.resolve(target.env.DATA_DIR!, "pglite"));
    try {
      const result = await adminCreate(["locked@example.test"], target.env);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain("is in use by another process");
      expect(result.stderr).toContain("stop the running server first, or set ADMIN_EMAIL and ADMIN_PASSWORD");
    } finally {
      release();
    }
    const database = await target.open();
    try {
      expect(await adminState(database, "locked@example.test")).toBeUndefined();
    } finally {
      await database.close();
      await target.cleanup();
    }
  }, 120_000);
});
