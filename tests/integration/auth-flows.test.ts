// Accounts end to end on the server: sign-up cannot make an admin, sign-in is rate limited,
// verification is required, resets revoke sessions, roles are read per request, the bootstrap
// paths, the root loader's auth state and the dashboard's real numbers.
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getAdminOverview, startOfBusinessMonth } from "~/features/admin-dashboard/overview.server";
import type { AuthActionResult } from "~/features/auth/action-result";
import { getAuth } from "~/features/auth/auth.server";
import { ensureAdmin } from "~/features/auth/bootstrap.server";
import { passwordResetEmailsQueued } from "~/features/auth/emails.server";
import { resetPassword, signIn } from "~/features/auth/flows.server";
import { getSession, requireAdmin } from "~/features/auth/guards.server";
import { getRootAuthState } from "~/features/auth/root-auth.server";
import { deleteExpiredVerifications } from "~/features/auth/verification-housekeeping.server";
import { grantAdminRole, UnverifiedEmailError } from "~/features/auth/roles.server";
import * as adminLogin from "~/routes/admin-login";
import * as apiAuth from "~/routes/api-auth";
import * as logout from "~/routes/logout";
import { takeFlashToast } from "~/lib/flash-toast.server";
import { getDb, setDatabase } from "#server/db/client.server";
import { affiliates } from "~/features/affiliates/schema";
import { userRoles, users, verifications } from "~/features/auth/schema";
import { blogPosts } from "~/features/blog/schema";
import { orders } from "~/features/checkout/schema";
import { testDatabases, type TestDatabase } from "../support/databases";
import { tempDir } from "../../scripts/support/databases";
import {
  cookieHeader,
  createVerifiedUser,
  freshIp,
  latestEmail,
  linkIn,
  routeArgs,
  signedInCookie,
  siteRequest,
} from "../support/auth";

process.env.BETTER_AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";
process.env.DATA_DIR ??= tempDir("auth-flows-");

type ActionData = { data: AuthActionResult; init: { status?: number; headers?: HeadersInit } | null };

async function postAdminLogin(form: Record<string, string>, ip: string, cookie?: string) {
  const result = (await adminLogin.action(
    routeArgs(siteRequest("/admin-login", { form, cookie }), ip) as Parameters<typeof adminLogin.action>[0],
  )) as unknown as ActionData;
  return { ...result.data, status: result.init?.status ?? 200, headers: new Headers(result.init?.headers) };
}

async function userIdOf(email: string) {
  const [row] = await getDb().select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id;
}

