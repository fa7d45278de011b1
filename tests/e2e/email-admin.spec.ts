// The mail viewer (/admin/emails): who may see it, the outbox list and one message, a cancelled
// booking's dropped reminder (no 'Resend'), and 'Resend' for a message the SMTP server refused
// (own server process with a real SMTP server in front).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { freePort, startServerProcess, stopServerProcess, type ServerProcess } from "../../scripts/support/server-process";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import {
  ADMIN,
  createVerifiedUser,
  expect,
  gotoHydrated,
  linkIn,
  login,
  test,
  uniqueEmail,
  waitForHydration,
  waitForMail,
} from "./fixtures";

const ORIGIN = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100)}`;

function toast(page: Page, text: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}

test("anonymous visitors are sent to sign in; a non-admin lands on /admin-login with 'Access Denied'", async ({ page }) => {
  await page.goto("/admin/emails");
  await expect(page).toHaveURL(/\/admin-login$/);

  const user = await createVerifiedUser(page);
  await login(page, user);
  await page.goto("/admin/emails");
  await expect(page).toHaveURL(/\/admin-login$/);
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
});

test("the admin sees the outbox list, filters it by status and opens one message", async ({ page }) => {
  const user = await createVerifiedUser(page, uniqueEmail("outbox"));
  await login(page, ADMIN);

  await page.goto("/admin/emails");
  await expect(page.getByRole("heading", { level: 1, name: "E-mail Outbox" })).toBeVisible();
  await expect(page.getByText(/messages are written as \.eml files to .*mail/)).toBeVisible();
  const table = page.locator("table");
  const row = table.getByRole("row").filter({ hasText: user.email });
  await expect(row).toContainText("Confirm your e-mail address");
  await expect(row).toContainText("Account verification");
  await expect(row).toContainText("Sent");

  // Filters: the message is under Sent, not under Dead.
  await page.getByRole("navigation", { name: "Filter by status" }).getByRole("link", { name: /^Dead/ }).click();
  await expect(page).toHaveURL(/status=dead/);
  await expect(page.getByText(user.email)).toHaveCount(0);
  await page.getByRole("navigation", { name: "Filter by status" }).getByRole("link", { name: /^Sent/ }).click();
  await expect(page.getByRole("link", { name: /^Sent/ })).toHaveAttribute("aria-current", "page");

  await table.getByRole("row").filter({ hasText: user.email }).getByRole("link").click();
  await expect(page).toHaveURL(/\/admin\/emails\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Confirm your e-mail address");
  await expect(page.getByText(user.email).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Resend" })).toHaveCount(0);
  const preview = page.frameLocator("iframe[title^='HTML version']");
  await expect(preview.getByRole("link", { name: "Confirm e-mail address" })).toHaveAttribute("href", /verify-email/);
  await expect(page.locator("pre").first()).toContainText("/api/auth/verify-email");

  await page.goto("/admin/emails/00000000-0000-4000-8000-000000000000");
  await expect(page.getByText(/not found/i).first()).toBeVisible();
});

test("a cancelled booking's reminder is dropped: its own filter, the reason, and no 'Resend'", async ({ page, request }) => {
  // A booking two weeks ahead (so it has a reminder), made as a browser without scripts posts it.
  const email = uniqueEmail("dropped");
  const sessionDate = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago" }).format(
    new Date(Date.now() + 14 * 86_400_000),
  );
  const booked = await request.post("/booking", {
    form: {
      firstName: "Ada",
      lastName: "Dropped",
      email,
      phone: "316-555-0100",
      sessionDate,
      sessionTime: "15:00",
      sessionDuration: "60",
      projectType: "Quality Control Systems",
      projectDescription: "Gauge R&R studies keep failing on the bore diameter.",
      experienceLevel: "intermediate",
    },
    headers: { origin: ORIGIN },
    maxRedirects: 0,
  });
  expect(booked.status()).toBe(302);
  const confirmation = await waitForMail({ to: email, kind: "booking_confirmation" });
  await gotoHydrated(page, linkIn(confirmation, "/booking/cancel/"));
  await page.getByRole("button", { name: "Cancel Session" }).click();
  await expect(page.getByRole("heading", { name: "Booking Cancelled" })).toBeVisible();

  await login(page, ADMIN);
  await page.goto("/admin/emails");
  const filters = page.getByRole("navigation", { name: "Filter by status" });
  // Not a failure: not under Dead.
  await filters.getByRole("link", { name: /^Dead/ }).click();
  await expect(page).toHaveURL(/status=dead/);
  await expect(page.getByText(email)).toHaveCount(0);
  await filters.getByRole("link", { name: /^Dropped/ }).click();
  await expect(page).toHaveURL(/status=dropped/);
  await expect(filters.getByRole("link", { name: /^Dropped/ })).toHaveAttribute("aria-current", "page");
  const row = page.locator("table").getByRole("row").filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Booking reminder");
  await expect(row.getByRole("cell").nth(3)).toHaveText("Dropped");
  await expect(row).toContainText("Not sent: the booking was cancelled");

  await row.getByRole("link").click();
  await expect(page).toHaveURL(/\/admin\/emails\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("note")).toContainText("Reason: Not sent: the booking was cancelled");
  await expect(page.locator("dl").first()).toContainText("Never (dropped)");
  await expect(page.getByRole("button", { name: "Resend" })).toHaveCount(0);
});

test.describe("with an SMTP server that refuses a recipient", () => {
  let sink: SmtpSink;
  let server: ServerProcess;
  let dataDir: string;

  test.beforeAll(async () => {
    sink = await startSmtpSink();
    sink.replyToRecipient = (address) =>
      address.startsWith("bounce-") ? { code: 550, message: "5.1.1 No such mailbox" } : undefined;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "site-e2e-email-"));
    const port = String(await freePort());
    server = await startServerProcess({
      PORT: port,
      SITE_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      SMTP_URL: sink.url,
      EMAIL_FROM: "Site <no-reply@example.test>",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: "warn",
    });
  });
  test.afterAll(async () => {
    await stopServerProcess(server);
    await sink.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function post(page: Page, endpoint: string, data: Record<string, unknown>) {
    const response = await page.request.post(`${server.url}/api/auth${endpoint}`, { data, headers: { origin: server.url } });
    expect(response.status(), `${endpoint}: ${await response.text()}`).toBe(200);
  }

  test("a refused message is dead at once; 'Resend' reports failure, then delivers", async ({ page }) => {
    const bounce = uniqueEmail("bounce");
    await post(page, "/sign-up/email", { email: bounce, password: "bounce-password-1", name: "Bounce", callbackURL: "/" });
    await page.context().clearCookies();
    await post(page, "/sign-in/email", { ...ADMIN, rememberMe: true });

    await gotoHydrated(page, `${server.url}/admin/emails`);
    await expect(page.getByText(/Messages go out over SMTP through 127\.0\.0\.1:\d+/)).toBeVisible();
    await page.getByRole("navigation", { name: "Filter by status" }).getByRole("link", { name: /^Dead/ }).click();
    const row = page.locator("table").getByRole("row").filter({ hasText: bounce });
    await expect(row).toContainText("Dead");
    await expect(row).toContainText("SMTP 550: 5.1.1 No such mailbox");
    await expect(row.getByRole("cell").nth(4)).toHaveText("1");

    await row.getByRole("link").click();
    await expect(page.getByRole("note")).toContainText("Last error: SMTP 550: 5.1.1 No such mailbox");
    // 'Resend' needs the page's scripts (a client-side navigation keeps the hydrated document).
    await waitForHydration(page);

    // Still refused: the admin is told, the message stays dead.
    await page.getByRole("button", { name: "Resend" }).click();
    await expect(toast(page, "Resend failed")).toContainText("SMTP 550: 5.1.1 No such mailbox");
    await expect(page.getByRole("button", { name: "Resend" })).toBeVisible();

    // The mailbox exists now: Resend delivers it, once.
    sink.replyToRecipient = () => undefined;
    await page.getByRole("button", { name: "Resend" }).click();
    await expect(toast(page, "E-mail sent")).toBeVisible();
    await expect(page.getByRole("button", { name: "Resend" })).toHaveCount(0);
    await expect(page.locator("dl").first()).toContainText("Sent");
    expect(sink.received.filter((mail) => mail.rcptTo.includes(bounce))).toHaveLength(1);
  });
});
