// Opens the newsletter popup 5 s after a blog page loads, unless this browser has it marked shown
// (localStorage). "Loads" is the document's navigation start (performance.now() counts from it), not
// hydration, which comes later; after a client-side navigation it is when the page is shown. The
// popup's code is fetched right after hydration (it is on no page's first paint), so it is ready
// when the time comes.
import { useEffect, useRef, useState, type ComponentType } from "react";
import { useRouteLoaderData } from "react-router";
import { useHydrated } from "~/components/use-hydrated";
import type { Toast } from "~/lib/toast";
import { POPUP_DELAY_MS, SUBSCRIBED } from "../messages";
import { markPopupShown, popupShown } from "../popup-flag";

type Popup = ComponentType<{ onDone: () => void }>;
const loadPopup = () => import("./newsletter-popup").then((module): Popup => module.default);

export function NewsletterPopupTrigger() {
  const hydrated = useHydrated();
  // Read while rendering: still hydrating means this is the document's own load.
  const shownSince = useRef<number | null>(null);
  shownSince.current ??= hydrated ? performance.now() : 0;
  const root = useRouteLoaderData<{ toast?: Toast | null }>("root");
  // The footer's plain form (posted before the scripts ran) came back subscribed.
  const subscribedByPlainForm = root?.toast?.title === SUBSCRIBED.title;
  const [Popup, setPopup] = useState<Popup | null>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (subscribedByPlainForm) markPopupShown();
    if (popupShown()) return;
    let cancelled = false;
    void loadPopup().then((loaded) => cancelled || setPopup(() => loaded));
    const timer = setTimeout(
      // Subscribed in the footer meanwhile: not now either.
      () => setOpen(!popupShown()),
      Math.max(0, shownSince.current! + POPUP_DELAY_MS - performance.now()),
    );
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [subscribedByPlainForm]);

  if (!open || !Popup) return null;
  return (
    <Popup
      onDone={() => {
        markPopupShown();
        setOpen(false);
      }}
    />
  );
}
