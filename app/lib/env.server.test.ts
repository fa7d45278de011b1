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
  });

  it("derives SITE_URL from PORT and strips a trailing slash from an explicit one", () => {
    expect(parseEnv({ PORT: "4100" }).SITE_URL).toBe("http://localhost:4100");
    expect(parseEnv({ SITE_URL: "https://example.com/" }).SITE_URL).toBe("https://example.com");
  });

  it("treats empty variables as unset", () => {
    expect(parseEnv({ PORT: "", DATABASE_URL: " " }).PORT).toBe(3000);
  });

  it.each([
    [{ PORT: "abc" }, 'Invalid configuration: PORT must be a port number (got "abc")'],
    [{ PORT: "70000" }, 'Invalid configuration: PORT must be between 1 and 65535 (got "70000")'],
    [{ SITE_URL: "example.com" }, 'Invalid configuration: SITE_URL must be a http(s) URL (got "example.com")'],
    [{ DATABASE_URL: "mysql://x" }, 'Invalid configuration: DATABASE_URL must be a postgres:// URL (got "mysql://x")'],
    [{ OWNER_EMAIL: "nobody" }, 'Invalid configuration: OWNER_EMAIL must be an e-mail address (got "nobody")'],
    [{ SMTP_URL: "http://mail" }, 'Invalid configuration: SMTP_URL must be a smtp:// or smtps:// URL (got "http://mail")'],
    [{ NODE_ENV: "staging" }, 'Invalid configuration: NODE_ENV must be development, production or test (got "staging")'],
    [{ ADMIN_EMAIL: "a@b.co" }, "Invalid configuration: ADMIN_EMAIL and ADMIN_PASSWORD must be set together"],
    [{ STRIPE_SECRET_KEY: "sk_test_123" }, "Invalid configuration: STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set"],
  ])("rejects %o with one line naming the variable", (source, message) => {
    expect(() => parseEnv(source)).toThrow(ConfigError);
    expect(() => parseEnv(source)).toThrow(message);
    try {
      parseEnv(source);
    } catch (error) {
      expect((error as Error).message).not.toContain("\n");
    }
  });
});
