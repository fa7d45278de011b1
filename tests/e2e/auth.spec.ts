// Accounts in the browser: sign-up with e-mail verification, sign-in, sign-out, password reset,
// the protected-route states and the admin dashboard, against the production build.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { routeAccess } from "../../app/lib/route-access";
import { freePort, startServerProcess, stopServerProcess, type ServerProcess } from "../../scripts/support/server-process";
import {
  ADMIN,
  createVerifiedUser,
  expect,
  gotoHydrated,
  linkIn,
  listMail,
  login,
  test,
  uniqueEmail,
  waitForHydration,
  waitForMail,
} from "./fixtures";

/** Every admin page of the route table without parameters (the CSV export is a file, not a page). */
const adminPages = Object.entries(routeAccess)
  .filter(([pattern, rule]) => rule.access === "admin" && !/[:*]|\.csv$/.test(pattern))
  .map(([pattern]) => pattern);

function toast(page: Page, text: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}

async function fillCredentials(page: Page, email: string, password: string) {
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
}

const loginRequired = (page: Page) => page.getByText("Login Required", { exact: true });

test("sign-up on /admin-login, confirmation link, sign-in as a non-admin shows 'Access Denied', sign-out", async ({ page }) => {
  const email = uniqueEmail("signup");
  const password = "signup-password-1";

  await gotoHydrated(page, "/admin-login");
  await expect(page.getByRole("heading", { level: 1, name: "Admin Login" })).toBeVisible();
  // Production build: no debug panel.
  await expect(page.getByText("Debug info")).toHaveCount(0);

  await page.getByRole("button", { name: "Sign up", exact: true }).click();
  await expect(page.getByText("Create Account", { exact: true })).toBeVisible();
  await fillCredentials(page, email, password);
  const seen = new Set(listMail().map((mail) => mail.file));
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();
  await expect(toast(page, "Sign up successful").first()).toContainText("Please check your email to confirm your account.");

  const mail = await waitForMail({ to: email, kind: "account_verification" }, seen);
  await page.goto(linkIn(mail, "/api/auth/verify-email"));
  // The confirmation link returns to the site root, signed in.
  await expect(page).toHaveURL(/:\d+\/$/);

  await gotoHydrated(page, "/admin-login");
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await page.getByRole("button", { name: "Try Different Account" }).click();
  await expect(toast(page, "Signed out").first()).toContainText("You have been signed out successfully.");
  await expect(page.getByRole("button", { name: "Sign In", exact: true })).toBeVisible();

  await waitForHydration(page);
  await fillCredentials(page, email, password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(toast(page, "Logged in successfully!").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await expect(page.getByText(email).first()).toBeVisible();
});

test("/admin-login names the admin account (ADMIN_EMAIL), not OWNER_EMAIL", async ({ page }) => {
  await page.goto("/admin-login");
  await expect(page.getByText("Admin access uses the owner's account:")).toContainText(ADMIN.email);
  await expect(page.getByText("owner@example.com")).toHaveCount(0);
});

test("a sign-up made on /auth?redirect=… is confirmed back to the redirect target", async ({ page }) => {
  const email = uniqueEmail("redirected");
  await gotoHydrated(page, "/auth?redirect=/affiliate-application");
  await fillCredentials(page, email, "redirect-password-1");
  const seen = new Set(listMail().map((mail) => mail.file));
  await page.getByRole("button", { name: "Create Account", exact: true }).click();
  await expect(toast(page, "Check your email to confirm your account").first()).toBeVisible();
  const mail = await waitForMail({ to: email, kind: "account_verification" }, seen);
  await page.goto(linkIn(mail, "/api/auth/verify-email"));
  await expect(page).toHaveURL(/\/affiliate-application$/);
  await expect(page.getByRole("heading", { level: 1, name: "Affiliate Application" })).toBeVisible();
});

test("tabbing out of a field does not run the submit handler: one 'Missing information' toast per submit", async ({ page }) => {
  await gotoHydrated(page, "/admin-login");
  // An e-mail typed, Tab to the (empty) password: leaving a field must not toast ...
  await page.getByLabel("Email", { exact: true }).fill("someone@example.com");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Password", { exact: true })).toBeFocused();
  // ... so the submit that follows (its click not lost to a message moving the button) toasts once.
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(toast(page, "Missing information").first()).toContainText("Please enter both email and password");
  await expect(page.getByText("Please enter your password")).toBeVisible();
  await expect(toast(page, "Missing information")).toHaveCount(1);
  await expect(toast(page, "Missing information")).toHaveCount(0, { timeout: 10_000 });

  // Empty form, focus in a field, submit: one toast, not one for the blur and one for the submit.
  await page.getByLabel("Email", { exact: true }).fill("");
  await page.getByLabel("Email", { exact: true }).focus();
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(toast(page, "Missing information").first()).toBeVisible();
  await expect(page.getByText("Please enter your email address")).toBeVisible();
  await expect(toast(page, "Missing information")).toHaveCount(1);

  // The reset panel: leaving its emptied field, then sending, toasts 'Missing email' once.
  await page.getByRole("button", { name: "Forgot password?" }).click();
  await page.getByLabel("Email", { exact: true }).fill("x@example.com");
  await page.getByLabel("Email", { exact: true }).fill("");
  await page.keyboard.press("Tab");
  await page.getByRole("button", { name: "Send Reset Email" }).click();
  await expect(toast(page, "Missing email").first()).toContainText("Please enter your email address");
  await expect(toast(page, "Missing email")).toHaveCount(1);
});

test("a full password reset signs out the other sessions, with no 'Login Required' above the new-password form", async ({
  page,
  browser,
}) => {
  const user = await createVerifiedUser(page);
  const elsewhere = await browser.newContext();
  const otherPage = await elsewhere.newPage();
  await login(otherPage, user);
  await otherPage.goto("/affiliate-dashboard");
  await expect(otherPage.getByRole("heading", { level: 1, name: "Affiliate Dashboard" })).toBeVisible();

  await gotoHydrated(page, "/admin-login");
  await page.getByRole("button", { name: "Forgot password?" }).click();
  await expect(page.getByText("Reset Password", { exact: true })).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill(user.email);
  const seen = new Set(listMail().map((mail) => mail.file));
  await page.getByRole("button", { name: "Send Reset Email" }).click();
  await expect(toast(page, "Reset email sent").first()).toContainText("Check your email for password reset instructions.");

  // A guard's notice is pending when the visitor opens the reset link.
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin-login$/);
  const mail = await waitForMail({ to: user.email, kind: "password_reset" }, seen);
  await page.goto(linkIn(mail, "/api/auth/reset-password/"));
  await expect(page).toHaveURL(/\/admin-login\?token=/);
  await waitForHydration(page);
  await expect(page.getByText("Set a New Password")).toBeVisible();
  await expect(loginRequired(page)).toHaveCount(0);
  await page.getByLabel("New password", { exact: true }).fill("brand-new-password-1");
  await page.getByLabel("Repeat new password").fill("brand-new-password-1");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(toast(page, "Password updated").first()).toBeVisible();
  await expect(page).toHaveURL(/\/admin-login$/);

  // The session opened before the reset is gone.
  await otherPage.goto("/affiliate-dashboard");
  await expect(otherPage).toHaveURL(/\/admin-login$/);
  await expect(loginRequired(otherPage)).toBeVisible();
  await elsewhere.close();

  await fillCredentials(page, user.email, "brand-new-password-1");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(toast(page, "Logged in successfully!").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
});

test("a signed-in non-admin who opens an admin page lands on /admin-login with 'Access Denied'", async ({ page }) => {
  const user = await createVerifiedUser(page);
  await login(page, user);
  for (const path of adminPages) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/admin-login$/);
    await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  }
  await expect(page.getByText("You don't have admin privileges to access this page.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Go Home" })).toHaveAttribute("href", "/");
  await expect(loginRequired(page)).toHaveCount(0);

  await waitForHydration(page);
  await page.getByRole("button", { name: "Try Different Account" }).click();
  await expect(toast(page, "Signed out").first()).toBeVisible();
  await expect(page).toHaveURL(/\/admin-login$/);
  await expect(page.getByRole("button", { name: "Sign In", exact: true })).toBeVisible();
  await expect(loginRequired(page)).toHaveCount(0);
});

