// The probes of earlier security work that attack a running server (or its files) from outside.
// They run in the hard suite (npm run test:hard), not the unit suite: vitest.config.ts leaves them
// out and vitest.hard.config.ts takes them in. docs/reliability.md lists what each one proves.
export const SECURITY_PROBES = [
  // Body limits, odd methods, file modes, forged and oversized cookies, a crash restart's modes.
  "tests/integration/server-security.test.ts",
  // The worst body within each route's limits, posted to every action of the route table.
  "tests/integration/worst-case-bodies.test.ts",
  // Pre-registration takeover, forged session cookies, the sign-in limit.
  "tests/integration/auth-security.test.ts",
  // The origin check on every mutating request; only a signed session bypasses the page cache.
  "tests/integration/request-guards.test.ts",
  // The PGlite lock, and the server as PID 1 killed and restarted.
  "tests/integration/pglite-lock.test.ts",
  // A committed e-mail survives a crash of the process that was sending it.
  "tests/integration/email-crash.test.ts",
];
