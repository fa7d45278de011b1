// The auth feature's front door: what other features may use (the signed-in user, read from the
// request's one session lookup; accounts by e-mail). Routes guard their pages with guards.server.ts.
export { accountEmails, ensurePasswordlessAccount } from "./accounts.server";
export { hasSessionCookie, readSession, type AuthSession, type SessionUser } from "./guards.server";