test("'Login Required' shows once per refused visit and is gone after 'Try Different Account'", async ({ page }) => {
  const user = await createVerifiedUser(page);
  await gotoHydrated(page, "/admin");
  await expect(page).toHaveURL(/\/admin-login$/);
  await expect(loginRequired(page)).toBeVisible();
  await expect(page.getByText("You need to be logged in to access this page.")).toBeVisible();

  // A failed attempt keeps it; a successful one as a non-admin returns to /admin → 'Access Denied'.
  await fillCredentials(page, user.email, "wrong-password-1");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(toast(page, "Login failed").first()).toBeVisible();
  await expect(loginRequired(page)).toBeVisible();
  await fillCredentials(page, user.email, user.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();

  await page.getByRole("button", { name: "Try Different Account" }).click();
  await expect(toast(page, "Signed out").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign In", exact: true })).toBeVisible();
  await expect(loginRequired(page)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("button", { name: "Sign In", exact: true })).toBeVisible();
  await expect(loginRequired(page)).toHaveCount(0);
});

test("anonymous visitors are sent to sign in, then back where they were going", async ({ page }) => {
  await page.goto("/affiliate-application");
  await expect(page).toHaveURL(/\/auth\?redirect=\/affiliate-application$/);
  await page.goto("/affiliate-dashboard");
  await expect(page).toHaveURL(/\/admin-login$/);

  await gotoHydrated(page, "/admin/blog");
  await expect(page).toHaveURL(/\/admin-login$/);
  await expect(loginRequired(page)).toBeVisible();
  await fillCredentials(page, ADMIN.email, ADMIN.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(toast(page, "Logged in successfully!").first()).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(page.getByRole("heading", { level: 1, name: "Blog Management" })).toBeVisible();
});

test("a client-side link to a protected page, then sign-in, returns to that page, not its .data URL", async ({ page }) => {
  const user = await createVerifiedUser(page);
  await gotoHydrated(page, "/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Partner Dashboard" }).click();
  await expect(page).toHaveURL(/\/admin-login$/);
  await expect(loginRequired(page)).toBeVisible();
  await fillCredentials(page, user.email, user.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/affiliate-dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Affiliate Dashboard" })).toBeVisible();
});

test("the admin signs in, reaches the dashboard and signs out to the home page", async ({ page }) => {
  await gotoHydrated(page, "/admin-login");
  await fillCredentials(page, ADMIN.email, ADMIN.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(toast(page, "Logged in successfully!").first()).toBeVisible();
  await expect(page.getByText("Admin Access Granted")).toBeVisible();
  await page.getByRole("link", { name: "Go to Admin Dashboard" }).click();

  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  await expect(page.getByText(`Welcome back, ${ADMIN.email}`)).toBeVisible();
  await expect(page.getByRole("link", { name: "Manage Blog" })).toHaveAttribute("href", "/admin/blog");
  await expect(page.getByRole("link", { name: "Manage Affiliates" })).toHaveAttribute("href", "/affiliate-management");
  await expect(page.getByRole("link", { name: "View Analytics" })).toHaveAttribute("href", "/admin/analytics");
  for (const label of ["Total Blog Posts", "Active Affiliates", "This Month's Conversions"]) {
    await expect(page.getByText(label).locator("xpath=following-sibling::dd")).toHaveText(/^\d[\d,]*$/);
  }
  await expect(page.getByRole("link", { name: "Back to Site" })).toHaveAttribute("href", "/");

  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(toast(page, "Signed out").first()).toContainText("You have been signed out successfully.");
  await expect(page).toHaveURL(/:\d+\/$/);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin-login$/);
});

test("sign-out works without JavaScript: a plain form POST to /logout redirects with the toast", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await login(page, ADMIN);
  await page.goto("/admin");
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/:\d+\/$/);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin-login$/);
  await context.close();
});

