// Accounts as other features see them: never through the users table itself.
import { eq } from "drizzle-orm";
import { QueryBuilder } from "drizzle-orm/pg-core";
import type { Executor } from "#server/db/client.server";
import { users } from "./schema";

/**
 * Each account's e-mail as a subquery with columns `userId` and `email`, to join in the caller's
 * own statement (a search or a page of rows by e-mail stays one query).
 */
export function accountEmails() {
  return new QueryBuilder().select({ userId: users.id, email: users.email }).from(users).as("account_emails");
}

/**
 * An account without a password (it cannot sign in) unless one has this e-mail already; returns
 * the id of the account with this e-mail either way.
 */
export async function ensurePasswordlessAccount(account: { id: string; name: string; email: string }, tx: Executor): Promise<string> {
  await tx.insert(users).values({ ...account, emailVerified: true }).onConflictDoNothing();
  const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, account.email));
  return user!.id;
}
