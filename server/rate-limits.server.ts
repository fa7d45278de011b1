// The site's one rate limiter (docs/decisions/009-request-rules-and-rate-limiter.md). The route
// table (app/lib/route-access.ts) names each route's policy; the policies and their settings are
// app/lib/rate-limit-policies.ts. An action asks `rateLimitRequest(request, keys)` at the moment it
// would act, with only its keys (the client's address, the submitted e-mail address): which policy,
// how it counts and what a refusal says are decided here. On PostgreSQL counts
// live in the database (rate_limit_counters, rate-limiter-flexible's Drizzle store: one atomic
// upsert per key), so every instance shares them; the policies marked `counted: "instance"`
// (page-view beacons, link clicks) count in each instance's memory instead (decision 022). On PGlite,
// which one process only can open, every policy counts in memory: there is no other instance to
// share with (decision 023). If the store fails, the request goes through: a limiter outage must not
// take bookings down with it. The owner hears once a day per policy when one refuses (stored on both).
import crypto from "node:crypto";
import { RateLimiterDrizzle, RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { getEnv } from "~/lib/env.server";
import {
  parseLimit,
  rateLimitPolicies,
  rateLimitVariable,
  type Limit,
  type RateLimitKey,
  type RateLimitName,
  type RateLimitPolicy,
} from "~/lib/rate-limit-policies";
import { ruleFor } from "~/lib/route-access";
import { NO_STORE } from "~/lib/cache-headers";
import { databaseKind, getDb, type Database } from "./db/client.server";
import { rateLimitCounters } from "./db/schema";
import { deliverNow, enqueueEmail } from "./email/outbox.server";
import { RATE_LIMIT_NOTICE_KIND, rateLimitNoticeEmail } from "./email/rate-limit-notice.server";
import { logger } from "./logger.server";
import { countRateLimitRefusal } from "./metrics/registry.server";

/** The owner hears about a refusing policy at most once in this window. */
const NOTICE_WINDOW_SECONDS = 24 * 60 * 60;

export type RateLimitRefusal = {
  policy: RateLimitName;
  key: RateLimitKey;
  retryAfterSeconds: number;
  /** For the visitor: "Too many booking requests from your network address. Please try again in 12 minutes." */
  message: string;
};

/** The limit of `policy` for `key`: its environment variable, else the policy's default. */
export function limitOf(policy: RateLimitName, key: RateLimitKey): Limit | undefined {
  const defaults: Partial<Record<RateLimitKey, string>> = rateLimitPolicies[policy].limits;
  const setting = defaults[key];
  if (setting === undefined) return undefined;
  return getEnv()[rateLimitVariable(policy, key)] ?? parseLimit(setting);
}

// One limiter per database, policy, key and setting; the first of a database also clears expired
// counters now and then (rate-limiter-flexible's timer, unref'd).
const limiters = new WeakMap<Database, Map<string, RateLimiterDrizzle>>();
// Policies counted in memory (storeOf): one memory limiter per policy, key and setting.
const instanceLimiters = new Map<string, RateLimiterMemory>();

type Store = "memory" | "table";

/**
 * Where `policy` counts: in this instance's memory for the policies marked `counted: "instance"`
 * (decision 022), and for every policy on PGlite, which one process only can open (decision 023);
 * else in the shared table.
 */
function storeOf(policy: RateLimitName): Store {
  const counted: RateLimitPolicy["counted"] = (rateLimitPolicies[policy] as RateLimitPolicy).counted;
  return counted === "instance" || databaseKind(getDb()) === "pglite" ? "memory" : "table";
}

function limiterFor(keyPrefix: string, limit: Limit, store: Store): RateLimiterAbstract {
  if (store === "memory") {
    const id = `${keyPrefix}:${limit.points}/${limit.seconds}`;
    let limiter = instanceLimiters.get(id);
    if (!limiter) instanceLimiters.set(id, (limiter = new RateLimiterMemory({ keyPrefix, points: limit.points, duration: limit.seconds })));
    return limiter;
  }
  const db = getDb();
  let ofDb = limiters.get(db);
  if (!ofDb) limiters.set(db, (ofDb = new Map()));
  const id = `${keyPrefix}:${limit.points}/${limit.seconds}`;
  let limiter = ofDb.get(id);
  if (!limiter) {
    limiter = new RateLimiterDrizzle({
      storeClient: db,
      schema: rateLimitCounters,
      keyPrefix,
      points: limit.points,
      duration: limit.seconds,
      clearExpiredByTimeout: ofDb.size === 0,
    });
    ofDb.set(id, limiter);
  }
  return limiter;
}

/** Forgets the counts kept in this instance's memory (tests: each starts with its own limits). */
export function forgetCountsInMemory() {
  instanceLimiters.clear();
}

/** Addresses are counted, not kept: the stored key is a hash of the normalised address. */
function hashed(key: RateLimitKey, value: string) {
  const normalised = key === "email" ? value.trim().toLowerCase() : value;
  return crypto.createHash("sha256").update(normalised).digest("base64url").slice(0, 32);
}

function waitText(seconds: number) {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 90) return `${minutes} minutes`;
  return `${Math.ceil(minutes / 60)} hours`;
}