describe.each(testDatabases.map((d) => [d.name, d] as const))("on %s", (_name, database) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await database.open();
  });
  afterAll(() => db.close());

  it("/admin-login names the admin account (else OWNER_EMAIL) and shows debug info only outside production", async () => {
    const load = () =>
      adminLogin.loader(
        routeArgs(siteRequest("/admin-login?token=abc")) as unknown as Parameters<typeof adminLogin.loader>[0],
      ) as unknown as Promise<{ data: Record<string, unknown> }>;
    // No admin account yet: the owner's address.
    expect((await load()).data).toMatchObject({ adminEmail: "owner@example.com", showDebug: true, resetToken: "abc" });
    await ensureAdmin({ email: "first-admin@example.test", password: "first-admin-password-1" });
    await ensureAdmin({ email: "second-admin@example.test", password: "second-admin-password-1" });
    expect((await load()).data).toMatchObject({ adminEmail: "first-admin@example.test" });
    const previous = process.env.NODE_ENV;
    vi.stubEnv("NODE_ENV", "production");
    vi.resetModules();
    try {
      const { getEnv } = await import("~/lib/env.server");
      expect(getEnv().NODE_ENV).toBe("production");
      const fresh = await import("~/routes/admin-login");
      const result = (await fresh.loader(
        routeArgs(siteRequest("/admin-login")) as unknown as Parameters<typeof fresh.loader>[0],
      )) as unknown as { data: Record<string, unknown> };
      expect(result.data.showDebug).toBe(false);
    } finally {
      vi.unstubAllEnvs();
      expect(process.env.NODE_ENV).toBe(previous);
    }
  });

  it("a sign-up that sends role: admin (or any extra field) does not make an admin", async () => {
    await createVerifiedUser("sneaky@example.test", "sneaky-password-1", {
      role: "admin",
      roles: ["admin"],
      isAdmin: true,
      emailVerified: true,
    });
    const id = await userIdOf("sneaky@example.test");
    expect(id).toBeDefined();
    expect(await getDb().select().from(userRoles).where(eq(userRoles.userId, id!))).toEqual([]);
    const cookie = await signedInCookie("sneaky@example.test", "sneaky-password-1");
    const session = await getSession(siteRequest("/admin", { cookie }));
    expect(session).toMatchObject({ isAdmin: false, roles: [] });
    // Opening an admin page sends a non-admin to /admin-login ('Access Denied'); posting gets 403.
    const opened = await requireAdmin(routeArgs(siteRequest("/admin", { cookie }))).catch((thrown: unknown) => thrown);
    expect(opened).toBeInstanceOf(Response);
    expect([(opened as Response).status, (opened as Response).headers.get("location")]).toEqual([302, "/admin-login"]);
    const posted = siteRequest("/admin", { cookie, method: "POST", form: { intent: "x" } });
    await expect(requireAdmin(routeArgs(posted))).rejects.toMatchObject({ init: { status: 403 } });
  });

  it("a sign-up cannot mark its own address verified", async () => {
    const response = await getAuth().handler(
      new Request(`${siteRequest("/").url.replace(/\/$/, "")}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: new URL(siteRequest("/").url).origin },
        body: JSON.stringify({ email: "selfverified@example.test", password: "password-1234", name: "x", emailVerified: true }),
      }),
    );
    expect(response.status).toBe(200);
    const [row] = await getDb().select({ verified: users.emailVerified }).from(users).where(eq(users.email, "selfverified@example.test"));
    expect(row?.verified).toBe(false);
  });

  it("the 4th rapid sign-in attempt from one address gets 429 and a clear message", async () => {
    await createVerifiedUser("limited@example.test", "limited-password-1");
    const ip = freshIp();
    const form = { intent: "sign-in", email: "limited@example.test", password: "wrong-password" };
    const statuses = [];
    for (let attempt = 0; attempt < 3; attempt++) statuses.push((await postAdminLogin(form, ip)).status);
    expect(statuses).toEqual([401, 401, 401]);
    const fourth = await postAdminLogin({ ...form, password: "limited-password-1" }, ip);
    expect(fourth.status).toBe(429);
    expect(fourth.toast).toEqual({
      kind: "error",
      title: "Login failed",
      description: expect.stringMatching(/^Too many sign-in attempts\. Please wait \d+ seconds? and try again\.$/),
    });
    // Another address is not affected.
    expect((await postAdminLogin({ ...form, password: "limited-password-1" }, freshIp())).status).toBe(200);
  });

  it("the rate limit applies to /api/auth/sign-in/email too", async () => {
    const ip = freshIp();
    const call = () =>
      apiAuth.action(
        routeArgs(
          new Request(`${new URL(siteRequest("/").url).origin}/api/auth/sign-in/email`, {
            method: "POST",
            headers: { "content-type": "application/json", origin: new URL(siteRequest("/").url).origin },
            body: JSON.stringify({ email: "nobody@example.test", password: "whatever-123" }),
          }),
          ip,
          { "*": "sign-in/email" },
        ) as unknown as Parameters<typeof apiAuth.action>[0],
      );
    const statuses = [];
    for (let attempt = 0; attempt < 4; attempt++) statuses.push((await call()).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it("sign-in is refused until the address is verified, and re-sends the link", async () => {
    const form = { intent: "sign-up", email: "fresh@example.test", password: "fresh-password-1" };
    const signUp = await postAdminLogin(form, freshIp());
    expect(signUp).toMatchObject({
      ok: true,
      toast: { title: "Sign up successful", description: "Please check your email to confirm your account." },
    });
    const first = await latestEmail("fresh@example.test", "account_verification");
    expect(linkIn(first!.text, "/api/auth/verify-email")).toContain("callbackURL=%2F");

    const refused = await postAdminLogin({ ...form, intent: "sign-in" }, freshIp());
    expect(refused.status).toBe(403);
    expect(refused.toast.description).toMatch(/confirm your email/i);

    const response = await getAuth().handler(new Request(linkIn(first!.text, "/verify-email")));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
    expect((await postAdminLogin({ ...form, intent: "sign-in" }, freshIp())).status).toBe(200);
  });

  it("signing up with a registered address says 'Account exists' and switches to sign-in", async () => {
    await createVerifiedUser("taken@example.test", "taken-password-1");
    const result = await postAdminLogin({ intent: "sign-up", email: "TAKEN@example.test", password: "other-password-1" }, freshIp());
    expect(result).toMatchObject({
      ok: false,
      switchToSignIn: true,
      toast: { title: "Account exists", description: "An account with this email already exists. Try logging in instead." },
    });
    // The original password still works: nothing was overwritten.
    expect((await signIn({ request: siteRequest("/admin-login", { method: "POST" }), clientIp: freshIp() }, {
      email: "taken@example.test",
      password: "taken-password-1",
    })).ok).toBe(true);
  });

  it("empty fields give 'Missing information' without calling the auth service", async () => {
    const result = await postAdminLogin({ intent: "sign-in", email: "", password: "" }, freshIp());
    expect(result.status).toBe(400);
    expect(result.toast).toEqual({ kind: "error", title: "Missing information", description: "Please enter both email and password" });
    const reset = await postAdminLogin({ intent: "request-reset", email: "" }, freshIp());
    expect(reset.toast).toEqual({ kind: "error", title: "Missing email", description: "Please enter your email address" });
  });

  it("a password reset goes through /admin-login and signs the account out everywhere", async () => {
    await createVerifiedUser("forgetful@example.test", "old-password-1");
    const oldSession = await signedInCookie("forgetful@example.test", "old-password-1");
    expect(await getSession(siteRequest("/", { cookie: oldSession }))).not.toBeNull();

    const requested = await postAdminLogin({ intent: "request-reset", email: "forgetful@example.test" }, freshIp());
    expect(requested.toast).toEqual({
      kind: "success",
      title: "Reset email sent",
      description: "Check your email for password reset instructions.",
    });
    await passwordResetEmailsQueued(); // queued right after the answer
    const mail = await latestEmail("forgetful@example.test", "password_reset");
    const callback = await getAuth().handler(new Request(linkIn(mail!.text, "/reset-password/")));
    const location = new URL(callback.headers.get("location")!, "http://x");
    expect(location.pathname).toBe("/admin-login");
    const token = location.searchParams.get("token")!;
    expect(token).toBeTruthy();

    const done = await postAdminLogin(
      { intent: "reset-password", token, password: "new-password-1", confirmPassword: "new-password-1" },
      freshIp(),
    );
    expect(done).toMatchObject({ ok: true, toast: { title: "Password updated" } });
    expect(await getSession(siteRequest("/", { cookie: oldSession }))).toBeNull();

    const caller = { request: siteRequest("/admin-login", { method: "POST" }), clientIp: freshIp() };
    expect((await signIn(caller, { email: "forgetful@example.test", password: "old-password-1" })).ok).toBe(false);
    expect((await signIn({ ...caller, clientIp: freshIp() }, { email: "forgetful@example.test", password: "new-password-1" })).ok).toBe(true);
    // The token is single-use.
    expect((await resetPassword({ ...caller, clientIp: freshIp() }, { token, password: "third-password-1" })).ok).toBe(false);
  });

  it("a reset request for an unknown address looks the same as for a known one", async () => {
    const result = await postAdminLogin({ intent: "request-reset", email: "ghost@example.test" }, freshIp());
    expect(result).toMatchObject({ ok: true, toast: { title: "Reset email sent" } });
    expect(await latestEmail("ghost@example.test", "password_reset")).toBeUndefined();
  });

  it("a reset request for an unknown address does the same database work as for a known one: expired links are deleted by the hourly housekeeping", async () => {
    const past = new Date(Date.now() - 60_000);
    const future = new Date(Date.now() + 60 * 60_000);
    await getDb().insert(verifications).values([
      { id: "expired-link", identifier: "reset-password:expired", value: "someone", expiresAt: past },
      { id: "live-link", identifier: "reset-password:live", value: "someone", expiresAt: future },
    ]);
    // Better Auth's clean-up ran on this path only (not for a known address): a statement more.
    const unknown = await postAdminLogin({ intent: "request-reset", email: "ghost-2@example.test" }, freshIp());
    expect(unknown.ok).toBe(true);
    const ids = async () => (await getDb().select({ id: verifications.id }).from(verifications).where(inArray(verifications.id, ["expired-link", "live-link"]))).map((row) => row.id).sort();
    expect(await ids()).toEqual(["expired-link", "live-link"]);
    expect(await deleteExpiredVerifications()).toBeGreaterThanOrEqual(1);
    expect(await ids()).toEqual(["live-link"]);
  });

  it("POST /logout ends the session and redirects with the spec's toast in a flash cookie", async () => {
    await createVerifiedUser("leaving@example.test", "leaving-password-1");
    const cookie = await signedInCookie("leaving@example.test", "leaving-password-1");
    const request = siteRequest("/logout", { form: { redirectTo: "/admin-login", from: "/admin" }, cookie });
    const response = (await logout.action(routeArgs(request) as Parameters<typeof logout.action>[0])) as Response;
    expect([response.status, response.headers.get("location")]).toEqual([302, "/admin-login"]);
    // React Router's redirectDocument: the browser loads the next page itself, which takes the toast.
    expect(response.headers.get("X-Remix-Reload-Document")).toBe("true");
    const setCookies = response.headers.getSetCookie();
    expect(setCookies.some((c) => /session_token=;|session_token=.*Max-Age=0/.test(c))).toBe(true);
    expect(setCookies.some((c) => c.startsWith("login_required_from=;"))).toBe(true);
    const flash = await takeFlashToast(new Request("http://x/", { headers: { cookie: cookieHeader(setCookies) } }));
    expect(flash.toast).toEqual({ kind: "success", title: "Signed out", description: "You have been signed out successfully." });
    expect(await getSession(siteRequest("/", { cookie }))).toBeNull();
  });

  it("POST /logout never redirects off the site", async () => {
    const request = siteRequest("/logout", { form: { redirectTo: "//evil.example/x", from: "/" } });
    const response = (await logout.action(routeArgs(request) as Parameters<typeof logout.action>[0])) as Response;
    expect(response.headers.get("location")).toBe("/");
  });

  it("a JSON body to a form action is a plain 400, not a 500", async () => {
    const request = new Request(siteRequest("/admin-login").url, {
      method: "POST",
      headers: { "content-type": "application/json", origin: new URL(siteRequest("/").url).origin },
      body: JSON.stringify({ intent: "sign-in" }),
    });
    await expect(adminLogin.action(routeArgs(request) as Parameters<typeof adminLogin.action>[0])).rejects.toMatchObject({
      data: "Bad request: this address accepts form submissions only.",
      init: { status: 400 },
    });
  });

  it("roles are read on every request: promotion and removal take effect at once", async () => {
    await createVerifiedUser("rising@example.test", "rising-password-1");
    const cookie = await signedInCookie("rising@example.test", "rising-password-1");
    const id = (await userIdOf("rising@example.test"))!;
    expect((await getSession(siteRequest("/", { cookie })))?.isAdmin).toBe(false);
    await grantAdminRole(id, getDb());
    expect(await getSession(siteRequest("/", { cookie }))).toMatchObject({ isAdmin: true, roles: ["admin"] });
    await getDb().delete(userRoles).where(eq(userRoles.userId, id));
    expect((await getSession(siteRequest("/", { cookie })))?.isAdmin).toBe(false);
  });

  it("an unverified account cannot be made admin", async () => {
    await postAdminLogin({ intent: "sign-up", email: "unverified@example.test", password: "unverified-1" }, freshIp());
    const id = (await userIdOf("unverified@example.test"))!;
    await expect(grantAdminRole(id, getDb())).rejects.toBeInstanceOf(UnverifiedEmailError);
    expect(await getDb().select().from(userRoles).where(eq(userRoles.userId, id))).toEqual([]);
  });

  it("the bootstrap paths create or promote a verified admin", async () => {
    const created = await ensureAdmin({ email: "Owner@Example.test", password: "owner-password-1" });
    expect(created).toMatchObject({ created: true, passwordChanged: true, generatedPassword: undefined });
    const cookie = await signedInCookie("owner@example.test", "owner-password-1");
    expect(await getSession(siteRequest("/", { cookie }))).toMatchObject({ isAdmin: true, user: { emailVerified: true } });

    // Same password at the next start: nothing changes, the session survives.
    expect(await ensureAdmin({ email: "owner@example.test", password: "owner-password-1" })).toMatchObject({
      created: false,
      passwordChanged: false,
    });
    expect(await getSession(siteRequest("/", { cookie }))).not.toBeNull();
    // A new password replaces the old one and signs the account out.
    expect(await ensureAdmin({ email: "owner@example.test", password: "owner-password-2" })).toMatchObject({ passwordChanged: true });
    expect(await getSession(siteRequest("/", { cookie }))).toBeNull();
    await signedInCookie("owner@example.test", "owner-password-2");

    // Promoting an unverified sign-up marks it verified (the operator vouches for it) and replaces
    // its password: whoever signed it up may not own the address.
    await postAdminLogin({ intent: "sign-up", email: "promoted@example.test", password: "promoted-1" }, freshIp());
    const promoted = await ensureAdmin({ email: "promoted@example.test" });
    expect(promoted).toMatchObject({ created: false, verifiedNow: true, passwordChanged: true });
    await signedInCookie("promoted@example.test", promoted.generatedPassword!);
    const [row] = await getDb().select({ verified: users.emailVerified }).from(users).where(eq(users.email, "promoted@example.test"));
    expect(row?.verified).toBe(true);

    // No password for a new account: one is generated and works.
    const generated = await ensureAdmin({ email: "generated@example.test" });
    expect(generated.generatedPassword).toMatch(/^[\w-]{20}$/);
    await signedInCookie("generated@example.test", generated.generatedPassword!);
  });

  it("the root loader's auth state: anonymous requests never touch the database", async () => {
    setDatabase(undefined);
    try {
      expect(await getRootAuthState(routeArgs(siteRequest("/")))).toEqual({ user: null, roles: [], isAdmin: false, authError: null });
    } finally {
      setDatabase(db.db);
    }
    await ensureAdmin({ email: "rooted@example.test", password: "rooted-password-1" });
    const cookie = await signedInCookie("rooted@example.test", "rooted-password-1");
    expect(await getRootAuthState(routeArgs(siteRequest("/", { cookie })))).toEqual({
      user: { id: expect.any(String), email: "rooted@example.test", name: "rooted", emailVerified: true },
      roles: ["admin"],
      isAdmin: true,
      authError: null,
    });
    // A database failure is reported, not thrown at a public page.
    setDatabase(undefined);
    try {
      expect(await getRootAuthState(routeArgs(siteRequest("/", { cookie })))).toMatchObject({
        user: null,
        authError: "Failed to check authentication status",
      });
      await expect(requireAdmin(routeArgs(siteRequest("/admin", { cookie })))).rejects.toMatchObject({
        init: { status: 503 },
        data: { reason: "unavailable", message: "Failed to check authentication status" },
      });
    } finally {
      setDatabase(db.db);
    }
  });

  it("the dashboard's quick overview counts posts, approved affiliates, this month's paid orders and their revenue", async () => {
    const now = new Date("2026-03-15T12:00:00Z");
    const before = await getAdminOverview(now);
    await getDb().insert(blogPosts).values([
      { title: "A", slug: "overview-a" },
      { title: "B", slug: "overview-b", status: "published", publishedAt: now },
    ]);
    const ids = await Promise.all(
      ["aff1@example.test", "aff2@example.test"].map(async (email) => {
        await ensureAdmin({ email, password: "affiliate-pass-1" });
        return (await userIdOf(email))!;
      }),
    );
    await getDb().insert(affiliates).values([
      { userId: ids[0]!, affiliateCode: "OVERVW01", status: "approved" },
      { userId: ids[1]!, affiliateCode: "OVERVW02", status: "pending" },
    ]);
    const monthStart = startOfBusinessMonth(now);
    expect(monthStart.toISOString()).toBe("2026-03-01T06:00:00.000Z");
    // Real payments: the test checkout's orders count as no revenue.
    await getDb().insert(orders).values([
      { provider: "stripe", providerSessionId: "ov-1", amountCents: 750000, status: "paid", paidAt: now },
      { provider: "stripe", providerSessionId: "ov-2", amountCents: 750000, refundedCents: 250000, status: "partially_refunded", paidAt: monthStart },
      { provider: "stripe", providerSessionId: "ov-3", amountCents: 750000, refundedCents: 750000, status: "refunded", paidAt: now },
      { provider: "stripe", providerSessionId: "ov-4", amountCents: 750000, status: "paid", paidAt: new Date(monthStart.getTime() - 1) },
      { provider: "stripe", providerSessionId: "ov-5", amountCents: 750000, status: "open" },
    ]);
    expect(await getAdminOverview(now)).toEqual({
      totalPosts: before.totalPosts + 2,
      activeAffiliates: before.activeAffiliates + 1,
      conversionsThisMonth: before.conversionsThisMonth + 2,
      // Kept after refunds: 7,500 + (7,500 - 2,500) + 0.
      revenueThisMonthCents: before.revenueThisMonthCents + 1_250_000,
      upcomingBookings: before.upcomingBookings,
      activeSubscribers: before.activeSubscribers,
    });
  });
});
