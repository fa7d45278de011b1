// Free text as a person typed it and as the database can store it. Control characters (NUL and
// the rest of C0, and DEL; tab, line feed and carriage return kept) are never typed on purpose,
// and PostgreSQL refuses a NUL in text outright: every free-text field of a shared schema strips
// them before its own checks, so such input is a field message or nothing, never a 500.
// Importable by the browser bundle.
import { z } from "./zod";

const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

export function stripControlCharacters(value: string): string {
  return value.replace(CONTROL_CHARACTERS, "");
}

/**
 * A string field without control characters. Still a `z.string()`, so `.trim()`, `.min()` and
 * `.max()` chain after it and run on the cleaned text.
 */
export function plainText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).overwrite(stripControlCharacters);
}
