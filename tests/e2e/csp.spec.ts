import type { Page } from "@playwright/test";
import { READER_POST } from "./blog-data";
import { expect, gotoHydrated, test } from "./fixtures";

// Cached pages carry no nonce: their CSP names each inline script they ship by its hash
// (decision 007); content pages ship none (decision 040). Chromium must run the page's scripts and
// refuse any other inline script.

type Violation = { directive: string; blocked: string };

/** Records CSP violations from the first script on (init scripts are exempt from the page's CSP). */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: Array<{ directive: string; blocked: string }> = [];
    (window as unknown as { __violations: typeof seen }).__violations = seen;
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push({ directive: event.effectiveDirective, blocked: event.blockedURI }),
    );
  });
  return () => page.evaluate(() => (window as unknown as { __violations: Violation[] }).__violations);
}

const ran = (page: Page, flag: string) => page.evaluate((name) => name in window, flag);

/** The cached page's own bytes and headers, with one inline script added before </body>. */
async function injectInlineScript(page: Page, path: string, csp: RegExp) {
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      const response = await route.fetch();
      expect(response.headers()["x-page-cache"]).toBe("hit");
      expect(response.headers()["content-security-policy"]).toMatch(csp);
      const { "content-encoding": _encoding, "content-length": _length, ...headers } = response.headers();
      const html = (await response.text()).replace("</body>", "<script>window.__injected = true;</script></body>");
      await route.fulfill({ response, headers, body: html });
    },
  );
}

test("a cached app page refuses an inline script its CSP does not name, and still hydrates", async ({ page }) => {
  const violations = await recordViolations(page);
  // /booking hydrates: React Router's inline scripts are named by their hashes.
  await injectInlineScript(page, "/booking", /script-src 'self' 'sha256-/);
  await gotoHydrated(page, "/booking");
  expect(await ran(page, "__injected")).toBe(false);
  // The added script is the only one refused: every script the page ships matched a hash.
  await expect.poll(violations).toEqual([{ directive: "script-src-elem", blocked: "inline" }]);
});

// Content pages (decision 040) ship no inline script at all: their CSP allows only the site's files.
const contentPages = ["/", "/bootcamp", "/about", "/marketplace", "/affiliate-program", "/blog", `/blog/${READER_POST.slug}`, "/payment-success", "/payment-canceled"];

test("a content page has no inline script; its CSP allows only the site's files (and a fresh render's nonce)", async ({ request }) => {
  for (const path of contentPages) {
    await request.get(path);
    const response = await request.get(path);
    // The payment success page is never cached (it reads the checkout's session_id).
    const cached = path !== "/payment-success";
    expect(response.headers()["x-page-cache"], path).toBe(cached ? "hit" : undefined);
    const scriptSrc = cached ? /(^|;)script-src 'self'(;|$)/ : /(^|;)script-src 'self' 'nonce-[\w+/=]+'(;|$)/;
    expect(response.headers()["content-security-policy"], path).toMatch(scriptSrc);
    // Every <script> has a src, or is data the browser does not run (JSON-LD).
    const scripts = (await response.text()).match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.filter((tag) => !/\ssrc=/.test(tag) && !/type="application\/ld\+json"/.test(tag)), path).toEqual([]);
  }
});

test("a cached content page refuses an added inline script and still runs its own", async ({ page }) => {
  const violations = await recordViolations(page);
  await injectInlineScript(page, "/", /script-src 'self'(;|$)/);
  await gotoHydrated(page, "/");
  expect(await ran(page, "__injected")).toBe(false);
  await expect.poll(violations).toEqual([{ directive: "script-src-elem", blocked: "inline" }]);
});

test("a script added to a cached page after it loaded does not run", async ({ page }) => {
  const violations = await recordViolations(page);
  const response = await gotoHydrated(page, "/bootcamp");
  expect(response?.headers()["x-page-cache"]).toBe("hit");
  await page.evaluate(() => {
    const script = document.createElement("script");
    script.textContent = "window.__late = true;";
    document.body.append(script);
  });
  await expect.poll(violations).toEqual([{ directive: "script-src-elem", blocked: "inline" }]);
  expect(await ran(page, "__late")).toBe(false);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Three Days That Reset How Your Shop Runs");
});

test("the newsletter form answers without eval: no CSP violation on a page with it", async ({ page }) => {
  const violations = await recordViolations(page);
  // The popup (5 s after load, modal) would take the footer's place on a slow machine: already seen.
  await page.addInitScript(() => localStorage.setItem("halvorsen-newsletter-popup-shown", "true"));
  // The footer's form is posted by the page's script and shows the answer; nothing may need `new Function`.
  await gotoHydrated(page, `/blog/${READER_POST.slug}`);
  const footer = page.locator("#newsletter");
  await expect(footer.locator("form#newsletter-footer")).toBeAttached();
  await footer.getByRole("textbox").fill("not-an-address");
  await footer.getByRole("button").click();
  await expect(footer.getByText("Please enter a valid email address").first()).toBeVisible();
  expect(await violations()).toEqual([]);
});
