// The newsletter's subscriber side on each database, through its route modules: sign-up (the
// duplicate decided by the unique constraint under 20 concurrent requests, re-subscribing, every
// message), the welcome e-mail in the outbox and over real SMTP with its List-Unsubscribe headers,
// and unsubscribing (the page's button, the one-click POST, tokens that are not the address's).
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as subscribeRoute from "~/routes/newsletter";
import * as oneClickRoute from "~/routes/newsletter-one-click";
import * as unsubscribeRoute from "~/routes/newsletter-unsubscribe";
import { NEWSLETTER_WELCOME_KIND } from "~/features/newsletter/mailing.server";
import { subscribe } from "~/features/newsletter/subscriptions.server";
import { getEnv, parseEnv } from "~/lib/env.server";
import { takeFlashToast } from "~/lib/flash-toast.server";
import { emailOutbox } from "#server/db/schema";
import { newsletterSubscriptions } from "~/features/newsletter/schema";
import { deliverNow, enqueueEmail } from "#server/email/outbox.server";
import { createTransports } from "#server/email/transport.server";
import { freshIp, routeArgs, siteRequest } from "../support/auth";
import { tempDir } from "../../scripts/support/databases";
import { testDatabases, type TestDatabase } from "../support/databases";
import { clearRateLimits } from "../support/rate-limits";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";

process.env.BETTER_AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";
process.env.DATA_DIR ??= tempDir("newsletter-");
// 20 sign-ups of one address (and a 21st) must reach the database; the limits' own test below
// holds them to these settings.
const LIMIT = 25;
process.env.RATE_LIMIT_NEWSLETTER_PER_EMAIL = `${LIMIT}/1d`;
process.env.RATE_LIMIT_NEWSLETTER_PER_CLIENT = `${LIMIT}/1h`;

/** The action's answer: a redirect, a Response, or data with its status and headers. */
async function answerOf(value: unknown) {
  if (value instanceof Response) {
    return { status: value.status, data: undefined as any, headers: value.headers, text: await value.clone().text() };
  }
  const { data, init } = value as { data: any; init?: ResponseInit | null };
  return { status: init?.status ?? 200, data, headers: new Headers(init?.headers), text: "" };
}

function signUp(form: Record<string, string>, ip = freshIp()) {
  return subscribeRoute.action(routeArgs(siteRequest("/newsletter", { form }), ip) as never).then(answerOf);
}

/** The token in a welcome e-mail's unsubscribe link. */
function tokenIn(text: string) {
  const token = /\/newsletter\/unsubscribe\/([0-9a-f]{32})\b/.exec(text)?.[1];
  if (!token) throw new Error(`No unsubscribe link in:\n${text}`);
  return token;
}

