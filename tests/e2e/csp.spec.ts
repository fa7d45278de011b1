import type { Page } from "@playwright/test";
import { READER_POST } from "./blog-data";
import { expect, gotoHydrated, test } from "./fixtures";

// Cached pages carry no nonce: their CSP names each inline script they ship by its hash
// (decision 007). Chromium must run those and hydrate, and refuse any other inline script.

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

test("a cached page refuses an inline script its CSP does not name, and still hydrates", async ({ page }) => {
  const violations = await recordViolations(page);
  // The cached page's own bytes and headers, with one inline script added before </body>.
  await page.route(
    (url) => url.pathname === "/",
    async (route) => {
      const response = await route.fetch();
      expect(response.headers()["x-page-cache"]).toBe("hit");
      expect(response.headers()["content-security-policy"]).toMatch(/script-src 'self' 'sha256-/);
      const { "content-encoding": _encoding, "content-length": _length, ...headers } = response.headers();
      const html = (await response.text()).replace("</body>", "<script>window.__injected = true;</script></body>");
      await route.fulfill({ response, headers, body: html });
    },
  );
  await gotoHydrated(page, "/");
  expect(await ran(page, "__injected")).toBe(false);
  // The added script is the only one refused: every script the page ships matched a hash.
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