function refusalMessage(policy: RateLimitName, key: RateLimitKey, retryAfterSeconds: number) {
  const from = key === "email" ? "for this e-mail address" : "from your network address";
  return `Too many ${rateLimitPolicies[policy].what} ${from}. Please try again in ${waitText(retryAfterSeconds)}.`;
}

type Counted = { key: RateLimitKey; refusedForMs?: number };

async function count(policy: RateLimitName, key: RateLimitKey, value: string, limit: Limit): Promise<Counted> {
  try {
    await limiterFor(`${policy}:${key}`, limit, storeOf(policy)).consume(hashed(key, value));
    return { key };
  } catch (outcome) {
    if (outcome instanceof RateLimiterRes) return { key, refusedForMs: outcome.msBeforeNext };
    // Fails open: the store's error is logged and the request goes on.
    logger.error({ err: outcome, policy, key }, "rate limiter: the store failed; the request is let through");
    return { key };
  }
}

export type RateLimitKeys = Partial<Record<RateLimitKey, string | null | undefined>>;

/**
 * Counts one request against `policy`, per key given (the client's address, the e-mail address); a
 * key without a value, or without a limit in the policy, is not counted. Null when the request may
 * go on, else the refusal (the longest wait of the keys that refused).
 */
async function countAgainst(policy: RateLimitName, keys: RateLimitKeys): Promise<RateLimitRefusal | null> {
  const counted = await Promise.all(
    (Object.keys(keys) as RateLimitKey[]).flatMap((key) => {
      const value = keys[key];
      const limit = limitOf(policy, key);
      return value && limit ? [count(policy, key, value, limit)] : [];
    }),
  );
  const refused = counted
    .filter((entry) => entry.refusedForMs !== undefined)
    .sort((a, b) => b.refusedForMs! - a.refusedForMs!)[0];
  if (!refused) return null;
  countRateLimitRefusal(policy);
  const retryAfterSeconds = Math.max(1, Math.ceil(refused.refusedForMs! / 1000));
  notifyOwnerOnce(policy, refused.key);
  return { policy, key: refused.key, retryAfterSeconds, message: refusalMessage(policy, refused.key, retryAfterSeconds) };
}

/**
 * Counts a request against the policy the route table gives the route that serves it (`request`,
 * or the path of a request answered outside React Router: a partner link). The route supplies only
 * its keys. A path whose route names no policy is not counted, and logged: the route table is
 * missing the limit its action expects.
 */
export async function rateLimitRequest(request: Request | string, keys: RateLimitKeys): Promise<RateLimitRefusal | null> {
  const path = typeof request === "string" ? request : new URL(request.url).pathname;
  const { pattern, rule } = ruleFor(path);
  if (!rule.rateLimit) {
    logger.error({ route: pattern }, "rate limiter: the route table names no rate limit for this route; not counted");
    return null;
  }
  return countAgainst(rule.rateLimit, keys);
}

const noticesInFlight = new Set<Promise<void>>();

/**
 * Tells the owner that `policy` started refusing, once per NOTICE_WINDOW_SECONDS across every
 * instance: the dedupe is a limiter of one point in the same table. Never holds up the answer.
 */
function notifyOwnerOnce(policy: RateLimitName, key: RateLimitKey) {
  const task = (async () => {
    try {
      await limiterFor("notice", { points: 1, seconds: NOTICE_WINDOW_SECONDS }, "table").consume(policy);
    } catch (outcome) {
      if (!(outcome instanceof RateLimiterRes)) logger.error({ err: outcome, policy }, "rate limiter: notice dedupe failed");
      return;
    }
    const env = getEnv();
    const limit = limitOf(policy, key)!;
    const message = rateLimitNoticeEmail({ policy, key, limit, variable: rateLimitVariable(policy, key) });
    const { id } = await enqueueEmail({ kind: RATE_LIMIT_NOTICE_KIND, to: env.OWNER_EMAIL, ...message });
    const delivery = await deliverNow(id);
    if (!delivery.ok) logger.warn({ outboxId: id, error: delivery.error }, "rate limit notice: first delivery failed; the outbox retries");
  })()
    .catch((error: unknown) => logger.error({ err: error, policy }, "rate limit notice could not be queued"))
    .finally(() => noticesInFlight.delete(task));
  noticesInFlight.add(task);
}

/** Resolves once every owner notice started so far is queued (tests; shutdown). */
export async function rateLimitNoticesQueued(): Promise<void> {
  await Promise.all([...noticesInFlight]);
}

/** The headers of a refusal: Retry-After, and never cached. */
export function refusalHeaders(refusal: RateLimitRefusal) {
  return { ...NO_STORE, "Retry-After": String(refusal.retryAfterSeconds) };
}
