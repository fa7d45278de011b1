import { describe, expect, it } from "vitest";
import { bootcampProductJsonLd } from "./bootcamp-json-ld";

describe("bootcampProductJsonLd", () => {
  it("is a Product offered at 7500.00 USD with absolute URLs", () => {
    const data = bootcampProductJsonLd("https://example.test");
    expect(data["@type"]).toBe("Product");
    expect(data.offers).toMatchObject({ "@type": "Offer", price: "7500.00", priceCurrency: "USD", url: "https://example.test/bootcamp" });
    expect(data.image).toBe("https://example.test/images/bootcamp/certification-badge-480.webp");
  });
});
