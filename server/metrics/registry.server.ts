// The site's Prometheus metrics (prom-client), served at /metrics (http.server.ts). Requests are
// counted in plain in-process maps and handed to prom-client at scrape time, so a cached page pays
// a map increment, not a label lookup (DESIGN.md section 8: within 5 % of the cached pages' rate).
// What the database knows (outbox, jobs, size) is read by the collectors at scrape time too.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { RateLimitName } from "~/lib/rate-limit-policies";
import { ruleFor } from "~/lib/route-access";
import { getDb } from "#server/db/client.server";
import { logger } from "#server/logger.server";
import { databaseFacts, jobFacts, outboxFacts, type DatabaseFacts, type JobFacts, type OutboxFacts } from "./facts.server";

export const registry = new Registry();
// Memory, CPU, heap, handles and event-loop lag (nodejs_eventloop_lag_*).
collectDefaultMetrics({ register: registry });

/** `${route}\t${method}\t${status}` → requests, for requests the app answered (the route already resolved). */
const byRoute = new Map<string, number>();
/** `${path}\t${method}\t${status}` → requests the page cache answered from memory; the path becomes its route at scrape time. */
const cachedByPath = new Map<string, number>();
const refusals = new Map<RateLimitName, number>();

function add(counts: Map<string, number>, key: string) {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

/** A page the cache answered from memory: the cheapest count there is (the fast path's budget). */
export function countCachedAnswer(path: string, method: string, status: number) {
  add(cachedByPath, `${path}\t${method}\t${status}`);
}

const requestDuration = new Histogram({
  name: "http_request_duration_seconds",
  help: "Time to answer a request the app handled, by route pattern (pages answered by the page cache are counted in http_requests_total only).",
  labelNames: ["route", "method", "status"],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

/** A request the app answered (or a page rendered for the cache), with its time. */
export function countAnswer(route: string, method: string, status: string, seconds: number) {
  add(byRoute, `${route}\t${method}\t${status}`);
  requestDuration.observe({ route, method, status }, seconds);
}

export function countRateLimitRefusal(policy: RateLimitName) {
  refusals.set(policy, (refusals.get(policy) ?? 0) + 1);
}

new Counter({
  name: "http_requests_total",
  help: "Requests answered, by route pattern (app/lib/route-access.ts), method and status; aborted when the client went away first.",
  labelNames: ["route", "method", "status"],
  registers: [registry],
  collect() {
    this.reset();
    for (const [key, requests] of byRoute) {
      const [route, method, status] = key.split("\t");
      this.inc({ route, method, status }, requests);
    }
    for (const [key, requests] of cachedByPath) {
      const [path, method, status] = key.split("\t");
      this.inc({ route: ruleFor(path!).pattern, method, status }, requests);
    }
  },
});

new Counter({
  name: "page_cache_hits_total",
  help: "Pages answered from the page cache's memory (anonymous GET and HEAD), by route pattern.",
  labelNames: ["route"],
  registers: [registry],
  collect() {
    this.reset();
    for (const [key, requests] of cachedByPath) this.inc({ route: ruleFor(key.slice(0, key.indexOf("\t"))).pattern }, requests);
  },
});

new Counter({
  name: "rate_limit_refusals_total",
  help: "Requests a rate-limit policy refused (app/lib/rate-limit-policies.ts).",
  labelNames: ["policy"],
  registers: [registry],
  collect() {
    this.reset();
    for (const [policy, refused] of refusals) this.inc({ policy }, refused);
  },
});

type Facts = { outbox: OutboxFacts; jobs: JobFacts; database: DatabaseFacts } | null;

// One read of the database per scrape (metricsText starts it), shared by the gauges below; null
// when the database did not answer.
let facts: Promise<Facts> | undefined;

function readFacts(): Promise<Facts> {
  const db = getDb();
  return Promise.all([outboxFacts(db), jobFacts(db), databaseFacts(db)]).then(
    ([outbox, jobs, database]) => ({ outbox, jobs, database }),
    (error: unknown) => {
      logger.error({ err: error }, "metrics: the database did not answer");
      return null;
    },
  );
}

function factsOfThisScrape(): Promise<Facts> {
  return (facts ??= readFacts());
}

/** A gauge read from the database at scrape time; left out of the scrape when the database did not answer. */
function databaseGauge(name: string, help: string, value: (facts: NonNullable<Facts>) => number) {
  return new Gauge({
    name,
    help,
    registers: [registry],
    async collect() {
      this.reset();
      const known = await factsOfThisScrape();
      if (known) this.set(value(known));
    },
  });
}

new Gauge({
  name: "database_up",
  help: "1 when the database answered this scrape's queries, else 0.",
  registers: [registry],
  async collect() {
    this.set((await factsOfThisScrape()) ? 1 : 0);
  },
});
new Gauge({
  name: "database_info",
  help: "The database the site runs on: pglite (in DATA_DIR) or postgres (DATABASE_URL); the value is always 1.",
  labelNames: ["kind"],
  registers: [registry],
  async collect() {
    this.reset();
    const known = await factsOfThisScrape();
    if (known) this.set({ kind: known.database.kind }, 1);
  },
});
databaseGauge("database_size_bytes", "The database's size on disk (pg_database_size).", (known) => known.database.sizeBytes);
databaseGauge("email_outbox_pending", "E-mails waiting to be sent, reminders scheduled for later included.", (known) => known.outbox.pending);
databaseGauge("email_outbox_due", "E-mails due now or retrying after a failed attempt.", (known) => known.outbox.due);
databaseGauge("email_outbox_failed", "E-mails given up after the retry window (dead); they wait for a resend from /admin/emails.", (known) => known.outbox.failed);
databaseGauge(
  "email_outbox_oldest_pending_age_seconds",
  "How long ago the oldest e-mail that is due (or retrying) was queued; 0 when none is.",
  (known) => (known.outbox.oldestDueAt ? Math.max(0, (Date.now() - known.outbox.oldestDueAt.getTime()) / 1000) : 0),
);
databaseGauge("jobs_queued", "Background jobs waiting to run (due or not yet due), retries included.", (known) => known.jobs.queued);
databaseGauge("jobs_running", "Background jobs a runner holds now.", (known) => known.jobs.running);
databaseGauge("jobs_retrying", "Queued jobs whose last attempt failed.", (known) => known.jobs.retrying);
databaseGauge("jobs_failed", "Jobs that failed for good in the last week (finished jobs are kept a week).", (known) => known.jobs.failed);

/** The scrape: every metric in Prometheus' text format. */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  facts = readFacts();
  try {
    return { contentType: registry.contentType, body: await registry.metrics() };
  } finally {
    facts = undefined;
  }
}
