// Accounts against abuse: redirect targets that leave the site or break the Location header, a
// mailbox flooded through sign-in attempts or reset requests, and preflights counted as sign-ins.
// Whether a reset request's timing tells registered addresses from unknown ones is a benchmark
// figure (npm run bench:reset-timing), not a test.
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passwordResetEmailsQueued } from "~/features/auth/emails.server";
import { requestPasswordReset, signIn, signUp } from "~/features/auth/flows.server";
import { DEFAULT_AUTH_REDIRECT } from "~/features/auth/forms";
import { getEnv } from "~/lib/env.server";
import * as apiAuth from "~/routes/api-auth";
import * as authPage from "~/routes/auth";
import { getDb } from "#server/db/client.server";
import { emailOutbox } from "#server/db/schema";
import { createVerifiedUser, freshIp, routeArgs, signedInCookie, siteRequest } from "../support/auth";
import { testDatabases, type TestDatabase } from "../support/databases";
import { tempDir } from "../../scripts/support/databases";

process.env.BETTER_AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";
process.env.DATA_DIR ??= tempDir("auth-security-");

const caller = () => ({ request: siteRequest("/admin-login", { method: "POST" }), clientIp: freshIp() });

async function mailsTo(to: string, kind: "account_verification" | "password_reset") {
  const [row] = await getDb()
    .select({ n: count() })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to), eq(emailOutbox.kind, kind)));
  return row!.n;
}

describe.each(testDatabases.map((d) => [d.name, d] as const))("on %s", (_name, database) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await database.open();
  });
  afterAll(() => db.close());

  it.each(["/%09/evil.example", "/%0a/x", "/%00/x", "/%0d%0aSet-Cookie:x=1", "//evil", "/%5Cevil", "https://evil", "javascript:alert(1)"])(
    "/auth?redirect=%s sends a signed-in visitor to the default page",
    async (target) => {
      await createVerifiedUser(`redirect-${encodeURIComponent(target).length}-${target.length}@example.test`, "redirect-password-1").catch(
        () => undefined, // the same length pair twice: the account exists already
      );
      const cookie = await signedInCookie(
        `redirect-${encodeURIComponent(target).length}-${target.length}@example.test`,
        "redirect-password-1",
      );
      const request = siteRequest(`/auth?redirect=${target}`, { cookie });
      const thrown = await authPage
        .loader(routeArgs(request) as unknown as Parameters<typeof authPage.loader>[0])
        .catch((error: unknown) => error);
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).headers.get("location")).toBe(DEFAULT_AUTH_REDIRECT);
    },
  );

  it("OPTIONS requests do not count against the sign-in limit", async () => {
    const email = "preflight@example.test";
    await createVerifiedUser(email, "preflight-password-1");
    const ip = freshIp();
    const action = (request: Request) => apiAuth.action(routeArgs(request, ip) as unknown as Parameters<typeof apiAuth.action>[0]);
    for (let i = 0; i < 5; i++) {
      const preflight = await action(siteRequest("/api/auth/sign-in/email", { method: "OPTIONS" }));
      expect(preflight.status).toBe(204);
    }
    const signInRequest = () =>
      new Request(`${getEnv().SITE_URL}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: getEnv().SITE_URL, "sec-fetch-site": "same-origin" },
        body: JSON.stringify({ email, password: "preflight-password-1" }),
      });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await action(signInRequest())).status);
    // The limit (3 in 10 s) still holds for the sign-ins themselves.
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it("sign-in attempts on an unconfirmed account send at most 3 confirmation mails an hour, with unchanged answers", async () => {
    const email = "flooded@example.test";
    expect((await signUp(caller(), { email, password: "flooded-password-1" })).ok).toBe(true);
    const answers = [];
    // From a fresh client address each time: the limit is the mailbox's, not the client's.
    for (let attempt = 0; attempt < 12; attempt++) {
      const outcome = await signIn(caller(), { email, password: "flooded-password-1" });
      answers.push(outcome.ok ? "ok" : `${outcome.status} ${outcome.code} ${outcome.message}`);
    }
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]).toMatch(/^403 EMAIL_NOT_VERIFIED /);
    expect(await mailsTo(email, "account_verification")).toBe(3);
  });

  it("reset requests send at most 3 mails an hour to one address, and answer as for an unknown one", async () => {
    const email = "resetting@example.test";
    await createVerifiedUser(email, "resetting-password-1");
    const answers = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const outcome = await requestPasswordReset(caller(), { email });
      answers.push(JSON.stringify(outcome));
    }
    const unknown = await requestPasswordReset(caller(), { email: "nobody-here@example.test" });
    expect(new Set([...answers, JSON.stringify(unknown)])).toEqual(new Set([JSON.stringify({ ok: true, setCookies: [] })]));
    await passwordResetEmailsQueued();
    expect(await mailsTo(email, "password_reset")).toBe(3);
    expect(await mailsTo("nobody-here@example.test", "password_reset")).toBe(0);
  });
});
