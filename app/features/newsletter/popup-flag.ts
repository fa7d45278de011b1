// The popup's flag in localStorage (SPEC section 6): set once the popup was closed or the visitor
// subscribed anywhere (footer, popup, or the footer's plain form), it keeps the popup from opening.
import { POPUP_SHOWN_KEY } from "./messages";

export function popupShown() {
  try {
    return localStorage.getItem(POPUP_SHOWN_KEY) !== null;
  } catch {
    // Storage disabled: a popup on every visit would be worse than none.
    return true;
  }
}

export function markPopupShown() {
  try {
    localStorage.setItem(POPUP_SHOWN_KEY, "true");
  } catch {
    // Storage disabled: it closes for this page view all the same.
  }
}
