// Sends one page view (decision 020) with navigator.sendBeacon once the page is visible. Plain DOM
// code: the hydrated pages' beacon (components/page-view-beacon.tsx) and the content pages'
// enhancement (app/enhance/content.ts) both send through it. No cookie, nothing kept in the browser.
// Type only: the schema (and Zod, 24 KB of gzip) stays out of the browser's bundles.
import type { Beacon } from "./beacon-schema";

const BEACON_PATH = "/api/analytics/view";

function send(beacon: Beacon) {
  const body = new Blob([JSON.stringify(beacon)], { type: "application/json" });
  if (!navigator.sendBeacon?.(BEACON_PATH, body)) {
    void fetch(BEACON_PATH, { method: "POST", body, keepalive: true, credentials: "same-origin" }).catch(() => undefined);
  }
}

function whenVisible(run: () => void) {
  if (document.visibilityState === "visible") return run();
  const onChange = () => {
    if (document.visibilityState !== "visible") return;
    document.removeEventListener("visibilitychange", onChange);
    run();
  };
  document.addEventListener("visibilitychange", onChange);
}

/** The view of `pathname` + `search`; `referrer` only for a document's own load. */
export function sendPageView(pathname: string, search: string, referrer: string | undefined) {
  const params = new URLSearchParams(search);
  const beacon: Beacon = {
    path: pathname,
    referrer: referrer || undefined,
    utmSource: params.get("utm_source") ?? undefined,
    utmMedium: params.get("utm_medium") ?? undefined,
    utmCampaign: params.get("utm_campaign") ?? undefined,
  };
  whenVisible(() => send(beacon));
}
