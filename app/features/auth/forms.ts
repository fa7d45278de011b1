// The auth forms' schemas, shared by the pages (client validation) and their actions (server
// validation). Messages are SPEC.md section 5's.
import { z } from "~/lib/zod";
import { emailAddressField } from "~/lib/email-address";

export const MISSING_CREDENTIALS = "Please enter both email and password";
export const MISSING_EMAIL = "Please enter your email address";
export const INVALID_EMAIL = "Please enter a valid email address";

const email = (missing: string) => emailAddressField({ required: missing, invalid: INVALID_EMAIL });

export const MISSING_PASSWORD = "Please enter your password";

/**
 * Sign in and sign up, on /admin-login and /auth: the same two fields. Each field names what is
 * missing; the toast says 'Missing information' / MISSING_CREDENTIALS (SPEC.md section 5).
 */
export const credentialsSchema = z.object({
  intent: z.enum(["sign-in", "sign-up"]),
  email: email(MISSING_EMAIL),
  password: z.string({ error: MISSING_PASSWORD }).min(1, { error: MISSING_PASSWORD }),
});
export type Credentials = z.infer<typeof credentialsSchema>;

/** The forgot-password panel. */
export const resetRequestSchema = z.object({
  intent: z.literal("request-reset"),
  email: email(MISSING_EMAIL),
});

/** The new-password form the reset link opens on /admin-login. */
export const newPasswordSchema = z
  .object({
    intent: z.literal("reset-password"),
    token: z.string({ error: "This reset link is invalid. Request a new one." }).min(1),
    password: z
      .string({ error: "Please enter a new password" })
      .min(8, { error: "Use at least 8 characters" })
      .max(128, { error: "Use at most 128 characters" }),
    confirmPassword: z.string({ error: "Please repeat the new password" }),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ["confirmPassword"],
    error: "The passwords do not match",
  });

/** The /logout form: where to go after signing out, the page it was sent from, and which page it is. */
export const SIGN_OUT_FIELDS = { redirectTo: "redirectTo", from: "from", page: "page" } as const;
/** The /logout form's fields, for readFormData (the action checks each value itself). */
export const signOutSchema = z.object({
  [SIGN_OUT_FIELDS.redirectTo]: z.string().optional(),
  [SIGN_OUT_FIELDS.from]: z.string().optional(),
  [SIGN_OUT_FIELDS.page]: z.string().optional(),
});

/** The /auth page's `redirect` parameter: a same-site path, default /affiliate-application. */
export const DEFAULT_AUTH_REDIRECT = "/affiliate-application";
