// `npm run lighthouse`: Lighthouse (mobile, simulated throttling) against the production build in
// the system Chromium. Each page is measured LIGHTHOUSE_RUNS times (default 5) as it is, and as
// many times with every script blocked; the run with the median performance score is printed
// (performance, accessibility, best practices, SEO, LCP, TBT, CLS, JavaScript transferred) with
// the range of scores and LCPs, the blocked median and the difference, against DESIGN.md section
// 8's budgets. A content page (one without React's scripts, decision 040) must score within 3
// points of itself without scripts: the fair goal on any host (100 on a quiet one). Exits non-zero
// when a page's median run misses a budget. LIGHTHOUSE_PAGES (comma-separated paths),
// LIGHTHOUSE_RUNS and LIGHTHOUSE_REPORTS (keep the JSON reports there) tune it.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { cachedSitemapPaths } from "../app/lib/route-access";
import { tempDir } from "./support/databases";
import { SEEDED_POST_PATH, writeSeedPosts } from "./support/seed-posts";
import { startServerProcess, stopServerProcess } from "./support/server-process";

// By default the cached pages of the route table's sitemap (marketing pages, /booking, /blog) and a
// seed post: the pages DESIGN.md section 8 names.
const pages = process.env.LIGHTHOUSE_PAGES?.split(",") ?? [...cachedSitemapPaths, SEEDED_POST_PATH, "/payment-success", "/payment-canceled"];
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`LIGHTHOUSE_RUNS must be a positive integer (got "${process.env.LIGHTHOUSE_RUNS}")`);
// A directory to keep every run's full JSON report in (to see, say, which element was the LCP).
const reportDir = process.env.LIGHTHOUSE_REPORTS;
const chromePath =
  process.env.CHROMIUM_PATH ?? ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => fs.existsSync(p));

const budgets = { performance: 98, accessibility: 100, "best practices": 100, seo: 100, "LCP ms": 1800, "points for scripts": 3 };

/** One Lighthouse run; a run Lighthouse could not finish (a busy machine, say) is repeated twice at most. */
async function measure(url: string, port: number, { blockScripts = false } = {}) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: blockScripts ? ["performance"] : ["performance", "accessibility", "best-practices", "seo"],
      ...(blockScripts ? { blockedUrlPatterns: ["*.js"] } : {}),
    });
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    const error = result.lhr.runtimeError;
    if (!error) return result.lhr;
    if (attempt === 3) throw new Error(`Lighthouse could not measure ${url}: ${error.code} ${error.message}`);
    console.log(`Lighthouse could not finish a run of ${url} (${error.code}); running it again.`);
  }
}

