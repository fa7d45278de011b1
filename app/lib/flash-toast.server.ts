// A toast that survives a redirect: the action sets a one-time cookie, the root loader of the
// next page reads it, clears it and hands the toast to the layout. Works without JavaScript too.
import { createCookie, redirect, redirectDocument } from "react-router";
import type { Toast } from "./toast";
import { NO_STORE } from "./cache-headers";

export const FLASH_TOAST_COOKIE = "flash_toast";

const toastCookie = createCookie(FLASH_TOAST_COOKIE, { path: "/", httpOnly: true, sameSite: "lax", maxAge: 60 });

function isToast(value: unknown): value is Toast {
  if (typeof value !== "object" || value === null) return false;
  const { kind, title, description } = value as Record<string, unknown>;
  return (
    (kind === "success" || kind === "error") &&
    typeof title === "string" &&
    (description === undefined || typeof description === "string")
  );
}

/** True when the Cookie header carries the toast cookie itself (not merely a name ending in it). */
export function hasFlashToast(cookieHeader: string | null | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(";").some((pair) => {
    const end = pair.indexOf("=");
    return end !== -1 && pair.slice(0, end).trim() === FLASH_TOAST_COOKIE;
  });
}

/**
 * A redirect whose next page shows `toast`; `headers` may carry more Set-Cookie lines. With
 * `document`, a hydrated page loads the next one afresh: needed when it may be a content page
 * (decision 040), whose own document request must take the toast, not a data request of React
 * Router's racing it (that one's answer clears the cookie).
 */
export async function redirectWithToast(to: string, toast: Toast, headers = new Headers(), { document = false } = {}) {
  headers.append("Set-Cookie", await toastCookie.serialize(toast));
  headers.set("Cache-Control", NO_STORE["Cache-Control"]);
  return (document ? redirectDocument : redirect)(to, { headers });
}

/** The pending toast, and the Set-Cookie header that clears it (null when there is none). */
export async function takeFlashToast(request: Request): Promise<{ toast: Toast | null; clear: string | null }> {
  const cookies = request.headers.get("cookie");
  if (!cookies || !hasFlashToast(cookies)) return { toast: null, clear: null };
  const value: unknown = await toastCookie.parse(cookies);
  return { toast: isToast(value) ? value : null, clear: await toastCookie.serialize("", { maxAge: 0 }) };
}
