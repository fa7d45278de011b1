import { bootcamp } from "~/content/bootcamp";
import { SITE_NAME, absoluteUrl } from "~/lib/seo";

/** The bootcamp's structured product data (SPEC section 1: price 7500.00, currency USD). */
export function bootcampProductJsonLd(siteUrl: string) {
  const badge = bootcamp.certificationBadge;
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: bootcamp.name,
    description: bootcamp.meta.description,
    image: absoluteUrl(siteUrl, `${badge.base}-${badge.width}.webp`),
    brand: { "@type": "Brand", name: SITE_NAME },
    offers: {
      "@type": "Offer",
      url: absoluteUrl(siteUrl, "/bootcamp"),
      price: bootcamp.price.structuredData,
      priceCurrency: bootcamp.price.currency,
      availability: "https://schema.org/InStock",
    },
  };
}
