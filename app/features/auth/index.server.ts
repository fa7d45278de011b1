// The auth feature's front door: what other features may use (the signed-in user, read from the
// request's one session lookup). Pages guard themselves through guards.server.ts from their routes.
export { hasSessionCookie, readSession, type AuthSession, type SessionUser } from "./guards.server";
