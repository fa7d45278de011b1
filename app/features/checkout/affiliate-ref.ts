// The affiliate reference (SPEC section 4): a `ref` query parameter is kept in session storage as
// `affiliateRef` and sent with the checkout (null when absent). Browser-only; storage can be
// unavailable (private modes, disabled storage), in which case the reference is simply not kept.
// What counts as a reference is app/lib/affiliate-reference.ts: a value that names nobody is not
// kept, and does not replace an earlier reference.
import { normalizeAffiliateReference } from "~/lib/affiliate-reference";

export const AFFILIATE_REF_KEY = "affiliateRef";

/** Stores the `ref` parameter of a query string, if it has a usable one. Returns what was stored. */
export function captureAffiliateRef(search: string | URLSearchParams, storage: Storage | undefined = sessionStorageOrUndefined()): string | null {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  const ref = normalizeAffiliateReference(params.get("ref"));
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
    return normalizeAffiliateReference(storage.getItem(AFFILIATE_REF_KEY));
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
