/**
 * The business's name, on every page (header, footer, titles). Apart from the full identity in
 * site.ts (bio, portrait, claims), which only the pages that show it ship to the browser.
 */
export const BUSINESS_NAME = "Halvorsen Manufacturing Advisory";
