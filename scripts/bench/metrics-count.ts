// npx tsx scripts/bench/metrics-count.ts
//
// What /metrics costs a cached page: the counting server/app.ts wraps around the fast path
// (countedRequests, a cached answer counted in memory) measured by itself, in process, as ns per
// request, against the cached page's whole CPU per request that `npm run bench` prints (about
// 16 µs; BENCH_PAGE_CPU_US to give another). The same stand-in fast path, which answers at once,
// is called with and without the counting around it, in alternating rounds; the difference is the
// counting's own cost (the goal: within 5 % of the page's CPU).
import type http from "node:http";
import { median, setting } from "./harness";
import { countedRequests } from "#server/metrics/http.server";

const CALLS = setting("BENCH_COUNT_CALLS", 1_000_000);
const ROUNDS = setting("BENCH_COUNT_ROUNDS", 15);
const PAGE_CPU_US = setting("BENCH_PAGE_CPU_US", 16);

// Cached pages as a crawler or visitors ask for them: a few paths, some with a query.
const urls = ["/", "/about", "/services", "/blog", "/blog/a-first-post", "/blog/tooling-notes", "/contact", "/booking", "/?utm_source=news", "/blog?page=2"];
const requests = urls.map((url) => ({ url, method: "GET" }) as http.IncomingMessage);
type Answer = { writableEnded: boolean; statusCode: number };

const notCalled: http.RequestListener = () => {
  throw new Error("the stand-in fast path answers every request itself");
};
/** The fast path's part that matters here: the page is sent at once, from memory. */
const fastPath = (): http.RequestListener => (_req, res) => {
  (res as unknown as Answer).statusCode = 200;
  (res as unknown as Answer).writableEnded = true;
};
const bare = fastPath();
const counted = countedRequests(notCalled, fastPath);

function nsPerRequest(listener: http.RequestListener) {
  const started = process.hrtime.bigint();
  for (let i = 0; i < CALLS; i++) listener(requests[i % requests.length]!, { writableEnded: false, statusCode: 0 } as unknown as http.ServerResponse);
  return Number(process.hrtime.bigint() - started) / CALLS;
}

// Warm-up (both compiled by the JIT), then alternating rounds.
nsPerRequest(bare);
nsPerRequest(counted);
const withoutCounting: number[] = [];
const withCounting: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  withoutCounting.push(nsPerRequest(bare));
  withCounting.push(nsPerRequest(counted));
}
const cost = median(withCounting.map((ns, i) => ns - withoutCounting[i]!));
console.log(`Counting a cached page for /metrics (median of ${ROUNDS} rounds of ${CALLS.toLocaleString("en")} requests, node ${process.version}):`);
console.log(`  the stand-in fast path alone ${median(withoutCounting).toFixed(0)} ns, counted ${median(withCounting).toFixed(0)} ns per request`);
console.log(`  the counting: ${cost.toFixed(0)} ns per request = ${((cost / (PAGE_CPU_US * 1000)) * 100).toFixed(2)} % of a cached page's ${PAGE_CPU_US} µs CPU (goal <= 5 %)`);
