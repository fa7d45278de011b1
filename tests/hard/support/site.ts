// The production server as the hard suite meets it: started on PGlite or on a fresh PostgreSQL
// database, with one signed-in session per role, each made through the site's own flows (sign-up,
// the e-mailed verification link, the affiliate's application and the admin's approval).
import { rateLimitPolicies } from "~/lib/rate-limit-policies";
import { startServerWithAdmin, type AdminServer } from "../../support/live-server";
import { listMail, linkIn } from "../../support/mail-files";
import { createPostgresDatabase } from "../../../scripts/support/databases";

export type DatabaseKind = "pglite" | "postgres";
export type Role = "anonymous" | "user" | "affiliate" | "admin";
export const ROLES: readonly Role[] = ["anonymous", "user", "affiliate", "admin"];

export type Site = AdminServer & {
  url: string;
  /** The PostgreSQL database's URL; PGlite's is the server's DATA_DIR. */
  databaseUrl?: string;
  /** The Cookie header each role sends ("" for the anonymous visitor). */
  cookies: Record<Role, string>;
};

/** Which databases the suite runs on: PGlite always, PostgreSQL where TEST_DATABASE_URL is set. */
export function suiteDatabases(): DatabaseKind[] {
  if (process.env.CI && !process.env.TEST_DATABASE_URL) throw new Error("CI runs the hard suite on PostgreSQL too: set TEST_DATABASE_URL.");
  return process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
}

export const ADMIN = { email: "hard-admin@example.test", password: "hard-admin-password-1" };

/** Limits a person never meets but a suite of thousands of requests from one address would:
 * every policy of the rate limiter, and sign-in's. */
export const GENEROUS_LIMITS: Record<string, string> = {
  SIGN_IN_LIMIT_MAX: "100000",
  ...Object.fromEntries(
    Object.values(rateLimitPolicies).flatMap((policy) =>
      Object.keys(policy.limits).map((key) => [`RATE_LIMIT_${policy.env}_PER_${key.toUpperCase()}`, "100000/1h"]),
    ),
  ),
  MAILING_POSTAL_ADDRESS: "PO Box 1234, Wichita, KS 67201",
  LOG_LEVEL: "warn",
};

export async function startSite(kind: DatabaseKind, env: Record<string, string> = {}): Promise<Site> {
  const postgres = kind === "postgres" ? await createPostgresDatabase() : undefined;
  const admin = await startServerWithAdmin(ADMIN, {
    dataDirPrefix: `hard-${kind}-`,
    env: { ...GENEROUS_LIMITS, ...(postgres ? { DATABASE_URL: postgres.url } : {}), ...env },
  }).catch(async (error: unknown) => {
    await postgres?.drop();
    throw error;
  });
  const url = admin.server.url;
  const stop = async () => {
    await admin.stop();
    await postgres?.drop();
  };
  try {
    const user = await signUpVerified(url, admin.dataDir, `member-${kind}@example.test`);
    const affiliate = await signUpVerified(url, admin.dataDir, `partner-${kind}@example.test`);
    await approveAffiliate(url, affiliate, admin.adminCookie);
    return { ...admin, stop, url, databaseUrl: postgres?.url, cookies: { anonymous: "", user, affiliate, admin: admin.adminCookie } };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Headers of a same-origin form post from the site's own page. */
export function formHeaders(url: string, cookie = ""): Record<string, string> {
  return {
    origin: url,
    "sec-fetch-site": "same-origin",
    "content-type": "application/x-www-form-urlencoded",
    ...(cookie ? { cookie } : {}),
  };
}

function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** Signs up through Better Auth's endpoint, follows the e-mailed link; returns the session's Cookie. */
export async function signUpVerified(url: string, dataDir: string, email: string): Promise<string> {
  const password = `pw-${email}`;
  const signUp = await fetch(`${url}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { origin: url, "content-type": "application/json" },
    body: JSON.stringify({ email, password, name: email.split("@")[0], callbackURL: "/" }),
  });
  if (!signUp.ok) throw new Error(`sign-up of ${email}: ${signUp.status} ${await signUp.text()}`);
  const deadline = Date.now() + 15_000;
  let mail = listMail(dataDir).find((m) => m.kind === "account_verification" && m.to.includes(email));
  while (!mail && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    mail = listMail(dataDir).find((m) => m.kind === "account_verification" && m.to.includes(email));
  }
  if (!mail) throw new Error(`no verification e-mail to ${email}`);
  const verified = await fetch(linkIn(mail, "/verify-email"), { redirect: "manual" });
  if (verified.status !== 302) throw new Error(`verifying ${email}: ${verified.status}`);
  const signIn = await fetch(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { origin: url, "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  const cookie = cookiesOf(signIn);
  if (!signIn.ok || !/session_token=/.test(cookie)) throw new Error(`sign-in of ${email}: ${signIn.status}`);
  return cookie;
}

/** 'Apply to Become an Affiliate' as the user, then the admin's Approve on /affiliate-management. */
async function approveAffiliate(url: string, userCookie: string, adminCookie: string) {
  const applied = await fetch(`${url}/affiliate-dashboard`, {
    method: "POST",
    redirect: "manual",
    headers: formHeaders(url, userCookie),
    body: new URLSearchParams({ intent: "quick-apply" }),
  });
  if (applied.status >= 400) throw new Error(`quick apply: ${applied.status}`);
  // The page's data as its client reads it: the one affiliate there is, by its id.
  const management = await (await fetch(`${url}/affiliate-management.data`, { headers: { cookie: adminCookie } })).text();
  const affiliateId = /"([0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12})"/.exec(management)?.[1];
  if (!affiliateId) throw new Error("the new affiliate is not on /affiliate-management");
  const approved = await fetch(`${url}/affiliate-management`, {
    method: "POST",
    redirect: "manual",
    headers: formHeaders(url, adminCookie),
    body: new URLSearchParams({ intent: "status", affiliateId, action: "approve" }),
  });
  if (approved.status !== 200) throw new Error(`approving the affiliate: ${approved.status}`);
}
