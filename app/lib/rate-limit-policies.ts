// Every rate limit of the site, in one place: what it counts, per which key (the client's address
// as the trusted proxy reports it, the e-mail address a form gives), how many in what window, and
// the environment variable that changes it. A route names its policy in the route table
// (app/lib/route-access.ts); routes that name one policy share its counts (the affiliate application
// and the dashboard's quick apply). server/rate-limits.server.ts counts.
import { z } from "./zod";

export type RateLimitKey = "client" | "email";

/** "20/1h": at most 20 within any window of an hour (s, m, h or d). */
export type LimitSetting = `${number}/${number}${"s" | "m" | "h" | "d"}`;

export type RateLimitPolicy = {
  /** What the visitor did too often, for the message: "Too many booking requests …". */
  what: string;
  /** Its environment variables' middle part: RATE_LIMIT_<env>_PER_CLIENT, …_PER_EMAIL. */
  env: string;
  limits: Partial<Record<RateLimitKey, LimitSetting>>;
  /**
   * "instance": counted in each instance's memory instead of the shared table, for reports that
   * come with every page or link and protect only figures (page views, link clicks): a database
   * write per request cost more than the report itself. N instances let a client through N times.
   * (On PGlite every policy counts in memory: one process, nothing to share. Decision 023.)
   */
  counted?: "instance";
};

export const rateLimitPolicies = {
  booking: { what: "booking requests", env: "BOOKING", limits: { client: "20/1h", email: "5/1d" } },
  // Opening the cancel page and posting its form both count: each is a guess at a token.
  "booking-cancel": { what: "cancellation requests", env: "BOOKING_CANCEL", limits: { client: "30/1h" } },
  // The same for the reschedule page: opening it, asking for a date's times and moving all count.
  "booking-reschedule": { what: "reschedule requests", env: "BOOKING_RESCHEDULE", limits: { client: "30/1h" } },
  newsletter: { what: "newsletter sign-ups", env: "NEWSLETTER", limits: { client: "10/1h", email: "3/1d" } },
  "affiliate-application": {
    what: "affiliate applications",
    env: "AFFILIATE_APPLICATION",
    limits: { client: "5/1h", email: "3/1d" },
  },
  "affiliate-click": { what: "link clicks", env: "AFFILIATE_CLICK", limits: { client: "60/1m" }, counted: "instance" },
  checkout: { what: "checkout attempts", env: "CHECKOUT", limits: { client: "10/10m", email: "10/1h" } },
  "analytics-beacon": { what: "page-view reports", env: "ANALYTICS_BEACON", limits: { client: "120/1m" }, counted: "instance" },
} as const satisfies Record<string, RateLimitPolicy>;

export type RateLimitName = keyof typeof rateLimitPolicies;

type PolicyOf<Name extends RateLimitName> = (typeof rateLimitPolicies)[Name];
/** RATE_LIMIT_BOOKING_PER_CLIENT and the rest, one per policy and key. */
export type RateLimitVariable = {
  [Name in RateLimitName]: `RATE_LIMIT_${PolicyOf<Name>["env"]}_PER_${Uppercase<keyof PolicyOf<Name>["limits"] & string>}`;
}[RateLimitName];

export function rateLimitVariable(name: RateLimitName, key: RateLimitKey) {
  return `RATE_LIMIT_${rateLimitPolicies[name].env}_PER_${key.toUpperCase()}` as RateLimitVariable;
}

export type Limit = { points: number; seconds: number };

const UNIT_SECONDS = { s: 1, m: 60, h: 3600, d: 86_400 } as const;

export function parseLimit(setting: string): Limit | undefined {
  const match = /^\s*(\d+)\s*\/\s*(\d*)\s*([smhd])\s*$/.exec(setting);
  if (!match) return undefined;
  const points = Number(match[1]);
  const seconds = Number(match[2] || 1) * UNIT_SECONDS[match[3] as keyof typeof UNIT_SECONDS];
  return points >= 1 && seconds >= 1 ? { points, seconds } : undefined;
}

const limitSchema = z
  .string()
  .transform((value, ctx) => {
    const limit = parseLimit(value);
    if (!limit) ctx.addIssue({ code: "custom", message: "must be a number of requests per time, like 20/1h (s, m, h or d)" });
    return limit ?? z.NEVER;
  })
  .optional();

/** The environment's rate-limit variables, for app/lib/env.server.ts. */
export const rateLimitEnvShape = Object.fromEntries(
  (Object.keys(rateLimitPolicies) as RateLimitName[]).flatMap((name) =>
    (Object.keys(rateLimitPolicies[name].limits) as RateLimitKey[]).map((key) => [rateLimitVariable(name, key), limitSchema]),
  ),
) as Record<RateLimitVariable, typeof limitSchema>;

/** A limit written as its setting: { points: 20, seconds: 3600 } → "20/1h". */
export function limitSetting(limit: Limit): LimitSetting {
  const [unit, size] = (Object.entries(UNIT_SECONDS) as Array<[keyof typeof UNIT_SECONDS, number]>)
    .reverse()
    .find(([, seconds]) => limit.seconds % seconds === 0)!;
  return `${limit.points}/${limit.seconds / size}${unit}`;
}
