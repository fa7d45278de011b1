// The one script a content page loads (decision 040), instead of React: plain DOM code for the
// few interactive parts of those pages, each a no-op where its markup is absent. Bundled by Vite as
// a standalone module (app/root.tsx imports its URL).
import { sendPageView } from "~/features/analytics/page-view";
import { enhanceCarousel } from "./carousel";
import { enhanceDialogs } from "./dialogs";
import { enhanceEnroll } from "./enroll";
import { enhanceMenu } from "./menu";
import { enhanceNewsletter } from "./newsletter";
import { enhanceReveal } from "./reveal";
import { enhanceShare } from "./share";
import { enhanceToasts } from "./toasts";

enhanceToasts();
enhanceMenu();
enhanceReveal();
enhanceCarousel();
enhanceEnroll();
enhanceDialogs();
enhanceNewsletter();
enhanceShare();
if (document.querySelector("script[data-page-views=on]")) sendPageView(location.pathname, location.search, document.referrer);

// Tests wait for this marker (as for React's hydration on the other pages): the page's scripts run.
document.documentElement.dataset.hydrated = "true";
