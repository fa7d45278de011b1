// One page view per page a person sees (decision 020): the first load and every client-side
// navigation, sent with navigator.sendBeacon once the page is visible. A few hundred bytes of
// script; no cookie, nothing kept in the browser.
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
// Type only: the schema (and Zod, 24 KB of gzip) stays out of the chunk every page loads.
import type { Beacon } from "../beacon-schema";

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

export function PageViewBeacon() {
  const { pathname, search } = useLocation();
  const firstLoad = useRef(true);
  useEffect(() => {
    // A client-side navigation's referrer is this site's previous page: only the first load has one.
    const referrer = firstLoad.current && document.referrer ? document.referrer : undefined;
    firstLoad.current = false;
    const params = new URLSearchParams(search);
    const beacon: Beacon = {
      path: pathname,
      referrer,
      utmSource: params.get("utm_source") ?? undefined,
      utmMedium: params.get("utm_medium") ?? undefined,
      utmCampaign: params.get("utm_campaign") ?? undefined,
    };
    whenVisible(() => send(beacon));
  }, [pathname, search]);
  return null;
}
