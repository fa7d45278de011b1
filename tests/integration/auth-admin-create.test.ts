// `npm run admin:create`: run as the operator would, on each kind of database, then checked by
// opening that database.
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { count, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { ensureAdmin } from "~/features/auth/bootstrap.server";
import { signIn, signUp } from "~/features/auth/flows.server";
import { openDatabase, setDatabase, type OpenDatabase } from "#server/db/client.server";
import { acquireDirectoryLock } from "#server/db/pglite-lock.server";
import { sessions, userRoles, users } from "~/features/auth/schema";
import { createVerifiedUser, freshIp, siteRequest } from "../support/auth";
import { testDatabases } from "../support/databases";
import { hasTestPostgres } from "../support/environment";
import { createPostgresDatabase, tempDir } from "../../scripts/support/databases";

// The in-process side (sign-ups, sign-ins) signs with this key; the script runs without one.
process.env.BETTER_AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";
process.env.DATA_DIR ??= tempDir("admin-create-mail-");

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

/** Runs `work` with `target`'s database as the process's database (the script needs it closed). */
async function withDatabase<T>(target: Target, work: (database: OpenDatabase) => Promise<T>): Promise<T> {
  const database = await target.open();
  setDatabase(database.db);
  try {
    return await work(database);
  } finally {
    setDatabase(undefined);
    await database.close();
  }
}

async function canSignIn(email: string, password: string) {
  const caller = { request: siteRequest("/admin-login", { method: "POST" }), clientIp: freshIp() };
  return (await signIn(caller, { email, password })).ok;
}

async function sessionCount(database: OpenDatabase, email: string) {
  const [row] = await database.db
    .select({ n: count() })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(users.email, email));
  return row!.n;
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

  it("takes an address back from whoever signed it up first: new password, sessions revoked", async () => {
    // /admin-login names the owner's address; a stranger registers it with their own password.
    await withDatabase(target, async (database) => {
      const caller = { request: siteRequest("/admin-login", { method: "POST" }), clientIp: freshIp() };
      expect((await signUp(caller, { email: "owner@example.test", password: "squatter-password-1" })).ok).toBe(true);
      const [squatter] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, "owner@example.test"));
      // A session held by the stranger, however it was obtained, must not survive the promotion.
      await database.db.insert(sessions).values({
        id: "squatter-session",
        token: "squatter-session-token",
        userId: squatter!.id,
        expiresAt: new Date(Date.now() + 86_400_000),
      });
    });

    const promoted = await adminCreate(["owner@example.test"], target.env);
    expect(promoted.code, promoted.stderr).toBe(0);
    expect(promoted.stdout).toContain("owner@example.test is now an admin (e-mail marked verified).");
    expect(promoted.stdout).toContain("its password was replaced and its sessions were signed out");
    const password = promoted.stdout.match(/Generated password \(shown once\): (\S+)/)?.[1];
    expect(password).toMatch(/^[\w-]{20}$/);

    await withDatabase(target, async (database) => {
      expect(await sessionCount(database, "owner@example.test")).toBe(0);
      expect(await canSignIn("owner@example.test", "squatter-password-1")).toBe(false);
      expect(await canSignIn("owner@example.test", password!)).toBe(true);
      expect(await adminState(database, "owner@example.test")).toEqual({ verified: true, roles: ["admin"] });
    });

    // With --password, that password replaces the stranger's instead of a generated one.
    await withDatabase(target, async () => {
      const caller = { request: siteRequest("/admin-login", { method: "POST" }), clientIp: freshIp() };
      await signUp(caller, { email: "second@example.test", password: "squatter-password-2" });
    });
    const chosen = await adminCreate(["second@example.test", "--password", "operator-password-2"], target.env);
    expect(chosen.code, chosen.stderr).toBe(0);
    expect(chosen.stdout).not.toContain("Generated password");
    await withDatabase(target, async () => {
      expect(await canSignIn("second@example.test", "squatter-password-2")).toBe(false);
      expect(await canSignIn("second@example.test", "operator-password-2")).toBe(true);
    });
  }, 120_000);

  it("promoting an account that confirmed its address keeps its password and sessions", async () => {
    const sessionsBefore = await withDatabase(target, async (database) => {
      await createVerifiedUser("keeper@example.test", "keeper-password-1");
      expect(await canSignIn("keeper@example.test", "keeper-password-1")).toBe(true);
      return sessionCount(database, "keeper@example.test");
    });
    expect(sessionsBefore).toBeGreaterThan(0);
    const promoted = await adminCreate(["keeper@example.test"], target.env);
    expect(promoted.code, promoted.stderr).toBe(0);
    expect(promoted.stdout).toContain("keeper@example.test is now an admin.");
    expect(promoted.stdout).toContain("Its password is unchanged.");
    expect(promoted.stdout).not.toContain("Generated password");
    await withDatabase(target, async (database) => {
      expect(await sessionCount(database, "keeper@example.test")).toBe(sessionsBefore);
      expect(await canSignIn("keeper@example.test", "keeper-password-1")).toBe(true);
      expect(await adminState(database, "keeper@example.test")).toEqual({ verified: true, roles: ["admin"] });
    });
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
    const release = await acquireDirectoryLock(path.resolve(target.env.DATA_DIR!, "pglite"));
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

// Two instances starting together with ADMIN_EMAIL: both must start, with one admin account.
describe.runIf(hasTestPostgres())("ensureAdmin racing itself on PostgreSQL", () => {
  it("creates the account once and every caller succeeds", async () => {
    const database = await testDatabases.find((d) => d.name === "postgres")!.open();
    try {
      const input = { email: "racing@example.test", password: "racing-password-1" };
      const results = await Promise.allSettled([1, 2, 3, 4].map(() => ensureAdmin(input)));
      expect(results.map((result) => result.status)).toEqual(["fulfilled", "fulfilled", "fulfilled", "fulfilled"]);
      const outcomes = results.map((result) => (result as PromiseFulfilledResult<{ created: boolean }>).value.created);
      expect(outcomes.filter(Boolean)).toHaveLength(1);
      expect(await adminState(database, "racing@example.test")).toEqual({ verified: true, roles: ["admin"] });
      expect(await canSignIn("racing@example.test", "racing-password-1")).toBe(true);
    } finally {
      await database.close();
    }
  }, 60_000);
});
