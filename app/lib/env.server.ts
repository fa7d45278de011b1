// Configuration, validated once at boot (DESIGN.md section 3). Every variable is optional: the
// defaults make `npm start` work on a machine with nothing set.
import { z } from "zod";
import { parseSenderAddress } from "./email-address";
import { rateLimitEnvShape } from "./rate-limit-policies";

const optionalUrl = (protocols: RegExp, hint: string) =>
  z
    .string()
    .refine((value) => URL.canParse(value) && protocols.test(value), {
      error: `must be a ${hint} URL`,
    })
    .optional();

const CREDENTIALS_IN_URL = /\/\/[^/?#]*@/;

const CHECKOUT_MODES = ["stripe", "test", "off"] as const;
export type CheckoutMode = (typeof CHECKOUT_MODES)[number];

/** http on this machine: only its own user can reach the test checkout's free enrolments there. */
function isLocalHttp(siteUrl: string) {
  const url = new URL(siteUrl);
  return url.protocol === "http:" && (url.hostname === "localhost" || url.hostname === "[::1]" || /^127(\.\d{1,3}){3}$/.test(url.hostname));
}

const TRUSTED_PROXY_ITEM = /^(?:loopback|linklocal|uniquelocal|[0-9a-f.:]+(?:\/\d{1,3})?)$/i;

const envSchema = z
  .object({
    NODE_ENV: z
      .enum(["development", "production", "test"], {
        error: "must be development, production or test",
      })
      .default("development"),
    PORT: z.coerce
      .number({ error: "must be a port number" })
      .int({ error: "must be a whole number" })
      .min(1, { error: "must be between 1 and 65535" })
      .max(65535, { error: "must be between 1 and 65535" })
      .default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    // Which proxies' X-Forwarded-For is believed (Express's "trust proxy"): the client's address
    // decides the rate limits, so only a proxy that overwrites the header may be trusted
    // (docs/deploy.md). Names (loopback, linklocal, uniquelocal), addresses and subnets, comma-separated.
    TRUST_PROXY: z
      .string()
      .trim()
      .default("loopback")
      .refine((value) => value.split(",").every((item) => TRUSTED_PROXY_ITEM.test(item.trim())), {
        error: "must be loopback, linklocal, uniquelocal, or IP addresses and subnets, comma-separated",
      }),
    SITE_URL: optionalUrl(/^https?:\/\//, "http(s)").refine((value) => !value || !CREDENTIALS_IN_URL.test(value), {
      // It is printed in links and e-mails: a user name and password there would be published.
      error: "must not carry a user name or password",
    }),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: optionalUrl(/^postgres(ql)?:\/\//, "postgres://"),
    OWNER_EMAIL: z.email({ error: "must be an e-mail address" }).default("owner@example.com"),
    ADMIN_EMAIL: z.email({ error: "must be an e-mail address" }).optional(),
    ADMIN_PASSWORD: z.string().min(8, { error: "must be at least 8 characters" }).optional(),
    SMTP_URL: optionalUrl(/^smtps?:\/\//, "smtp:// or smtps://"),
    EMAIL_FROM: z
      .string()
      .refine((value) => parseSenderAddress(value) !== undefined, { error: 'must be an e-mail address, optionally with a name: "Name <hello@example.com>"' })
      .optional(),
    EMAILJS_SERVICE_ID: z.string().optional(),
    EMAILJS_TEMPLATE_ID: z.string().optional(),
    EMAILJS_PUBLIC_KEY: z.string().optional(),
    EMAILJS_PRIVATE_KEY: z.string().optional(),
    EMAILJS_API_URL: optionalUrl(/^https?:\/\//, "http(s)"),
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_/, { error: "must start with sk_test_, sk_live_ or rk_" })
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .startsWith("whsec_", { error: "must start with whsec_" })
      .optional(),
    // Which checkout 'Enroll Now' opens (docs/payments.md); unset: Stripe with a key, else the test
    // checkout on this machine over http, else none (an https site must choose).
    CHECKOUT_MODE: z.enum(CHECKOUT_MODES, { error: "must be stripe, test or off" }).optional(),
    // Another address for the Stripe API (stripe-mock, or the tests' stand-in); unset: Stripe's own.
    STRIPE_API_BASE: optionalUrl(/^https?:\/\//, "http(s)"),
    S3_BUCKET: z.string().optional(),
    S3_ENDPOINT: optionalUrl(/^https?:\/\//, "http(s)"),
    S3_REGION: z.string().optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    // How many daily backups are kept (in DATA_DIR/backups, or the S3 bucket's backups/).
    BACKUP_KEEP: z.coerce.number({ error: "must be a whole number" }).int().min(1, { error: "must be at least 1" }).default(14),
    // A trusted proxy's header with the visitor's country (e.g. cf-ipcountry); unset: no countries.
    ANALYTICS_COUNTRY_HEADER: z
      .string()
      .regex(/^[A-Za-z0-9-]+$/, { error: "must be a header name, like cf-ipcountry" })
      .transform((value) => value.toLowerCase())
      .optional(),
    // off: pages send no page-view beacon and the server stores none (business events still count).
    ANALYTICS_PAGE_VIEWS: z.enum(["on", "off"], { error: 'must be "on" or "off"' }).default("on"),
    // Raw page views older than this many days are rolled up into daily totals and removed.
    ANALYTICS_RETENTION_DAYS: z.coerce
      .number({ error: "must be a whole number of days" })
      .int({ error: "must be a whole number of days" })
      .min(30, { error: "must be between 30 and 3650" })
      .max(3650, { error: "must be between 30 and 3650" })
      .default(400),
    // How many newsletter issue messages go out per minute (the SMTP provider's limits).
    NEWSLETTER_SEND_PER_MINUTE: z.coerce
      .number({ error: "must be a whole number of messages" })
      .int({ error: "must be a whole number of messages" })
      .min(1, { error: "must be between 1 and 100000" })
      .max(100_000, { error: "must be between 1 and 100000" })
      .default(600),
    // How fast an issue is queued, subscribers a second; unset, 1,000 on PGlite and 4,000 on PostgreSQL.
    NEWSLETTER_QUEUE_PER_SECOND: z.coerce
      .number({ error: "must be a whole number of subscribers" })
      .int({ error: "must be a whole number of subscribers" })
      .min(1, { error: "must be between 1 and 100000" })
      .max(100_000, { error: "must be between 1 and 100000" })
      .optional(),
    // The sender's postal address, printed in every newsletter message (CAN-SPAM); issues are not
    // sent without it.
    MAILING_POSTAL_ADDRESS: z
      .string()
      .trim()
      .min(5, { error: "must be a postal address on one line, 5 to 200 characters" })
      .max(200, { error: "must be a postal address on one line, 5 to 200 characters" })
      .regex(/^[^\p{Cc}]*$/u, { error: "must be a postal address on one line, 5 to 200 characters" })
      .optional(),
    // The largest image file an upload takes, and the most pixels it may decode to (server/uploads).
    UPLOAD_MAX_BYTES: z.coerce
      .number({ error: "must be a whole number of bytes" })
      .int({ error: "must be a whole number of bytes" })
      .min(1024, { error: "must be between 1024 and 104857600" })
      .max(100 * 1024 * 1024, { error: "must be between 1024 and 104857600" })
      .default(8 * 1024 * 1024),
    UPLOAD_MAX_PIXELS: z.coerce
      .number({ error: "must be a whole number of pixels" })
      .int({ error: "must be a whole number of pixels" })
      .min(10_000, { error: "must be between 10000 and 268435456" })
      .max(268_435_456, { error: "must be between 10000 and 268435456" })
      .default(40_000_000),
    BETTER_AUTH_SECRET: z.string().min(32, { error: "must be at least 32 characters" }).optional(),
    // How long a claimed e-mail stays with the process that claimed it: a process killed mid-send
    // holds its messages this long before another sends them (docs/email.md).
    EMAIL_CLAIM_LEASE_SECONDS: z.coerce
      .number({ error: "must be a whole number of seconds" })
      .int({ error: "must be a whole number of seconds" })
      .min(5, { error: "must be between 5 and 3600" })
      .max(3600, { error: "must be between 5 and 3600" })
      .default(300),
    BOOKING_HORIZON_DAYS: z.coerce
      .number({ error: "must be a whole number of days" })
      .int({ error: "must be a whole number of days" })
      .min(1, { error: "must be between 1 and 3650" })
      .max(3650, { error: "must be between 1 and 3650" })
      .default(180),
    // "on": the owner's busy-time calendars may be fetched from private and loopback addresses
    // (tests serve them from 127.0.0.1); unset, only public addresses are fetched.
    CALENDAR_ALLOW_PRIVATE: z
      .enum(["on", "off"], { error: 'must be "on" or "off"' })
      .default("off")
      .transform((value) => value === "on"),
    SIGN_IN_LIMIT_MAX: z.coerce
      .number({ error: "must be a whole number of attempts" })
      .int({ error: "must be a whole number of attempts" })
      .min(1, { error: "must be at least 1" })
      .default(3),
    SIGN_IN_LIMIT_WINDOW_SECONDS: z.coerce
      .number({ error: "must be a whole number of seconds" })
      .int({ error: "must be a whole number of seconds" })
      .min(1, { error: "must be at least 1" })
      .default(10),
    // /metrics asks for `Authorization: Bearer <METRICS_TOKEN>`; unset, it answers this machine only.
    METRICS_TOKEN: z
      .string()
      .min(16, { error: "must be at least 16 characters" })
      .regex(/^\S+$/, { error: "must have no spaces" })
      .optional(),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
        error: "must be one of fatal, error, warn, info, debug, trace, silent",
      })
      .optional(),
    // RATE_LIMIT_<POLICY>_PER_CLIENT / _PER_EMAIL, e.g. "20/1h" (app/lib/rate-limit-policies.ts).
    ...rateLimitEnvShape,
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: "custom",
        path: [env.ADMIN_EMAIL ? "ADMIN_PASSWORD" : "ADMIN_EMAIL"],
        message: "ADMIN_EMAIL and ADMIN_PASSWORD must be set together",
      });
    }
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["STRIPE_WEBHOOK_SECRET"],
        message: "is required when STRIPE_SECRET_KEY is set",
      });
    }
    if (env.CHECKOUT_MODE === "stripe" && !env.STRIPE_SECRET_KEY) {
      ctx.addIssue({ code: "custom", path: ["CHECKOUT_MODE"], message: "CHECKOUT_MODE stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET" });
    }
    if (env.CHECKOUT_MODE === "test" && env.STRIPE_SECRET_KEY) {
      ctx.addIssue({ code: "custom", path: ["CHECKOUT_MODE"], message: "CHECKOUT_MODE test cannot be used with STRIPE_SECRET_KEY set: unset one of them" });
    }
    // A public site that would otherwise sell through the test checkout, for nothing, must say so.
    if (!env.CHECKOUT_MODE && !env.STRIPE_SECRET_KEY && env.SITE_URL?.startsWith("https://")) {
      ctx.addIssue({
        code: "custom",
        path: ["CHECKOUT_MODE"],
        message: 'CHECKOUT_MODE must be set when SITE_URL is https and STRIPE_SECRET_KEY is not: "test" for the built-in test checkout (no money is taken), "off" for no online enrolment',
      });
    }
  });

