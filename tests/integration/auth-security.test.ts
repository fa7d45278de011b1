// Accounts against abuse: redirect targets that leave the site or break the Location header, a
// mailbox flooded through sign-in attempts or reset requests, and reset requests that would tell
// registered addresses from unknown ones by their timing.
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passwordResetEmailsQueued } from "~/features/auth/emails.server";
import { requestPasswordReset, signIn, signUp } from "~/features/auth/flows.server";
import { DEFAULT_AUTH_REDIRECT } from "~/features/auth/schema";
import * as authPage from "~/routes/auth";
import { getDb } from "#server/db/client.server";
import { emailOutbox } from "#server/db/schema";
import { createVerifiedUser, freshIp, routeArgs, signedInCookie, siteRequest } from "../support/auth";
import { tempDir, testDatabases, type TestDatabase } from "../support/databases";

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

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
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

  it("a reset request takes about as long for a registered address as for an unknown one (median of 25)", async () => {
    const registered = Array.from({ length: 25 }, (_, i) => `timing-${i}@example.test`);
    for (const email of [...registered, "timing-warm@example.test"]) await createVerifiedUser(email, "timing-password-1");
    const timed = async (email: string) => {
      // The previous request's mail work (queued after its answer) must not land in this one.
      await passwordResetEmailsQueued();
      await new Promise((resolve) => setTimeout(resolve, 30));
      const started = performance.now();
      const outcome = await requestPasswordReset(caller(), { email });
      expect(outcome.ok).toBe(true);
      return performance.now() - started;
    };
    // Warm both paths, then alternate so that both see the same machine.
    await timed("warm-up@example.test");
    await timed("timing-warm@example.test");
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 25; i++) {
      known.push(await timed(registered[i]!));
      unknown.push(await timed(`unknown-${i}@example.test`));
    }
    await passwordResetEmailsQueued();
    for (const email of registered) expect(await mailsTo(email, "password_reset")).toBe(1);
    const [a, b] = [median(known), median(unknown)];
    expect(Math.abs(a - b) / Math.min(a, b), `median ${a.toFixed(2)} ms vs ${b.toFixed(2)} ms`).toBeLessThanOrEqual(0.2);
  }, 120_000);
});
