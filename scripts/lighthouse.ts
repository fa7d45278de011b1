// `npm run lighthouse`: Lighthouse (mobile, simulated throttling) against the production build in
// the system Chromium. Prints performance, accessibility, best practices and SEO for each page and
// the JavaScript transferred on /, against DESIGN.md section 8's budgets.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { tempDir } from "../tests/support/databases";
import { startServerProcess, stopServerProcess } from "../tests/support/server-process";

const pages = (process.env.LIGHTHOUSE_PAGES ?? "/,/bootcamp").split(",");
const chromePath =
  process.env.CHROMIUM_PATH ?? ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => fs.existsSync(p));

const budgets = { performance: 95, accessibility: 95, seo: 100 };

async function main() {
  console.log("Building the production bundle…");
  execFileSync("npx", ["react-router", "build"], { stdio: "ignore" });
  const dataDir = tempDir("site-lighthouse-");
  const server = await startServerProcess({ DATA_DIR: dataDir, LOG_LEVEL: "warn" });
  if (server.child.exitCode !== null) throw new Error(`server did not start:\n${server.output()}`);
  // Measure a warm server, as visitors meet it: the first request renders the page cache.
  for (const page of pages) await (await fetch(`${server.url}${page}`)).text();
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
  const rows: Array<Record<string, string | number>> = [];
  let failed = false;
  try {
    for (const page of pages) {
      const result = await lighthouse(`${server.url}${page}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      });
      if (!result) throw new Error(`no Lighthouse result for ${page}`);
      const { categories, audits } = result.lhr;
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      const scripts = (audits["network-requests"]?.details as { items?: Array<{ resourceType?: string; transferSize?: number }> })
        ?.items?.filter((item) => item.resourceType === "Script")
        .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
      const row = {
        page,
        performance: score("performance"),
        accessibility: score("accessibility"),
        "best practices": score("best-practices"),
        seo: score("seo"),
        "LCP ms": Math.round(audits["largest-contentful-paint"]?.numericValue ?? 0),
        "TBT ms": Math.round(audits["total-blocking-time"]?.numericValue ?? 0),
        CLS: Number((audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)),
        "JS KB (gzip)": Math.round((scripts ?? 0) / 1024),
      };
      rows.push(row);
      if (row.performance < budgets.performance || row.accessibility < budgets.accessibility || row.seo < budgets.seo) {
        failed = true;
        const failing = Object.values(audits)
          .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== "informative")
          .map((audit) => `  - ${audit.id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ""}`);
        console.log(`\n${page} is below budget; audits to look at:\n${failing.join("\n")}`);
      }
    }
  } finally {
    await chrome.kill();
    await stopServerProcess(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log("\nLighthouse, mobile (simulated throttling), production build:");
  console.table(rows);
  console.log(`Budgets: performance >= ${budgets.performance}, accessibility >= ${budgets.accessibility}, SEO = ${budgets.seo}, JS on / <= 135 KB gzipped.`);
  if (failed) process.exitCode = 1;
}

await main();
