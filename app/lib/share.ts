// The spec's outbound share links (SPEC section 7, 'Outbound links'): the microblogging (X) intent
// with a text and a url, Facebook's sharer (u) and LinkedIn's share-offsite (url), each opened in a
// fixed-size popup. The marketplace and the blog build their texts on these. Importable by the
// browser bundle.

export const X_INTENT_URL = "https://twitter.com/intent/tweet";
export const FACEBOOK_SHARER_URL = "https://www.facebook.com/sharer/sharer.php";
export const LINKEDIN_SHARE_URL = "https://www.linkedin.com/sharing/share-offsite/";
/** Fixed-size popup for every share button. */
export const SHARE_POPUP_FEATURES = "width=550,height=420";

const ELLIPSIS = "…";

/**
 * The first `maxLength` characters of `text` (code points, so an emoji is never split), with an
 * ellipsis when something was cut. Trailing spaces before the ellipsis are dropped.
 */
export function excerpt(text: string, maxLength: number): string {
  const characters = Array.from(text);
  if (characters.length <= maxLength) return text;
  return `${characters.slice(0, maxLength).join("").trimEnd()}${ELLIPSIS}`;
}

/** "Title: the first `length` characters of the description…" — the first line of every share text. */
export function shareHeadline(title: string, description: string, length: number): string {
  return description ? `${title}: ${excerpt(description, length)}` : title;
}

export function xIntentUrl(text: string, url: string): string {
  return `${X_INTENT_URL}?text=${encodeURIComponent(text)}&url=${encodeURIComponent(url)}`;
}

export function facebookShareUrl(url: string): string {
  return `${FACEBOOK_SHARER_URL}?u=${encodeURIComponent(url)}`;
}

export function linkedInShareUrl(url: string): string {
  return `${LINKEDIN_SHARE_URL}?url=${encodeURIComponent(url)}`;
}

/** Opens a share link in the fixed-size popup; the popup gets no handle back to this page. */
export function openSharePopup(shareUrl: string) {
  const popup = window.open(shareUrl, "_blank", SHARE_POPUP_FEATURES);
  if (popup) popup.opener = null;
}
