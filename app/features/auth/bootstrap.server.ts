// The two explicit ways to make an admin (DESIGN.md section 5): `npm run admin:create` and
// ADMIN_EMAIL + ADMIN_PASSWORD at start. The operator vouches for the address, so it is marked
// verified here — the one exception to "verified before admin" (docs/decisions/003-auth.md).
//
// An account whose address was never confirmed may have been registered by anyone (/admin-login
// names the owner's address), so promoting it replaces its password and signs it out everywhere.
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { getDb } from "#server/db/client.server";
import { accounts, sessions, users } from "./schema";
import { getAuth } from "./auth.server";
import { grantAdminRole } from "./roles.server";

export type EnsureAdminResult = {
  userId: string;
  created: boolean;
  /** True when the account existed with an unconfirmed address: this call verified it. */
  verifiedNow: boolean;
  /** True when the account's password was set or changed by this call (its sessions then end). */
  passwordChanged: boolean;
  /** The password made up when one was needed and none was given (show it once). */
  generatedPassword?: string;
};

/** A 20-character password (120 random bits) for `admin:create` without --password. */
function generatePassword(): string {
  return crypto.randomBytes(15).toString("base64url");
}

/** A 32-character id, like the ones Better Auth makes. */
function newId(): string {
  return crypto.randomBytes(24).toString("base64url");
}

/**
 * Creates the account (verified) or promotes an existing one, and grants it the admin role, in one
 * transaction: instances starting together with the same ADMIN_EMAIL take turns on the account.
 * The password is set — the one given, else a generated one — for a new account and for one whose
 * address was not verified; for a verified account only when a different one is given. An existing
 * account whose password changes is signed out everywhere.
 */
export async function ensureAdmin(input: { email: string; password?: string }): Promise<EnsureAdminResult> {
  const ctx = await getAuth().$context;
  const email = input.email.trim().toLowerCase();
  const { minPasswordLength, maxPasswordLength } = ctx.password.config;
  if (input.password !== undefined && (input.password.length < minPasswordLength || input.password.length > maxPasswordLength)) {
    throw new Error(`The password must be ${minPasswordLength} to ${maxPasswordLength} characters long.`);
  }
  // Hashed before the transaction opens (hashing is deliberately slow).
  const password = input.password ?? generatePassword();
  const passwordHash = await ctx.password.hash(password);

  return getDb().transaction(async (tx) => {
    const [inserted] = await tx
      .insert(users)
      .values({ id: newId(), email, name: email.split("@")[0] ?? email, emailVerified: true })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    // Locks the row until commit, so a concurrent caller waits and then sees this one's result.
    const [user] = await tx
      .select({ id: users.id, emailVerified: users.emailVerified })
      .from(users)
      .where(eq(users.email, email))
      .for("update");
    const userId = user!.id;
    const [credential] = await tx
      .select({ id: accounts.id, password: accounts.password })
      .from(accounts)
      .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));

    const created = inserted !== undefined;
    const verifiedNow = !created && !user!.emailVerified;
    const givenDiffers =
      input.password !== undefined &&
      !(credential?.password && (await ctx.password.verify({ hash: credential.password, password: input.password })));
    const setPassword = created || verifiedNow || givenDiffers;

    if (verifiedNow) await tx.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
    if (setPassword && credential) {
      await tx.update(accounts).set({ password: passwordHash }).where(eq(accounts.id, credential.id));
    } else if (setPassword) {
      await tx.insert(accounts).values({ id: newId(), accountId: userId, providerId: "credential", userId, password: passwordHash });
    }
    if (setPassword && !created) await tx.delete(sessions).where(eq(sessions.userId, userId));
    await grantAdminRole(userId, tx);
    return {
      userId,
      created,
      verifiedNow,
      passwordChanged: setPassword,
      generatedPassword: setPassword && input.password === undefined ? password : undefined,
    };
  });
}
