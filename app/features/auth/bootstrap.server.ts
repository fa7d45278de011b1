// The two explicit ways to make an admin (DESIGN.md section 5): `npm run admin:create` and
// ADMIN_EMAIL + ADMIN_PASSWORD at start. The operator vouches for the address, so it is marked
// verified here — the one exception to "verified before admin" (docs/decisions/003-auth.md).
import crypto from "node:crypto";
import { getDb } from "#server/db/client.server";
import { getAuth } from "./auth.server";
import { grantAdminRole } from "./roles.server";

export type EnsureAdminResult = {
  userId: string;
  created: boolean;
  /** True when the account's password was set or changed by this call. */
  passwordChanged: boolean;
  /** The password made up for a new account created without one (show it once). */
  generatedPassword?: string;
};

/** A 20-character password (120 random bits) for `admin:create` without --password. */
function generatePassword(): string {
  return crypto.randomBytes(15).toString("base64url");
}

/**
 * Creates the account (verified) or promotes an existing one, and grants it the admin role.
 * With a password: sets it when it differs from the current one, and then signs the account out
 * everywhere. Without one: an existing account keeps its password, a new account gets a generated
 * one (returned).
 */
export async function ensureAdmin(input: { email: string; password?: string }): Promise<EnsureAdminResult> {
  const ctx = await getAuth().$context;
  const email = input.email.trim().toLowerCase();
  const { minPasswordLength, maxPasswordLength } = ctx.password.config;
  if (input.password !== undefined && (input.password.length < minPasswordLength || input.password.length > maxPasswordLength)) {
    throw new Error(`The password must be ${minPasswordLength} to ${maxPasswordLength} characters long.`);
  }

  const found = await ctx.internalAdapter.findUserByEmail(email, { includeAccounts: true });
  if (!found) {
    const generatedPassword = input.password === undefined ? generatePassword() : undefined;
    const password = input.password ?? generatedPassword!;
    const user = await ctx.internalAdapter.createUser(
      { email, name: email.split("@")[0] ?? email, emailVerified: true },
      { method: "admin" },
    );
    await ctx.internalAdapter.linkAccount({
      userId: user.id,
      providerId: "credential",
      accountId: user.id,
      password: await ctx.password.hash(password),
    });
    await grantAdminRole(getDb(), user.id);
    return { userId: user.id, created: true, passwordChanged: true, generatedPassword };
  }

  const userId = found.user.id;
  if (!found.user.emailVerified) await ctx.internalAdapter.updateUser(userId, { emailVerified: true });
  let passwordChanged = false;
  if (input.password !== undefined) {
    const credential = found.accounts.find((account) => account.providerId === "credential");
    if (!credential) {
      await ctx.internalAdapter.linkAccount({
        userId,
        providerId: "credential",
        accountId: userId,
        password: await ctx.password.hash(input.password),
      });
      passwordChanged = true;
    } else if (!credential.password || !(await ctx.password.verify({ hash: credential.password, password: input.password }))) {
      await ctx.internalAdapter.updatePassword(userId, await ctx.password.hash(input.password));
      await ctx.internalAdapter.deleteUserSessions(userId);
      passwordChanged = true;
    }
  }
  await grantAdminRole(getDb(), userId);
  return { userId, created: false, passwordChanged };
}
