// What an affiliate reference may look like (SPEC.md section 4): the `/a/{slugOrCode}` parameter,
// the `ref` a visitor brings to the bootcamp and carries to checkout, the attribution cookie. It is
// an affiliate code (8 upper-case letters and digits; the sample's SAMPLE001 is 9) or a custom
// slug (lower-case words): letters, digits, `-` and `_`, at most 64. Anything else names nobody,
// wherever it arrives. Shared by the browser (the page's reference) and the server.

/** The characters of a reference, as a regular-expression source (also used for the `/a/` path). */
const REFERENCE = "[A-Za-z0-9_-]{1,64}";
const REFERENCE_PATTERN = new RegExp(`^${REFERENCE}$`);

export function isAffiliateReference(value: unknown): value is string {
  return typeof value === "string" && REFERENCE_PATTERN.test(value);
}

/** A reference as a visitor sent it (surrounding spaces dropped), or null when it is none. */
export function normalizeAffiliateReference(value: string | null | undefined): string | null {
  const reference = value?.trim() ?? "";
  return isAffiliateReference(reference) ? reference : null;
}

/** A partner link's path as sent: `/a/` and a reference (the server answers these before React Router). */
export const AFFILIATE_LINK_PATH = new RegExp(`^/a/${REFERENCE}$`);
