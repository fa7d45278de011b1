// PostgreSQL error codes a caller may answer instead of failing: Drizzle wraps the driver's error
// (node-postgres or PGlite, both carry `code` and `constraint`) in its own, so look down the chain.

export const UNIQUE_VIOLATION = "23505";
export const EXCLUSION_VIOLATION = "23P01";

export type DatabaseErrorInfo = { code: string; constraint?: string };

export function databaseError(error: unknown): DatabaseErrorInfo | undefined {
  for (let current = error; current && typeof current === "object"; current = (current as { cause?: unknown }).cause) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, constraint: typeof constraint === "string" ? constraint : undefined };
    }
  }
  return undefined;
}

/**
 * What a log may say about a failed query: the database's own message and code. Drizzle's wrapper
 * repeats the query and its parameters in its message (a visitor's details, a rendered e-mail),
 * so it is never logged whole.
 */
export function loggableError(error: unknown): { name: string; message: string; code?: string; constraint?: string } {
  let innermost: unknown = error;
  while (innermost instanceof Error && innermost.cause instanceof Error) innermost = innermost.cause;
  const info = databaseError(error);
  if (!(innermost instanceof Error)) return { name: typeof innermost, message: "(not an Error)", ...info };
  const message = /^Failed query:/.test(innermost.message) ? "Failed query" : innermost.message;
  return { name: innermost.name, message, ...info };
}