function oneClick(token: string, headers: Record<string, string> = {}) {
  const request = new Request(`http://127.0.0.1/newsletter/one-click/${token}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: "List-Unsubscribe=One-Click",
  });
  return oneClickRoute.action(routeArgs(request, freshIp(), { token }) as never).then(answerOf);
}

function pressUnsubscribe(token: string) {
  const request = siteRequest(`/newsletter/unsubscribe/${token}`, { form: { intent: "unsubscribe" } });
  return unsubscribeRoute.action(routeArgs(request, freshIp(), { token }) as never).then(answerOf);
}

async function openUnsubscribePage(token: string) {
  const page = await unsubscribeRoute.loader(routeArgs(siteRequest(`/newsletter/unsubscribe/${token}`), freshIp(), { token }) as never);
  return (await answerOf(page)).data;
}

describe.each(testDatabases.map((d) => [d.name, d] as const))("the newsletter on %s", (_name, database) => {
  let db: TestDatabase;
  const rowsOf = (email: string) => db.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email));
  const welcomesTo = (email: string) =>
    db.db.select().from(emailOutbox).where(and(eq(emailOutbox.to, email), eq(emailOutbox.kind, NEWSLETTER_WELCOME_KIND)));

  beforeAll(async () => {
    db = await database.open();
  });
  afterAll(() => db.close());
  beforeEach(async () => {
    await clearRateLimits(db);
  });

  it("subscribes the address trimmed and lower-cased with its source, and queues one welcome with the unsubscribe headers", async () => {
    const answer = await signUp({ email: "  Reader.One@Example.COM ", source: "blog_footer" });
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({
      ok: true,
      toast: { kind: "success", title: "Successfully subscribed!", description: "You'll receive our monthly manufacturing intelligence newsletter." },
    });
    const [row] = await rowsOf("reader.one@example.com");
    expect(row).toMatchObject({ source: "blog_footer", unsubscribedAt: null });
    const [welcome] = await welcomesTo("reader.one@example.com");
    expect(welcome!.status).toBe("sent");
    const token = tokenIn(welcome!.text);
    expect(token).toBe(row!.unsubscribeToken);
    expect(welcome!.headers).toEqual({
      "List-Unsubscribe": `<${getEnv().SITE_URL}/newsletter/one-click/${token}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });

  it("answers every validation message of the spec, as a toast and under the field", async () => {
    const empty = await signUp({ email: "", source: "popup" });
    expect(empty.status).toBe(400);
    expect(empty.data.toast).toEqual({ kind: "error", title: "Email required", description: "Please enter your email address" });
    expect(empty.data.reply.error.email).toEqual(["Please enter your email address"]);
    for (const email of ["no-at-sign.example.com", "a@b", "two words@example.com", "a@b .com"]) {
      const bad = await signUp({ email, source: "popup" });
      expect(bad.status, email).toBe(400);
      expect(bad.data.toast).toEqual({ kind: "error", title: "Invalid email", description: "Please enter a valid email address" });
      expect(bad.data.reply.error.email).toEqual(["Please enter a valid email address"]);
    }
    // A source the spec does not know is the generic failure, not a 500.
    const odd = await signUp({ email: "odd@example.com", source: "sidebar" });
    expect(odd.data.toast.title).toBe("Subscription failed");
    expect(await rowsOf("odd@example.com")).toHaveLength(0);
  });

  it("makes one row and one welcome of 20 concurrent sign-ups of one address; the other 19 are 'Already subscribed'", async () => {
    const email = "crowd@example.com";
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signUp({ email: i % 2 ? email.toUpperCase() : email, source: i % 2 ? "popup" : "blog_footer" })),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    const duplicates = answers.filter((answer) => answer.status === 409);
    expect(duplicates).toHaveLength(19);
    for (const duplicate of duplicates) {
      expect(duplicate.data.toast).toEqual({
        kind: "error",
        title: "Already subscribed",
        description: "This email is already subscribed to our newsletter",
      });
      expect(duplicate.data.reply.error.email).toEqual(["This email is already subscribed to our newsletter"]);
    }
    expect(await rowsOf(email)).toHaveLength(1);
    expect(await welcomesTo(email)).toHaveLength(1);
  });

  it("makes an unsubscribed address active again, with a new token and a new welcome; its old link no longer works", async () => {
    const email = "returning@example.com";
    await signUp({ email, source: "blog_footer" });
    const firstToken = tokenIn((await welcomesTo(email))[0]!.text);
    const [first] = await rowsOf(email);
    expect(first!.subscribedAt.getTime()).toBe(first!.createdAt.getTime());
    // The first sign-up was a while ago.
    await db.db.update(newsletterSubscriptions).set({ subscribedAt: new Date("2026-01-05T12:00:00Z") }).where(eq(newsletterSubscriptions.email, email));
    expect((await oneClick(firstToken)).status).toBe(200);
    expect((await rowsOf(email))[0]!.unsubscribedAt).toBeInstanceOf(Date);

    const again = await signUp({ email, source: "popup" });
    expect(again.data.toast.title).toBe("Successfully subscribed!");
    const [row] = await rowsOf(email);
    expect(row).toMatchObject({ source: "popup", unsubscribedAt: null });
    // subscribed_at is the return, not the first sign-up.
    expect(row!.subscribedAt.getTime()).toBeGreaterThan(new Date("2026-06-01").getTime());
    expect(row!.unsubscribeToken).not.toBe(firstToken);
    const welcomes = await welcomesTo(email);
    expect(welcomes).toHaveLength(2);
    const secondToken = tokenIn(welcomes.find((mail) => !mail.text.includes(firstToken))!.text);
    expect(secondToken).toBe(row!.unsubscribeToken);

    // The old mail's link: answered like any other, changes nothing.
    expect((await oneClick(firstToken)).status).toBe(200);
    expect((await rowsOf(email))[0]!.unsubscribedAt).toBeNull();
    // And a second sign-up now is a duplicate again.
    expect((await signUp({ email, source: "popup" })).data.toast.title).toBe("Already subscribed");
  });

  it("sends 20 concurrent re-subscriptions of an unsubscribed address one welcome", async () => {
    const email = "back-again@example.com";
    await signUp({ email, source: "blog_footer" });
    await oneClick(tokenIn((await welcomesTo(email))[0]!.text));
    const answers = await Promise.all(Array.from({ length: 20 }, () => signUp({ email, source: "popup" })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(19);
    expect(await welcomesTo(email)).toHaveLength(2);
  });

  it("unsubscribes with the one-click POST without a cookie or origin, and from another origin; idempotent, and the same answer for any token", async () => {
    const email = "one-click@example.com";
    await signUp({ email, source: "blog_footer" });
    const token = tokenIn((await welcomesTo(email))[0]!.text);

    const first = await oneClick(token, { origin: "https://mail.example.net", "sec-fetch-site": "cross-site" });
    const second = await oneClick(token);
    const unknown = await oneClick("0".repeat(32));
    for (const answer of [first, second, unknown]) {
      expect(answer.status).toBe(200);
      expect(answer.text).toBe(first.text);
      expect(answer.headers.get("set-cookie")).toBeNull();
    }
    expect((await rowsOf(email))[0]!.unsubscribedAt).toBeInstanceOf(Date);
    // Multipart, RFC 8058's preferred encoding, works too; any other body is a 400, never a 500.
    const multipart = new FormData();
    multipart.set("List-Unsubscribe", "One-Click");
    const request = new Request(`http://127.0.0.1/newsletter/one-click/${token}`, { method: "POST", body: multipart });
    expect((await answerOf(await oneClickRoute.action(routeArgs(request, freshIp(), { token }) as never))).status).toBe(200);
    const wrongBody = new Request(`http://127.0.0.1/newsletter/one-click/${token}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=Yes",
    });
    expect((await answerOf(await oneClickRoute.action(routeArgs(wrongBody, freshIp(), { token }) as never))).status).toBe(400);
    // Opening the List-Unsubscribe URL in a browser only shows the page.
    const opened = oneClickRoute.loader(routeArgs(new Request(`http://127.0.0.1/newsletter/one-click/${token}`), freshIp(), { token }) as never);
    expect((await answerOf(opened)).headers.get("location")).toBe(`/newsletter/unsubscribe/${token}`);
  });

  it("a token unsubscribes only its own address; the page's button is idempotent and answers every token alike", async () => {
    await signUp({ email: "alice@example.com", source: "blog_footer" });
    await signUp({ email: "bob@example.com", source: "popup" });
    const alice = tokenIn((await welcomesTo("alice@example.com"))[0]!.text);
    const bob = tokenIn((await welcomesTo("bob@example.com"))[0]!.text);

    expect(await openUnsubscribePage(alice)).toEqual({ state: "subscribed", maskedEmail: "a•••@example.com" });
    const pressed = await pressUnsubscribe(alice);
    expect(pressed.status).toBe(302);
    expect(pressed.headers.get("location")).toBe(`/newsletter/unsubscribe/${alice}`);
    const cookie = pressed.headers.get("set-cookie")!.split(";")[0]!;
    expect((await takeFlashToast(new Request("http://x/", { headers: { cookie } }))).toast).toEqual({
      kind: "success",
      title: "Unsubscribed",
      description: "You will not receive the newsletter any more.",
    });
    expect((await pressUnsubscribe(alice)).status).toBe(302);
    expect(await openUnsubscribePage(alice)).toEqual({ state: "not-subscribed", maskedEmail: "a•••@example.com" });

    // Alice's token did nothing to Bob; a made-up token answers exactly as Alice's did.
    expect((await rowsOf("bob@example.com"))[0]!.unsubscribedAt).toBeNull();
    expect(await openUnsubscribePage(bob)).toEqual({ state: "subscribed", maskedEmail: "b•••@example.com" });
    const madeUp = await pressUnsubscribe("f".repeat(32));
    expect(madeUp.status).toBe(302);
    expect(madeUp.headers.get("location")).toBe(`/newsletter/unsubscribe/${"f".repeat(32)}`);
    expect(madeUp.headers.get("set-cookie")!.split(";")[0]).toBe(cookie);
    expect(await openUnsubscribePage("f".repeat(32))).toEqual({ state: "not-subscribed", maskedEmail: null });
  });

  it("drops newsletter mail still queued for an address when it unsubscribes, and leaves its other mail alone", async () => {
    const email = "leaving@example.com";
    const joined = await subscribe({ email, source: "popup" });
    if (joined.outcome === "already-subscribed") throw new Error("expected a new subscription");
    const other = await enqueueEmail({ kind: "booking_confirmation", to: email, subject: "Booking", html: "<p>x</p>", text: "x" });
    const token = (await rowsOf(email))[0]!.unsubscribeToken;
    await oneClick(token);
    const mails = await db.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    expect(mails.find((mail) => mail.id === joined.welcomeEmailId)).toMatchObject({
      status: "dropped",
      lastError: "The address unsubscribed from the newsletter",
    });
    expect(mails.find((mail) => mail.id === other.id)!.status).toBe("pending");
    // The worker never sends a dropped row.
    expect(await deliverNow(joined.welcomeEmailId)).toMatchObject({ ok: false });
    expect((await db.db.select().from(emailOutbox).where(eq(emailOutbox.id, joined.welcomeEmailId)))[0]!.status).toBe("dropped");
  });

  it("refuses past the limit per client and per address with 429, Retry-After and the limit's message", async () => {
    const ip = freshIp();
    for (let i = 0; i < LIMIT; i++) expect((await signUp({ email: `many-${i}@example.com`, source: "blog_footer" }, ip)).status).toBe(200);
    const refused = await signUp({ email: "one-more@example.com", source: "blog_footer" }, ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.data.toast).toMatchObject({ kind: "error", title: "Subscription failed" });
    expect(refused.data.toast.description).toMatch(/^Too many newsletter sign-ups from your network address\. Please try again in \d+ minutes\.$/);
    expect(await rowsOf("one-more@example.com")).toHaveLength(0);
    // Another client is not held back.
    expect((await signUp({ email: "one-more@example.com", source: "blog_footer" })).status).toBe(200);

    // Per address, whichever client asks, in any letter case.
    const email = "target@example.com";
    for (let i = 0; i < LIMIT; i++) await signUp({ email: i % 2 ? email : email.toUpperCase(), source: "popup" });
    const byAddress = await signUp({ email, source: "popup" });
    expect(byAddress.status).toBe(429);
    expect(byAddress.data.toast.description).toMatch(/^Too many newsletter sign-ups for this e-mail address\. Please try again in \d+ hours\.$/);
  });

  describe("over SMTP", () => {
    let sink: SmtpSink;
    beforeAll(async () => {
      sink = await startSmtpSink();
    });
    afterAll(() => sink.stop());

    it("the welcome arrives with both List-Unsubscribe headers, a text part and the subscriber's own link", async () => {
      const email = "smtp-reader@example.com";
      const joined = await subscribe({ email, source: "blog_footer" });
      if (joined.outcome === "already-subscribed") throw new Error("expected a new subscription");
      const token = (await rowsOf(email))[0]!.unsubscribeToken;
      const transports = createTransports(parseEnv({ SMTP_URL: sink.url, DATA_DIR: db.dataDir, SITE_URL: "https://example.com", CHECKOUT_MODE: "off" }));
      try {
        expect(await deliverNow(joined.welcomeEmailId, { transports })).toEqual({ ok: true });
      } finally {
        transports.close();
      }
      expect(sink.deliveriesOf(joined.welcomeEmailId)).toBe(1);
      const mail = sink.received.find((received) => received.messageId?.startsWith(`${joined.welcomeEmailId}@`))!;
      expect(mail.rcptTo).toEqual([email]);
      const [head = "", ...body] = mail.raw.split(/\r\n\r\n/);
      const headers = head.replace(/\r\n[ \t]+/g, " ");
      expect(headers).toMatch(new RegExp(`^List-Unsubscribe: <https?://[^>]+/newsletter/one-click/${token}>$`, "m"));
      expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
      const rest = body.join("\r\n\r\n");
      expect(rest).toMatch(/Content-Type: text\/plain/i);
      expect(rest).toMatch(/Content-Type: text\/html/i);
      expect(rest.replace(/=\r\n/g, "")).toContain(`/newsletter/unsubscribe/${token}`);
    });
  });
});