test("/auth creates accounts by default, signs in to the redirect target and skips itself when signed in", async ({ page }) => {
  const user = await createVerifiedUser(page);
  await gotoHydrated(page, "/auth?redirect=/affiliate-dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Create Account" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Create Account" })).toBeVisible();

  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.getByRole("button", { name: "Forgot password?" }).click();
  await expect(page.getByText("Reset Password", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Back to Sign In" }).click();

  await fillCredentials(page, user.email, user.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(toast(page, "Signed in successfully").first()).toBeVisible();
  await expect(page).toHaveURL(/\/affiliate-dashboard$/);

  // Signed in: /auth goes straight to the target (default /affiliate-application).
  await page.goto("/auth");
  await expect(page).toHaveURL(/\/affiliate-application$/);
});

// The shared browser-test server has a high sign-in limit (playwright.config.ts); this one runs
// at the real size.
test.describe("at the real sign-in limit", () => {
  let server: ServerProcess;
  let dataDir: string;
  test.beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "site-e2e-limit-"));
    const port = String(await freePort());
    server = await startServerProcess({
      PORT: port,
      SITE_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SIGN_IN_LIMIT_MAX: "3",
      SIGN_IN_LIMIT_WINDOW_SECONDS: "10",
      LOG_LEVEL: "warn",
    });
  });
  test.afterAll(async () => {
    await stopServerProcess(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test("wrong passwords get the spec's message and the 4th rapid attempt gets 429", async ({ page }) => {
    await gotoHydrated(page, `${server.url}/admin-login`);
    await fillCredentials(page, ADMIN.email, "not-the-password");
    for (let attempt = 1; attempt <= 3; attempt++) {
      const answer = page.waitForResponse((r) => r.url().includes("/admin-login") && r.request().method() === "POST");
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      expect((await answer).status()).toBe(401);
      await expect(toast(page, "Invalid email or password. Please check your credentials and try again.").first()).toBeVisible();
      await page.getByLabel("Password", { exact: true }).fill("not-the-password");
    }
    const fourth = page.waitForResponse((r) => r.url().includes("/admin-login") && r.request().method() === "POST");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    expect((await fourth).status()).toBe(429);
    await expect(toast(page, "Too many sign-in attempts").first()).toContainText(/Please wait \d+ seconds? and try again\./);
  });
});
