// /metrics: Prometheus' text format as a parser reads it (parse-prometheus-text-format), the
// database's figures read at scrape time, requests counted by route pattern (cached pages in
// memory only), and who may read it: the bearer token, else this machine's own clients.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import express from "express";
import parsePrometheusTextFormat, { type MetricFamily } from "parse-prometheus-text-format";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, jobs } from "#server/db/schema";
import { enqueueEmail } from "#server/email/outbox.server";
import { enqueueJob } from "#server/jobs/jobs.server";
import { countedRequests, metricsAccess, metricsEndpoint } from "#server/metrics/http.server";
import { countRateLimitRefusal } from "#server/metrics/registry.server";
import { testDatabases, type TestDatabase } from "../support/databases";

const TOKEN = "metrics-token-0123456789";

/** Serves `listener` on the loopback for the duration of `use`. */
async function serving<T>(listener: http.RequestListener, use: (url: string) => Promise<T>): Promise<T> {
  const server = http.createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    return await use(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

function appWith(token: string | undefined) {
  const app = express();
  app.get("/metrics", metricsEndpoint({ METRICS_TOKEN: token }));
  app.use((_req, res) => void res.status(404).send("not found"));
  return app;
}

function family(families: MetricFamily[], name: string) {
  const found = families.find((entry) => entry.name === name);
  if (!found) throw new Error(`no metric ${name} in the scrape`);
  return found;
}

function value(families: MetricFamily[], name: string, labels: Record<string, string> = {}): number | undefined {
  const sample = (family(families, name).metrics as Array<{ value: string; labels?: Record<string, string> }>).find((metric) =>
    Object.entries(labels).every(([key, wanted]) => metric.labels?.[key] === wanted),
  );
  return sample === undefined ? undefined : Number(sample.value);
}

describe("who may read /metrics", () => {
  it("with a token set, asks for it as a bearer token: missing, wrong or in another scheme is 401", () => {
    expect(metricsAccess({ forwarded: false, remoteAddress: "127.0.0.1" }, TOKEN)).toBe("token-needed");
    expect(metricsAccess({ authorization: `Bearer ${TOKEN}x`, forwarded: false, remoteAddress: "127.0.0.1" }, TOKEN)).toBe("token-needed");
    expect(metricsAccess({ authorization: `Basic ${TOKEN}`, forwarded: false }, TOKEN)).toBe("token-needed");
    expect(metricsAccess({ authorization: `Bearer ${TOKEN}`, forwarded: true, remoteAddress: "203.0.113.9" }, TOKEN)).toBe("allowed");
    expect(metricsAccess({ authorization: `bearer ${TOKEN}`, forwarded: false, remoteAddress: "203.0.113.9" }, TOKEN)).toBe("allowed");
  });

  it("without a token, answers loopback clients no proxy forwarded", () => {
    for (const address of ["127.0.0.1", "127.1.2.3", "::1", "::ffff:127.0.0.1"]) {
      expect(metricsAccess({ forwarded: false, remoteAddress: address }, undefined)).toBe("allowed");
    }
    for (const address of ["203.0.113.9", "10.0.0.2", "::ffff:192.168.1.4", "fe80::1", undefined]) {
      expect(metricsAccess({ forwarded: false, remoteAddress: address }, undefined)).toBe("not-local");
    }
    // A proxy on this machine connects from the loopback for anyone on the internet.
    expect(metricsAccess({ forwarded: true, remoteAddress: "127.0.0.1" }, undefined)).toBe("not-local");
  });

  it("answers 401 with a Bearer challenge, and 403 to a forwarded request, over HTTP", async () => {
    await serving(appWith(TOKEN), async (url) => {
      const refused = await fetch(`${url}/metrics`);
      expect(refused.status).toBe(401);
      expect(refused.headers.get("www-authenticate")).toMatch(/^Bearer /);
      expect(await refused.text()).not.toContain("http_requests_total");
      const wrong = await fetch(`${url}/metrics`, { headers: { authorization: "Bearer not-the-token-at-all" } });
      expect(wrong.status).toBe(401);
    });
    await serving(appWith(undefined), async (url) => {
      const forwarded = await fetch(`${url}/metrics`, { headers: { "x-forwarded-for": "203.0.113.9" } });
      expect(forwarded.status).toBe(403);
      expect(await forwarded.text()).not.toContain("http_requests_total");
    });
  });
});

describe.each(testDatabases.map((d) => [d.name, d] as const))("/metrics on %s", (name, database) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await database.open();
  });
  afterAll(async () => {
    await db.close();
  });

  async function scrape(headers: Record<string, string> = {}, token: string | undefined = undefined) {
    return serving(appWith(token), async (url) => {
      const response = await fetch(`${url}/metrics`, { headers });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(response.headers.get("cache-control")).toMatch(/no-store/);
      const text = await response.text();
      // Throws on a line outside the format.
      return Object.assign(parsePrometheusTextFormat(text), { text });
    });
  }

  it("reads the outbox, the jobs and the database at scrape time", async () => {
    await db.db.delete(emailOutbox);
    await db.db.delete(jobs);
    const queuedAt = new Date(Date.now() - 2 * 60 * 60_000);
    for (let i = 0; i < 3; i++) {
      const { id } = await enqueueEmail({ kind: "test", to: `a${i}@example.com`, subject: "s", html: "<p>h</p>", text: "h" }, db.db);
      await db.db.execute(sql`update email_outbox set created_at = ${queuedAt.toISOString()}, next_attempt_at = ${queuedAt.toISOString()} where id = ${id}`);
    }
    // A reminder for next week waits, but is not late.
    await enqueueEmail({ kind: "test", to: "later@example.com", subject: "s", html: "<p>h</p>", text: "h", sendAt: new Date(Date.now() + 7 * 24 * 60 * 60_000) }, db.db);
    const { id: dead } = await enqueueEmail({ kind: "test", to: "dead@example.com", subject: "s", html: "<p>h</p>", text: "h" }, db.db);
    await db.db.execute(sql`update email_outbox set status = 'dead' where id = ${dead}`);
    await enqueueJob("test:one", { key: "a" }, db.db);
    await enqueueJob("test:two", { key: "b" }, db.db);
    await db.db.execute(sql`update jobs set status = 'failed', last_error = 'boom', finished_at = now() where name = 'test:two'`);

    const families = await scrape();
    expect(value(families, "email_outbox_pending")).toBe(4);
    expect(value(families, "email_outbox_due")).toBe(3);
    expect(value(families, "email_outbox_failed")).toBe(1);
    const age = value(families, "email_outbox_oldest_pending_age_seconds")!;
    expect(age).toBeGreaterThanOrEqual(2 * 60 * 60 - 5);
    expect(age).toBeLessThan(3 * 60 * 60);
    expect(value(families, "jobs_queued")).toBe(1);
    expect(value(families, "jobs_failed")).toBe(1);
    expect(value(families, "jobs_running")).toBe(0);
    expect(value(families, "database_up")).toBe(1);
    expect(value(families, "database_info", { kind: name })).toBe(1);
    expect(value(families, "database_size_bytes")).toBeGreaterThan(1_000_000);
    // prom-client's process metrics: memory and the event loop's lag.
    expect(value(families, "process_resident_memory_bytes")).toBeGreaterThan(0);
    expect(family(families, "nodejs_eventloop_lag_seconds").type).toBe("GAUGE");

    // Read again at the next scrape, not kept from the first.
    await db.db.execute(sql`update email_outbox set status = 'sent' where status = 'pending' and to_address <> 'later@example.com'`);
    const later = await scrape();
    expect(value(later, "email_outbox_pending")).toBe(1);
    expect(value(later, "email_outbox_due")).toBe(0);
    expect(value(later, "email_outbox_oldest_pending_age_seconds")).toBe(0);
  });

  it("answers with the token from anywhere it is given", async () => {
    const families = await scrape({ authorization: `Bearer ${TOKEN}`, "x-forwarded-for": "203.0.113.9" }, TOKEN);
    expect(value(families, "database_up")).toBe(1);
  });

  it("counts requests by route pattern and status: cached pages in memory, the rest timed, and rate-limit refusals", async () => {
    const before = await scrape();
    const count = (families: MetricFamily[], labels: Record<string, string>) => value(families, "http_requests_total", labels) ?? 0;
    const hits = (families: MetricFamily[], route: string) => value(families, "page_cache_hits_total", { route }) ?? 0;
    // The parser folds a labelled histogram's series into one (it reads unlabelled ones only): its
    // type comes from the parser, its per-route count from the text.
    const histogramCount = (families: MetricFamily[] & { text: string }, route: string) => {
      expect(family(families, "http_request_duration_seconds").type).toBe("HISTOGRAM");
      const line = families.text.split("\n").find((entry) => entry.startsWith(`http_request_duration_seconds_count{route="${route}",method="GET",status="200"}`));
      return line ? Number(line.split(" ").at(-1)) : 0;
    };
    // A stand-in fast path: the blog's posts "cached" (answered at once), everything else to the app.
    const fastPath = (app: http.RequestListener): http.RequestListener => (req, res) => {
      if (req.url!.startsWith("/blog/")) return void res.writeHead(200).end("cached");
      app(req, res);
    };
    const app: http.RequestListener = (req, res) => void res.writeHead(req.url === "/booking" ? 200 : 404).end("app");
    await serving(countedRequests(app, fastPath), async (url) => {
      for (const path of ["/blog/first-post", "/blog/second-post?utm_source=x", "/blog/first-post", "/booking", "/no-such-page"]) {
        await (await fetch(`${url}${path}`)).text();
      }
    });
    countRateLimitRefusal("booking");
    const after = await scrape();
    expect(count(after, { route: "/blog/:slug", method: "GET", status: "200" }) - count(before, { route: "/blog/:slug", method: "GET", status: "200" })).toBe(3);
    expect(hits(after, "/blog/:slug") - hits(before, "/blog/:slug")).toBe(3);
    expect(count(after, { route: "/booking", method: "GET", status: "200" }) - count(before, { route: "/booking", method: "GET", status: "200" })).toBe(1);
    expect(count(after, { route: "/*", method: "GET", status: "404" }) - count(before, { route: "/*", method: "GET", status: "404" })).toBe(1);
    // Timed: the app's answers; the cached pages are not.
    expect(histogramCount(after, "/booking") - histogramCount(before, "/booking")).toBe(1);
    expect(histogramCount(after, "/blog/:slug")).toBe(0);
    expect((value(after, "rate_limit_refusals_total", { policy: "booking" }) ?? 0) - (value(before, "rate_limit_refusals_total", { policy: "booking" }) ?? 0)).toBe(1);
  });
});
