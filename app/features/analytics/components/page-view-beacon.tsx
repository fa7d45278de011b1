// One page view per page a person sees (decision 020): the first load and every client-side
// navigation. A few hundred bytes of script (../page-view.ts sends it).
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { sendPageView } from "../page-view";

export function PageViewBeacon() {
  const { pathname, search } = useLocation();
  const firstLoad = useRef(true);
  useEffect(() => {
    // A client-side navigation's referrer is this site's previous page: only the first load has one.
    const referrer = firstLoad.current ? document.referrer : undefined;
    firstLoad.current = false;
    sendPageView(pathname, search, referrer);
  }, [pathname, search]);
  return null;
}
