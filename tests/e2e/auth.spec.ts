// Accounts in the browser: sign-up with e-mail verification, sign-in, sign-out, password reset,
// the protected-route states and the admin dashboard, against the production build.
import type { Page } from "@playwright/test";
import { ADMIN, createVerifiedUser, expect, linkIn, listMail, login, test, uniqueEmail, waitForMail } from "./fixtures";

async function open(page: Page, path: string) {
  const response = await page.goto(path);
  // The auth forms are interactive: wait until the page is hydrated.
  await page.waitForLoadState("networkidle");
  return response;
}

function toast(page: Page, text: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: text }).first();
}

async function fillCredentials(page: Page, email: string, password: string) {
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
}

test("sign up, confirm through the e-mailed link, sign in and sign out", async ({ page }) => {
  const email = uniqueEmail("signup");
  const password = "signup-password-1";

  await open(page, "/admin-login");
  await expect(page.getByRole("heading", { level: 1, name: "Admin Login" })).toBeVisible();
  await expect(page.getByText("owner@example.com")).toBeVisible();
  // Production build: no debug panel.
  await expect(page.getByText("Debug info")).toHaveCount(0);

  await page.getByRole("button", { name: "Sign up", exact: true }).click();
  await expect(page.getByText("Create Account", { exact: true })).toBeVisible();
  await fillCredentials(page, email, password);
  const seen = new Set(listMail().map((mail) => mail.file));
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();
  await expect(toast(page, "Sign up successful")).toContainText("Please check your email to confirm your account.");

  const mail = await waitForMail({ to: email, kind: "account_verification" }, seen);
  await page.goto(linkIn(mail, "/api/auth/verify-email"));
  // The confirmation link returns to the site root, signed in.
  await expect(page).toHaveURL(/:\d+\/$/);

  await open(page, "/admin-login");
  await expect(page.getByText("No Admin Access")).toBeVisible();
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(toast(page, "Signed out")).toContainText("You have been signed out successfully.");
  await expect(page.getByRole("button", { name: "Sign In", exact: true })).toBeVisible();

  await fillCredentials(page, email, password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(toast(page, "Logged in successfully!")).toBeVisible();
  await expect(page.getByText("No Admin Access")).toBeVisible();
  await expect(page.getByText(email).first()).toBeVisible();

  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(toast(page, "Signed out")).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign In", exact: true })).toBeVisible();
});

test("a full password reset signs out the other sessions", async ({ page, browser }) => {
  const user = await createVerifiedUser(page);
  const elsewhere = await browser.newContext();
  const otherPage = await elsewhere.newPage();
  await login(otherPage, user);
  await otherPage.goto("/affiliate-dashboard");
  await expect(otherPage.getByRole("heading", { level: 1, name: "Affiliate Dashboard" })).toBeVisible();

  await open(page, "/admin-login");
  await page.getByRole("button", { name: "Forgot password?" }).click();
  await expect(page.getByText("Reset Password", { exact: true })).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill(user.email);
  const seen = new Set(listMail().map((mail) => mail.file));
  await page.getByRole("button", { name: "Send Reset Email" }).click();
  await expect(toast(page, "Reset email sent")).toContainText("Check your email for password reset instructions.");

  const mail = await waitForMail({ to: user.email, kind: "password_reset" }, seen);
  await page.goto(linkIn(mail, "/api/auth/reset-password/"));
  await expect(page).toHaveURL(/\/admin-login\?token=/);
  await page.waitForLoadState("networkidle");
  await expect(page.getByText("Set a New Password")).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill("brand-new-password-1");
  await page.getByLabel("Repeat new password").fill("brand-new-password-1");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(toast(page, "Password updated")).toBeVisible();
  await expect(page).toHaveURL(/\/admin-login$/);

  // The session opened before the reset is gone.
  await otherPage.goto("/affiliate-dashboard");
  await expect(otherPage).toHaveURL(/\/admin-login$/);
  await expect(otherPage.getByText("Login Required")).toBeVisible();
  await elsewhere.close();

  await fillCredentials(page, user.email, "brand-new-password-1");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(toast(page, "Logged in successfully!")).toBeVisible();
  await expect(page.getByText("No Admin Access")).toBeVisible();
});

test("a signed-in non-admin gets 'Access Denied' on /admin and can switch account", async ({ page }) => {
  const user = await createVerifiedUser(page);
  await login(page, user);
  for (const path of ["/admin", "/admin/blog", "/affiliate-management"]) {
    const response = await open(page, path);
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1, name: "Access Denied" })).toBeVisible();
  }
  await expect(page.getByText("You don't have admin privileges to access this page.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Go Home" })).toHaveAttribute("href", "/");

  await page.getByRole("button", { name: "Try Different Account" }).click();
  await expect(toast(page, "Signed out")).toBeVisible();
  await expect(page).toHaveURL(/\/admin-login$/);
  await expect(page.getByRole("button", { name: "Sign In", exact: true })).toBeVisible();
});

test("anonymous visitors are sent to sign in, then back where they were going", async ({ page }) => {
  await page.goto("/affiliate-application");
  await expect(page).toHaveURL(/\/auth\?redirect=\/affiliate-application$/);
  await page.goto("/affiliate-dashboard");
  await expect(page).toHaveURL(/\/admin-login$/);

  await open(page, "/admin/blog");
  await expect(page).toHaveURL(/\/admin-login$/);
  await expect(page.getByText("Login Required")).toBeVisible();
  await expect(page.getByText("You need to be logged in to access this page.")).toBeVisible();
  await fillCredentials(page, ADMIN.email, ADMIN.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(toast(page, "Logged in successfully!")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(page.getByRole("heading", { level: 1, name: "Blog Management" })).toBeVisible();
});

test("the admin signs in, reaches the dashboard and signs out", async ({ page }) => {
  await open(page, "/admin-login");
  await fillCredentials(page, ADMIN.email, ADMIN.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(toast(page, "Logged in successfully!")).toBeVisible();
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
  await expect(toast(page, "Signed out")).toContainText("You have been signed out successfully.");
  await expect(page).toHaveURL(/:\d+\/$/);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin-login$/);
});

test("/auth creates accounts by default, signs in to the redirect target and skips itself when signed in", async ({ page }) => {
  const user = await createVerifiedUser(page);
  await open(page, "/auth?redirect=/affiliate-dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Create Account" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Create Account" })).toBeVisible();

  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.getByRole("button", { name: "Forgot password?" }).click();
  await expect(page.getByText("Reset Password", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Back to Sign In" }).click();

  await fillCredentials(page, user.email, user.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(toast(page, "Signed in successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/affiliate-dashboard$/);

  // Signed in: /auth goes straight to the target (default /affiliate-application).
  await page.goto("/auth");
  await expect(page).toHaveURL(/\/affiliate-application$/);
});

test("empty fields, wrong passwords and the 4th rapid attempt get the spec's messages (429)", async ({ page }) => {
  await open(page, "/admin-login");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(toast(page, "Missing information")).toContainText("Please enter both email and password");

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
  await expect(toast(page, "Too many sign-in attempts")).toContainText(/Please wait \d+ seconds? and try again\./);
});
