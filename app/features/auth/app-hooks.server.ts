// What the server needs from accounts, handed to it through app/entry.server.tsx (server/app-hooks.ts).
import { getEnv } from "~/lib/env.server";
import type { AppHooks } from "#server/app-hooks";
import { logger } from "#server/logger.server";
import { getAuth } from "./auth.server";
import { ensureAdmin } from "./bootstrap.server";
import { passwordResetEmailsQueued } from "./emails.server";
import { hasSignedSessionCookie } from "./session-cookie.server";
import { verificationHousekeeping } from "./verification-housekeeping.server";

export const authAppHooks: Pick<AppHooks, "start" | "beforeClose" | "isSignedIn" | "jobs"> = {
  async start() {
    const env = getEnv();
    // Resolves the session-signing key now: a bad DATA_DIR/secret stops the start, not a request.
    getAuth();
    if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
      const admin = await ensureAdmin({ email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD });
      logger.info({ email: env.ADMIN_EMAIL, created: admin.created }, "admin account from ADMIN_EMAIL is ready");
    }
  },
  // A reset mail requested just before the signal is queued after its answer: let it land.
  async beforeClose() {
    await passwordResetEmailsQueued();
  },
  isSignedIn: hasSignedSessionCookie,
  jobs: [verificationHousekeeping],
};
