// Where to send a visitor next when the target comes from the visitor (`?redirect=`, a cookie):
// only somewhere on this site (no open redirect), and never anything that would make an invalid
// Location header.

// C0 controls and DEL, raw or percent-encoded: browsers drop tabs and newlines from URLs (so
// "/\t/evil.example" is "//evil.example" to them), and a raw one in a header is a server error.
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]|%(?:[01][0-9a-f]|7f)/i;
// Browsers read a backslash as a slash ("/\evil" is "//evil").
const BACKSLASH = /\\|%5c/i;

/** `value` as a path on `siteUrl`'s origin (path, query and hash), or `fallback`. */
export function safeRedirectPath(value: unknown, fallback: string, siteUrl: string): string {
  if (typeof value !== "string" || value === "") return fallback;
  if (CONTROL_CHARACTER.test(value) || BACKSLASH.test(value)) return fallback;
  let target: URL;
  try {
    target = new URL(value, siteUrl);
  } catch {
    return fallback;
  }
  if (target.origin !== new URL(siteUrl).origin) return fallback;
  const path = `${target.pathname}${target.search}${target.hash}`;
  // "/.//evil.example" normalises to "//evil.example", which a browser reads as another host.
  return path.startsWith("//") ? fallback : path;
}
