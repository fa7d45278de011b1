// Who a page view or event belongs to, without a cookie and without keeping an address (DESIGN.md
// section 4, decision 020): a hash of the client's address and user agent with the day's random
// salt. The salt is a row per Central Time day, shared by every instance, deleted once the day is
// over (plus a day's grace for beacons around midnight): after that, no one can recompute a hash
// from an address, and the same visitor on the next day is a new visitor.
import { createHash, randomBytes } from "node:crypto";
import Bowser from "bowser";
import { isbot } from "isbot";
import { eq, lt } from "drizzle-orm";
import { addDays, centralDate } from "~/lib/central-time";
import { getDb, type Executor } from "#server/db/client.server";
import { analyticsSalts } from "./schema";

const salts = new Map<string, Promise<string>>();

async function loadSalt(day: string, executor: Executor): Promise<string> {
  await executor.insert(analyticsSalts).values({ day, salt: randomBytes(32).toString("base64url") }).onConflictDoNothing();
  const [row] = await executor.select({ salt: analyticsSalts.salt }).from(analyticsSalts).where(eq(analyticsSalts.day, day));
  return row!.salt;
}

/** The day's salt (made by the first instance that needs it), kept in memory for the day. */
export function saltOf(day: string, executor: Executor = getDb()): Promise<string> {
  let salt = salts.get(day);
  if (!salt) {
    salt = loadSalt(day, executor);
    salts.set(day, salt);
    salt.catch(() => salts.delete(day));
    // Only today and yesterday are ever asked for.
    for (const known of salts.keys()) if (known < addDays(day, -1)) salts.delete(known);
  }
  return salt;
}

export async function visitorHash(clientIp: string | undefined, userAgent: string | null, now = new Date(), executor: Executor = getDb()): Promise<string> {
  const salt = await saltOf(centralDate(now), executor);
  return createHash("sha256").update(`${salt}\n${clientIp ?? ""}\n${userAgent ?? ""}`).digest("base64url").slice(0, 22);
}

export type DeviceClass = "mobile" | "tablet" | "desktop" | "bot";

export function deviceClassOf(userAgent: string | null): DeviceClass {
  if (!userAgent || isbot(userAgent)) return "bot";
  const type = Bowser.parse(userAgent).platform.type;
  return type === "mobile" || type === "tablet" ? type : "desktop";
}

/** Salts of days before yesterday go: hashes of those days can no longer be recomputed. */
export async function dropOldSalts(now = new Date(), executor: Executor = getDb()) {
  await executor.delete(analyticsSalts).where(lt(analyticsSalts.day, addDays(centralDate(now), -1)));
}
