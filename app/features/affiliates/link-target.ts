// Where a custom link may send a visitor: a path on this site, nothing else (no open redirect).
// Checked when a link is saved and again when it is followed (DESIGN.md section 5).
import { safeRedirectPath } from "~/lib/safe-redirect";

export const DEFAULT_LINK_TARGET = "/bootcamp";

// Any origin will do for resolving: only the path of the result is kept.
const LOCAL = "http://local.invalid";

/**
 * `input` as a same-site path with its query (and hash), or null: absolute URLs, `//host`,
 * `/\host`, control characters, their percent-encoded forms and `javascript:` are all refused.
 */
export function sameSitePath(input: string): string | null {
  const value = input.trim();
  // Only a path: never a scheme or a host, however spelled.
  if (!value.startsWith("/") || value.startsWith("//")) return null;
  const path = safeRedirectPath(value, "", LOCAL);
  if (!path) return null;
  // "/%2F%2Fhost" stays a path on this site for a browser; decoded, it must still be one.
  let decoded = path;
  for (let round = 0; round < 3 && /%[0-9a-f]{2}/i.test(decoded); round += 1) {
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      return null;
    }
  }
  if (decoded.startsWith("//") || /[\\\u0000-\u001f\u007f]/.test(decoded)) return null;
  return path;
}

/** The target with `ref` set to the code, keeping the target's own query and hash. */
export function withReference(target: string, reference: string | null): string {
  const url = new URL(target, LOCAL);
  if (reference) url.searchParams.set("ref", reference);
  return `${url.pathname}${url.search}${url.hash}`;
}
