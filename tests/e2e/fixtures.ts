// Shared e2e helpers: the mail the server wrote to DATA_DIR/mail, accounts, signing in.
//
//   await login(page, ADMIN);                        // the admin created at start (playwright.config.ts)
//   const user = await createVerifiedUser(page);     // a fresh signed-up, verified, non-admin account
//   await login(page, user);
//
//   await gotoHydrated(page, "/marketplace");      // navigate, then wait until React has hydrated
//
// Sign-in is rate limited (3 attempts per 10 s per client address). The `test` exported here gives
// every test its own address (X-Forwarded-For, which the server trusts from loopback); the server's
// sign-in limit is set high for them (playwright.config.ts).
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { test as base, expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { listMail as listMailIn, linkIn, type Mail } from "../support/mail-files";

export { linkIn, type Mail };

/** The e2e server's DATA_DIR: the same rule as playwright.config.ts. */
export const E2E_DATA_DIR =
  process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `site-e2e-${Number(process.env.E2E_PORT ?? 3100)}`);

function randomIp() {
  const octet = () => Math.floor(Math.random() * 254) + 1;
  return `10.${octet()}.${octet()}.${octet()}`;
}

/** Playwright's test, with a client address of its own per test (so rate limits do not collide). */
export const test = base.extend<{ clientIp: string }>({
  clientIp: [
    async ({ context }, use) => {
      const ip = randomIp();
      await context.setExtraHTTPHeaders({ "x-forwarded-for": ip });
      await use(ip);
    },
    { auto: true },
  ],
});

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * axe's serious and critical findings on the page as it is now (`id (nodes)`), and with
 * `landmarks` its landmark findings of any impact too.
 */
export async function axeProblems(page: Page, { landmarks = false } = {}): Promise<string[]> {
  // Colours are judged once transitions (a toast sliding in) have ended: mid-fade text is not the page's.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity),
  );
  // Evaluated through the DevTools protocol: the page's CSP refuses inline scripts.
  await page.evaluate(axeSource);
  return page.evaluate(async (withLandmarks) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Array<{ id: string; impact: string; nodes: unknown[] }> }> } }).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical" || (withLandmarks && v.id.startsWith("landmark-")))
      .map((v) => `${v.id} (${v.nodes.length})`);
  }, landmarks);
}

/** Resolves once React has hydrated the page: app/root.tsx marks <html data-hydrated="true"> in an effect. */
export async function waitForHydration(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
}

/** Navigates and waits for hydration, for tests that use the page's scripts (clicks, keys, effects). */
export async function gotoHydrated(page: Page, url: string) {
  const response = await page.goto(url);
  await waitForHydration(page);
  return response;
}

/**
 * Scrolls to an element below the fold and waits until it has stopped moving. Sections there are
 * laid out only once near the screen (content-visibility, app.css) and then slide in
 * (app/components/reveal.tsx): after a jump to the bottom of /bootcamp its last button moves 86 px
 * over 600 ms. Playwright checks that an element is stable before it scrolls, and checks where only
 * the first event of a click lands: on a slow host the button can move between press and release,
 * and the click is lost without an error.
 */
export async function scrollIntoViewSettled(locator: Locator) {
  await locator.scrollIntoViewIfNeeded();
  await expect
    .poll(() =>
      locator.evaluate(
        (element) =>
          new Promise<boolean>((resolve) => {
            const section = element.closest("[data-reveal]");
            const top = element.getBoundingClientRect().top;
            requestAnimationFrame(() =>
              requestAnimationFrame(() =>
                resolve(
                  element.getBoundingClientRect().top === top &&
                    section?.getAttribute("data-reveal") !== "hidden" &&
                    (section?.getAnimations().length ?? 0) === 0,
                ),
              ),
            );
          }),
      ),
    )
    .toBe(true);
}

export type Credentials = { email: string; password: string };

/** Set as ADMIN_EMAIL / ADMIN_PASSWORD in playwright.config.ts's webServer env. */
export const ADMIN: Credentials = { email: "admin@example.test", password: "e2e-admin-password" };

export function uniqueEmail(prefix = "user") {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.test`;
}

export function listMail(): Mail[] {
  return listMailIn(E2E_DATA_DIR);
}

/** Waits for the newest mail of `kind` to `to` that was not in `seen` (file names). */
export async function waitForMail(
  filter: { to: string; kind: "account_verification" | "password_reset" | (string & {}) },
  seen: ReadonlySet<string> = new Set(),
): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      () => {
        found = listMail()
          .filter((mail) => mail.kind === filter.kind && mail.to.includes(filter.to) && !seen.has(mail.file))
          .at(-1);
        return Boolean(found);
      },
      { message: `an e-mail of kind ${filter.kind} to ${filter.to}`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** The site's origin (playwright.config.ts's E2E_URL): Better Auth checks it on every POST. */
const E2E_ORIGIN = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100)}`;

/** POSTs to a Better Auth endpoint as the site's own pages would (the server's limits are set high
 * for the browser tests: playwright.config.ts). */
function postAuth(request: APIRequestContext, endpoint: string, data: Record<string, unknown>) {
  return request.post(`/api/auth${endpoint}`, { data, headers: { origin: E2E_ORIGIN } });
}

/** Signs the page's browser context in (session cookie set), without going through the form. */
export async function login(page: Page, credentials: Credentials) {
  const response = await postAuth(page.request, "/sign-in/email", { ...credentials, rememberMe: true });
  expect(response.status(), `sign-in of ${credentials.email}`).toBe(200);
}

/** A new account, signed up and verified through the e-mailed link; not signed in afterwards. */
export async function createVerifiedUser(page: Page, email = uniqueEmail()): Promise<Credentials> {
  const credentials = { email, password: `pw-${Math.random().toString(36).slice(2, 12)}` };
  const seen = new Set(listMail().map((mail) => mail.file));
  const response = await postAuth(page.request, "/sign-up/email", {
    ...credentials,
    name: email.split("@")[0],
    callbackURL: "/",
  });
  expect(response.status(), `sign-up of ${email}`).toBe(200);
  const mail = await waitForMail({ to: email, kind: "account_verification" }, seen);
  // Following the link verifies the address and signs in; sign out again for a clean start.
  const verified = await page.request.get(linkIn(mail, "/verify-email"), { maxRedirects: 0 });
  expect(verified.status()).toBe(302);
  await page.context().clearCookies();
  return credentials;
}

/** The admin account created at start from ADMIN_EMAIL / ADMIN_PASSWORD, signed in. */
export async function createAdmin(page: Page): Promise<Credentials> {
  await login(page, ADMIN);
  return ADMIN;
}

export { expect };