export type Env = Omit<z.infer<typeof envSchema>, "CHECKOUT_MODE"> & { SITE_URL: string; CHECKOUT_MODE: CheckoutMode };

export class ConfigError extends Error {
  override name = "ConfigError";
}

// Values an error message must never repeat (they end up in logs and terminals): secrets, and
// URLs that may carry a user name and password.
const SECRET_VARIABLES = /^(ADMIN_PASSWORD|BETTER_AUTH_SECRET|METRICS_TOKEN|STRIPE_\w+|SMTP_URL|DATABASE_URL|S3_\w+|EMAILJS_PRIVATE_KEY)$/;

function isShowable(name: string, value: string) {
  return !SECRET_VARIABLES.test(name) && !CREDENTIALS_IN_URL.test(value);
}

/** Parses the environment; throws a ConfigError whose message is one line naming the variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // An empty variable (`FOO=` in a .env file) means "not set".
  const present = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value.trim() !== ""),
  );
  const result = envSchema.safeParse(present);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = String(issue.path[0] ?? "environment");
    const value = present[name];
    const got = value !== undefined && isShowable(name, value) ? ` (got "${value}")` : "";
    const message = /^[A-Z][A-Z0-9_]+ /.test(issue.message) ? issue.message : `${name} ${issue.message}`;
    throw new ConfigError(`Invalid configuration: ${message}${got}`);
  }
  const env = result.data;
  const siteUrl = (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
  const checkoutMode = env.CHECKOUT_MODE ?? (env.STRIPE_SECRET_KEY ? "stripe" : isLocalHttp(siteUrl) ? "test" : "off");
  return { ...env, SITE_URL: siteUrl, CHECKOUT_MODE: checkoutMode };
}

let current: Env | undefined;

/** The validated configuration of this process (parsed on first use). */
export function getEnv(): Env {
  current ??= parseEnv(process.env);
  return current;
}

/** What the browser may know: rendered into the root loader's data. */
export function getPublicEnv() {
  const env = getEnv();
  return { siteUrl: env.SITE_URL, ownerEmail: env.OWNER_EMAIL, pageViews: env.ANALYTICS_PAGE_VIEWS === "on" };
}
export type PublicEnv = ReturnType<typeof getPublicEnv>;
