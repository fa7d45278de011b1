import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "./env.server";

describe("parseEnv", () => {
  it("works with nothing set, on the documented defaults", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.SITE_URL).toBe("http://localhost:3000");
    expect(env.DATA_DIR).toBe("./data");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.NODE_ENV).toBe("development");
    expect(env.BOOKING_HORIZON_DAYS).toBe(180);
  });

  it("derives SITE_URL from PORT and strips a trailing slash from an explicit one", () => {
    expect(parseEnv({ PORT: "4100" }).SITE_URL).toBe("http://localhost:4100");
    expect(parseEnv({ SITE_URL: "https://example.com/", CHECKOUT_MODE: "off" }).SITE_URL).toBe("https://example.com");
  });

  it("runs the test checkout only where it is asked for or the site is this machine over http", () => {
    // npm start, the tests' servers (http://127.0.0.1:port): the built-in test checkout.
    expect(parseEnv({}).CHECKOUT_MODE).toBe("test");
    expect(parseEnv({ SITE_URL: "http://127.0.0.1:3100" }).CHECKOUT_MODE).toBe("test");
    expect(parseEnv({ SITE_URL: "http://[::1]:3000" }).CHECKOUT_MODE).toBe("test");
    // Anywhere else, no Stripe key means no checkout unless the test checkout is asked for.
    expect(parseEnv({ SITE_URL: "http://shop.example.com" }).CHECKOUT_MODE).toBe("off");
    expect(parseEnv({ SITE_URL: "http://localhost.example.com" }).CHECKOUT_MODE).toBe("off");
    expect(parseEnv({ SITE_URL: "https://example.com", CHECKOUT_MODE: "test" }).CHECKOUT_MODE).toBe("test");
    expect(parseEnv({ SITE_URL: "https://example.com", CHECKOUT_MODE: "off" }).CHECKOUT_MODE).toBe("off");
    const stripe = { STRIPE_SECRET_KEY: "sk_live_123", STRIPE_WEBHOOK_SECRET: "whsec_123" };
    expect(parseEnv({ ...stripe }).CHECKOUT_MODE).toBe("stripe");
    expect(parseEnv({ ...stripe, SITE_URL: "https://example.com" }).CHECKOUT_MODE).toBe("stripe");
    expect(parseEnv({ ...stripe, SITE_URL: "https://example.com", CHECKOUT_MODE: "off" }).CHECKOUT_MODE).toBe("off");
  });

  it("refuses a public https site with neither Stripe nor an explicit checkout mode", () => {
    expect(() => parseEnv({ SITE_URL: "https://example.com" })).toThrow(
      'Invalid configuration: CHECKOUT_MODE must be set when SITE_URL is https and STRIPE_SECRET_KEY is not: "test" for the built-in test checkout (no money is taken), "off" for no online enrolment',
    );
    expect(() => parseEnv({ CHECKOUT_MODE: "stripe" })).toThrow("Invalid configuration: CHECKOUT_MODE stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET");
    expect(() => parseEnv({ CHECKOUT_MODE: "test", STRIPE_SECRET_KEY: "sk_test_1", STRIPE_WEBHOOK_SECRET: "whsec_1" })).toThrow(
      "Invalid configuration: CHECKOUT_MODE test cannot be used with STRIPE_SECRET_KEY set: unset one of them",
    );
    expect(() => parseEnv({ CHECKOUT_MODE: "free" })).toThrow('Invalid configuration: CHECKOUT_MODE must be stripe, test or off (got "free")');
  });

  it("accepts a sender as an address, with or without a name", () => {
    for (const from of ["hello@example.com", "Halvorsen Advisory <hello@example.com>", '"Halvorsen, Advisory" <hello@example.com>']) {
      expect(parseEnv({ EMAIL_FROM: from }).EMAIL_FROM).toBe(from);
    }
    expect(() => parseEnv({ EMAIL_FROM: "Halvorsen <hello@example.com>\r\nBcc: x@evil.example" })).toThrow(ConfigError);
  });

  it("trusts X-Forwarded-For from loopback unless told which proxies to trust", () => {
    expect(parseEnv({}).TRUST_PROXY).toBe("loopback");
    expect(parseEnv({ TRUST_PROXY: "10.0.0.0/8, uniquelocal" }).TRUST_PROXY).toBe("10.0.0.0/8, uniquelocal");
    expect(() => parseEnv({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY must be loopback, linklocal, uniquelocal/);
  });

  it("records page views unless told off, and tells the pages", () => {
    expect(parseEnv({}).ANALYTICS_PAGE_VIEWS).toBe("on");
    expect(parseEnv({ ANALYTICS_PAGE_VIEWS: "off" }).ANALYTICS_PAGE_VIEWS).toBe("off");
    expect(() => parseEnv({ ANALYTICS_PAGE_VIEWS: "false" })).toThrow('ANALYTICS_PAGE_VIEWS must be "on" or "off" (got "false")');
  });

  it("treats empty variables as unset", () => {
    expect(parseEnv({ PORT: "", DATABASE_URL: " " }).PORT).toBe(3000);
  });

  it.each([
    [{ PORT: "abc" }, 'Invalid configuration: PORT must be a port number (got "abc")'],
    [{ PORT: "70000" }, 'Invalid configuration: PORT must be between 1 and 65535 (got "70000")'],
    [{ SITE_URL: "example.com" }, 'Invalid configuration: SITE_URL must be a http(s) URL (got "example.com")'],
    [{ DATABASE_URL: "mysql://x" }, "Invalid configuration: DATABASE_URL must be a postgres:// URL"],
    [{ OWNER_EMAIL: "nobody" }, 'Invalid configuration: OWNER_EMAIL must be an e-mail address (got "nobody")'],
    [{ SMTP_URL: "http://mail" }, "Invalid configuration: SMTP_URL must be a smtp:// or smtps:// URL"],
    [{ NODE_ENV: "staging" }, 'Invalid configuration: NODE_ENV must be development, production or test (got "staging")'],
    [{ ADMIN_EMAIL: "a@b.co" }, "Invalid configuration: ADMIN_EMAIL and ADMIN_PASSWORD must be set together"],
    [{ STRIPE_SECRET_KEY: "sk_test_123" }, "Invalid configuration: STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set"],
    [{ BOOKING_HORIZON_DAYS: "two weeks" }, 'Invalid configuration: BOOKING_HORIZON_DAYS must be a whole number of days (got "two weeks")'],
    [{ SIGN_IN_LIMIT_MAX: "many" }, 'Invalid configuration: SIGN_IN_LIMIT_MAX must be a whole number of attempts (got "many")'],
    [{ SIGN_IN_LIMIT_WINDOW_SECONDS: "0" }, 'Invalid configuration: SIGN_IN_LIMIT_WINDOW_SECONDS must be at least 1 (got "0")'],
    [{ BOOKING_HORIZON_DAYS: "0" }, 'Invalid configuration: BOOKING_HORIZON_DAYS must be between 1 and 3650 (got "0")'],
    [{ MAILING_POSTAL_ADDRESS: "PO" }, 'Invalid configuration: MAILING_POSTAL_ADDRESS must be a postal address on one line, 5 to 200 characters (got "PO")'],
    [{ UPLOAD_MAX_BYTES: "8MB" }, 'Invalid configuration: UPLOAD_MAX_BYTES must be a whole number of bytes (got "8MB")'],
    [{ UPLOAD_MAX_PIXELS: "100" }, 'Invalid configuration: UPLOAD_MAX_PIXELS must be between 10000 and 268435456 (got "100")'],
  ])("rejects %o with one line naming the variable", (source, message) => {
    expect(() => parseEnv(source)).toThrow(ConfigError);
    expect(() => parseEnv(source)).toThrow(message);
    try {
      parseEnv(source);
    } catch (error) {
      expect((error as Error).message).not.toContain("\n");
    }
  });

  // Secrets, and URLs that may carry a password, are named with the rule they break, never shown.
  it.each([
    ["ADMIN_PASSWORD", { ADMIN_EMAIL: "a@b.co", ADMIN_PASSWORD: "s3cr" }, "ADMIN_PASSWORD must be at least 8 characters", "s3cr"],
    ["BETTER_AUTH_SECRET", { BETTER_AUTH_SECRET: "too-short-signing-key" }, "BETTER_AUTH_SECRET must be at least 32 characters", "too-short-signing-key"],
    ["STRIPE_SECRET_KEY", { STRIPE_SECRET_KEY: "pk_live_51Hsecret", STRIPE_WEBHOOK_SECRET: "whsec_x" }, "STRIPE_SECRET_KEY must start with", "pk_live_51Hsecret"],
    ["STRIPE_WEBHOOK_SECRET", { STRIPE_WEBHOOK_SECRET: "wh_hidden_value" }, "STRIPE_WEBHOOK_SECRET must start with whsec_", "wh_hidden_value"],
    ["SMTP_URL", { SMTP_URL: "http://mailer:hunter2@mail.example" }, "SMTP_URL must be a smtp:// or smtps:// URL", "hunter2"],
    ["DATABASE_URL", { DATABASE_URL: "mysql://app:pg-pass-9@db/site" }, "DATABASE_URL must be a postgres:// URL", "pg-pass-9"],
    ["DATABASE_URL", { DATABASE_URL: "not a url with pg-pass-9" }, "DATABASE_URL must be a postgres:// URL", "pg-pass-9"],
    ["S3_ENDPOINT", { S3_ENDPOINT: "ftp://key:s3-secret@bucket" }, "S3_ENDPOINT must be a http(s) URL", "s3-secret"],
    ["EMAILJS_API_URL", { EMAILJS_API_URL: "ftp://user:emailjs-pass@api" }, "EMAILJS_API_URL must be a http(s) URL", "emailjs-pass"],
    ["SITE_URL", { SITE_URL: "ftp://user:site-pass@www.example.com" }, "SITE_URL must be a http(s) URL", "site-pass"],
  ])("%s: names the variable and the rule, and keeps the value out of the message", (_name, source, rule, secret) => {
    let message = "";
    try {
      parseEnv(source);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message).toContain(rule);
    expect(message).not.toContain(secret);
  });

  it("a private key without a rule of its own never appears either", () => {
    const source = { EMAILJS_PRIVATE_KEY: "emailjs-private", S3_SECRET_ACCESS_KEY: "s3-private", PORT: "abc" };
    expect(() => parseEnv(source)).toThrow('Invalid configuration: PORT must be a port number (got "abc")');
  });

  it("reads a rate limit as requests per window, and refuses one it cannot read", () => {
    expect(parseEnv({ RATE_LIMIT_BOOKING_PER_CLIENT: "3/10m", RATE_LIMIT_BOOKING_PER_EMAIL: "2/d" })).toMatchObject({
      RATE_LIMIT_BOOKING_PER_CLIENT: { points: 3, seconds: 600 },
      RATE_LIMIT_BOOKING_PER_EMAIL: { points: 2, seconds: 86_400 },
    });
    expect(parseEnv({}).RATE_LIMIT_BOOKING_PER_CLIENT).toBeUndefined();
    for (const bad of ["20", "20/h/1", "0/1h", "twenty/1h", "20/0h"]) {
      expect(() => parseEnv({ RATE_LIMIT_NEWSLETTER_PER_EMAIL: bad }), bad).toThrow(
        new ConfigError(
          `Invalid configuration: RATE_LIMIT_NEWSLETTER_PER_EMAIL must be a number of requests per time, like 20/1h (s, m, h or d) (got "${bad}")`,
        ),
      );
    }
  });
});
