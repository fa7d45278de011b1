// Some tests need what not every machine has (PostgreSQL, PID namespaces). On a developer's
// machine they are skipped; in CI (CI=true) a missing one fails the run instead, so that a test
// never passes there by not running.

/** `present`, or in CI an error naming what is missing. */
export function available(what: string, present: boolean): boolean {
  if (!present && process.env.CI) {
    throw new Error(`CI must provide ${what}: the tests that need it would otherwise be skipped.`);
  }
  return present;
}

/** PostgreSQL for the integration tests (TEST_DATABASE_URL). */
export const hasTestPostgres = () => available("TEST_DATABASE_URL (a PostgreSQL server)", Boolean(process.env.TEST_DATABASE_URL));
