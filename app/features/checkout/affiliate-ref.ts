// The affiliate reference (SPEC section 4): a `ref` query parameter is kept in session storage as
// `affiliateRef` and sent with the checkout (null when absent). Browser-only; storage can be
// unavailable (private modes, disabled storage), in which case the reference is simply not kept.
export const AFFILIATE_REF_KEY = "affiliateRef";

/** Codes and custom slugs are short; anything longer is not a reference worth keeping. */
const MAX_REF_LENGTH = 100;

export function normalizeAffiliateRef(value: string | null | undefined): string | null {
  const ref = value?.trim() ?? "";
  return ref.length > 0 && ref.length <= MAX_REF_LENGTH ? ref : null;
}

/** Stores the `ref` parameter of a query string, if it has a usable one. Returns what was stored. */
export function captureAffiliateRef(search: string | URLSearchParams, storage: Storage | undefined = sessionStorageOrUndefined()): string | null {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  const ref = normalizeAffiliateRef(params.get("ref"));
  if (!ref || !storage) return null;
  try {
    storage.setItem(AFFILIATE_REF_KEY, ref);
    return ref;
  } catch {
    return null;
  }
}

export function readAffiliateRef(storage: Storage | undefined = sessionStorageOrUndefined()): string | null {
  if (!storage) return null;
  try {
    return normalizeAffiliateRef(storage.getItem(AFFILIATE_REF_KEY));
  } catch {
    return null;
  }
}

function sessionStorageOrUndefined(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}
