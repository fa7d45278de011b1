// Where a custom link may send a visitor: a path on this site, nothing else (no open redirect).
// Checked when a link is saved and again when it is followed (DESIGN.md section 5).
import { safeRedirectPath } from "~/lib/safe-redirect";

export const DEFAULT_LINK_TARGET = "/bootcamp";

export const TARGET_REQUIRED_MESSAGE = "Please enter a target URL.";
export const TARGET_MESSAGE = "Enter a path on this site that starts with /, like /bootcamp.";
export const TARGET_SPACE_MESSAGE = "A target cannot contain spaces: enter a path like /bootcamp.";

// Any origin will do for resolving: only the path of the result is kept.
const LOCAL = "http://local.invalid";

/**
 * `input` as a same-site path with its query (and hash), or the form's message for why it is not
 * one: absolute URLs, `//host`, `/\host`, control characters, their percent-encoded forms and
 * `javascript:` are all refused, and so is a space in the path (no page of the site has one, so
 * "/ /evil.example" could only end on a 404). A space in the query is a visitor's text, encoded.
 */
export function checkLinkTarget(input: string): { path: string } | { problem: string } {
  const value = input.trim();
  if (!value) return { problem: TARGET_REQUIRED_MESSAGE };
  // Only a path: never a scheme or a host, however spelled.
  if (!value.startsWith("/") || value.startsWith("//")) return { problem: TARGET_MESSAGE };
  const path = safeRedirectPath(value, "", LOCAL);
  if (!path) return { problem: TARGET_MESSAGE };
  // "/%2F%2Fhost" stays a path on this site for a browser; decoded, it must still be one.
  const decoded = fullyDecoded(path);
  if (decoded === null || decoded.startsWith("//") || /[\\\u0000-\u001f\u007f]/.test(decoded)) return { problem: TARGET_MESSAGE };
  if (/\s/.test(fullyDecoded(new URL(path, LOCAL).pathname) ?? "")) return { problem: TARGET_SPACE_MESSAGE };
  return { path };
}

/** `text` percent-decoded until nothing is left to decode (at most three rounds), or null if malformed. */
function fullyDecoded(text: string): string | null {
  let decoded = text;
  for (let round = 0; round < 3 && /%[0-9a-f]{2}/i.test(decoded); round += 1) {
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      return null;
    }
  }
  return decoded;
}

/** `input` as a same-site path (checkLinkTarget's), or null. */
export function sameSitePath(input: string): string | null {
  const checked = checkLinkTarget(input);
  return "path" in checked ? checked.path : null;
}

/** The target with `ref` set to the code, keeping the target's own query and hash. */
export function withReference(target: string, reference: string | null): string {
  const url = new URL(target, LOCAL);
  if (reference) url.searchParams.set("ref", reference);
  return `${url.pathname}${url.search}${url.hash}`;
}
