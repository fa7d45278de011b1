// What 'Enroll Now' needs on every page that shows it: kept apart from the schemas so those pages
// do not load Zod (24 KB of gzip) to start.
export const CREATE_PAYMENT_PATH = "/api/create-payment";
export const CHECKOUT_FAILED_MESSAGE = "Unable to start checkout. Please try again.";
