// Opens the newsletter popup 5 s after a blog page loads, unless this browser has it marked shown
// (localStorage). The popup's code is fetched only then, so it is on no page's first paint.
import { lazy, Suspense, useEffect, useState } from "react";
import { POPUP_DELAY_MS, POPUP_SHOWN_KEY } from "../messages";

const NewsletterPopup = lazy(() => import("./newsletter-popup"));

function popupShown() {
  try {
    return localStorage.getItem(POPUP_SHOWN_KEY) !== null;
  } catch {
    // Storage disabled: a popup on every visit would be worse than none.
    return true;
  }
}

function markPopupShown() {
  try {
    localStorage.setItem(POPUP_SHOWN_KEY, "true");
  } catch {
    // Storage disabled: it closes for this page view all the same.
  }
}

export function NewsletterPopupTrigger() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (popupShown()) return;
    const timer = setTimeout(() => setOpen(true), POPUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <NewsletterPopup
        onDone={() => {
          markPopupShown();
          setOpen(false);
        }}
      />
    </Suspense>
  );
}