async function main() {
  console.log("Building the production bundle…");
  execFileSync("npx", ["react-router", "build"], { stdio: "ignore" });
  const dataDir = tempDir("site-lighthouse-");
  await writeSeedPosts(dataDir);
  const server = await startServerProcess({ DATA_DIR: dataDir, LOG_LEVEL: "warn" });
  if (server.child.exitCode !== null) throw new Error(`server did not start:\n${server.output()}`);
  // Measure a warm server, as visitors meet it: the first request renders the page cache. A page
  // whose HTML carries no React Router context is a content page (decision 040).
  const contentPages = new Set<string>();
  // A page kept out of search engines on purpose (the payment results) loses Lighthouse's
  // is-crawlable audit: its SEO score is printed, not held to the budget.
  const noIndexPages = new Set<string>();
  for (const page of pages) {
    const html = await (await fetch(`${server.url}${page}`)).text();
    if (!html.includes("__reactRouterContext")) contentPages.add(page);
    if (/<meta name="robots" content="noindex/.test(html)) noIndexPages.add(page);
  }
  const cpus = os.cpus();
  console.log(`Host: ${cpus[0]?.model ?? "unknown CPU"}, ${cpus.length} cores, load average ${os.loadavg().map((load) => load.toFixed(1)).join(" ")}`);
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  type Row = { page: string; performance: number; accessibility: number; "best practices": number; seo: number; "LCP ms": number; "TBT ms": number; CLS: number; "JS KB transferred": number };
  const rows: Array<Row & { "performance range": string; "LCP range ms": string; "no scripts": number; difference: number }> = [];
  let failed = false;
  try {
    for (const page of pages) {
      const measured: Array<{ row: Row; failing: string[] }> = [];
      for (let run = 0; run < runs; run++) {
        const lhr = await measure(`${server.url}${page}`, chrome.port);
        const { categories, audits } = lhr;
        if (reportDir) {
          fs.mkdirSync(reportDir, { recursive: true });
          fs.writeFileSync(`${reportDir}/${page.replace(/\W+/g, "_") || "_"}-${run + 1}.json`, JSON.stringify(lhr));
        }
        const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
        const scripts = (audits["network-requests"]?.details as { items?: Array<{ resourceType?: string; transferSize?: number }> })
          ?.items?.filter((item) => item.resourceType === "Script")
          .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
        measured.push({
          row: {
            page,
            performance: score("performance"),
            accessibility: score("accessibility"),
            "best practices": score("best-practices"),
            seo: score("seo"),
            "LCP ms": Math.round(audits["largest-contentful-paint"]?.numericValue ?? 0),
            "TBT ms": Math.round(audits["total-blocking-time"]?.numericValue ?? 0),
            CLS: Number((audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)),
            "JS KB transferred": Math.round((scripts ?? 0) / 1024),
          },
          failing: Object.values(audits)
            .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== "informative")
            .map((audit) => `  - ${audit.id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ""}`),
        });
      }
      // The same page with every script blocked, in the same minutes: what the scripts cost.
      const blocked: number[] = [];
      for (let run = 0; run < runs; run++) {
        const lhr = await measure(`${server.url}${page}`, chrome.port, { blockScripts: true });
        blocked.push(Math.round((lhr.categories.performance?.score ?? 0) * 100));
      }
      blocked.sort((a, b) => a - b);
      const withoutScripts = blocked[Math.floor(blocked.length / 2)]!;
      measured.sort((a, b) => a.row.performance - b.row.performance || b.row["LCP ms"] - a.row["LCP ms"]);
      const { row, failing } = measured[Math.floor(measured.length / 2)]!;
      const range = (values: number[]) => `${Math.min(...values)}–${Math.max(...values)}`;
      rows.push({
        ...row,
        page: `${page}${contentPages.has(page) ? " (content)" : ""}${noIndexPages.has(page) ? " (noindex)" : ""}`,
        "performance range": range(measured.map((m) => m.row.performance)),
        "no scripts": withoutScripts,
        difference: withoutScripts - row.performance,
        "LCP range ms": range(measured.map((m) => m.row["LCP ms"])),
      });
      console.log(`${rows.at(-1)!.page}: ${row.performance} with scripts, ${withoutScripts} without, LCP ${row["LCP ms"]} ms, JS ${row["JS KB transferred"]} KB`);
      const missed =
        (contentPages.has(page) ? withoutScripts - row.performance > budgets["points for scripts"] : row.performance < budgets.performance) ||
        row.accessibility < budgets.accessibility ||
        row["best practices"] < budgets["best practices"] ||
        (row.seo < budgets.seo && !noIndexPages.has(page)) ||
        row["LCP ms"] > budgets["LCP ms"];
      if (missed) {
        failed = true;
        console.log(`\n${page} is below budget; audits to look at:\n${failing.join("\n")}`);
      }
    }
  } finally {
    await chrome.kill();
    await stopServerProcess(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`\nLighthouse, mobile (simulated throttling), production build; the median of ${runs} runs per page, with and without scripts:`);
  console.table(rows);
  console.log(
    `Budgets: performance >= ${budgets.performance} (a content page: within ${budgets["points for scripts"]} points of itself without scripts), ` +
      `accessibility ${budgets.accessibility}, best practices ${budgets["best practices"]}, SEO ${budgets.seo}, LCP <= ${budgets["LCP ms"]} ms; ` +
      `JS to start a content page <= 5 KB and an app <= 135 KB gzipped (npm run bench measures it).`,
  );
  if (failed) process.exitCode = 1;
}

await main();
