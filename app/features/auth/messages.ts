// The protected-route texts (SPEC.md sections 4 and 8), shared by the guards (server) and the
// screens that show their answers (browser).
export const ACCESS_DENIED_MESSAGE = "You don't have admin privileges to access this page.";
export const AUTH_CHECK_FAILED_MESSAGE = "Failed to check authentication status";
