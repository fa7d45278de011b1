// Roles live in user_roles (SPEC.md section 6): a user is an admin when a row with role 'admin'
// exists for their id. Only an account with a verified e-mail can be made admin (DESIGN.md 7).
import { asc, eq } from "drizzle-orm";
import { getDb, type Executor } from "#server/db/client.server";
import { userRoles, users } from "./schema";

export type Role = (typeof userRoles.$inferSelect)["role"];
export const ADMIN_ROLE: Role = "admin";

export async function getUserRoles(userId: string, executor: Executor = getDb()): Promise<Role[]> {
  const rows = await executor
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.userId, userId));
  return rows.map((row) => row.role);
}

export class UnverifiedEmailError extends Error {
  override name = "UnverifiedEmailError";
}

/** Makes the user an admin; refuses an account whose e-mail has not been verified. */
export async function grantAdminRole(userId: string, executor: Executor = getDb()): Promise<void> {
  const [user] = await executor
    .select({ emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new Error(`No user with id ${userId}.`);
  if (!user.emailVerified) {
    throw new UnverifiedEmailError("The e-mail address must be verified before the account can be made admin.");
  }
  await executor
    .insert(userRoles)
    .values({ userId, role: ADMIN_ROLE })
    .onConflictDoNothing({ target: [userRoles.userId, userRoles.role] });
}

/** The address of the longest-standing admin account (named on /admin-login), if there is one. */
export async function findFirstAdminEmail(executor: Executor = getDb()): Promise<string | null> {
  const [row] = await executor
    .select({ email: users.email })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(eq(userRoles.role, ADMIN_ROLE))
    .orderBy(asc(users.createdAt))
    .limit(1);
  return row?.email ?? null;
}
