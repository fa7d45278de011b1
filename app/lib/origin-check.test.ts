import { describe, expect, it } from "vitest";
import { CROSS_SITE_MESSAGE, crossSiteRefusal } from "./origin-check";

const site = ["https://www.example.com"];
const post = (headers: { origin?: string; secFetchSite?: string }, pathname = "/admin-login") => ({
  method: "POST",
  pathname,
  origin: headers.origin,
  secFetchSite: headers.secFetchSite,
});

describe("crossSiteRefusal", () => {
  it("lets the site's own posts through", () => {
    expect(crossSiteRefusal(post({ origin: "https://www.example.com", secFetchSite: "same-origin" }), site)).toBeNull();
    expect(crossSiteRefusal(post({ origin: "https://www.example.com" }), site)).toBeNull();
  });

  it("refuses a post from another site, by Origin or by Sec-Fetch-Site", () => {
    expect(crossSiteRefusal(post({ origin: "https://evil.example" }), site)).toBe(CROSS_SITE_MESSAGE);
    expect(crossSiteRefusal(post({ origin: "null" }), site)).toBe(CROSS_SITE_MESSAGE);
    expect(crossSiteRefusal(post({ secFetchSite: "cross-site" }), site)).toBe(CROSS_SITE_MESSAGE);
    expect(crossSiteRefusal(post({ secFetchSite: "same-site" }), site)).toBe(CROSS_SITE_MESSAGE);
    expect(crossSiteRefusal(post({ origin: "https://www.example.com", secFetchSite: "cross-site" }), site)).toBe(
      CROSS_SITE_MESSAGE,
    );
  });

  it("checks data requests, resource routes and every non-safe method", () => {
    expect(crossSiteRefusal(post({ origin: "https://evil.example" }, "/admin-login.data"), site)).toBe(CROSS_SITE_MESSAGE);
    expect(crossSiteRefusal(post({ origin: "https://evil.example" }, "/logout"), site)).toBe(CROSS_SITE_MESSAGE);
    expect(crossSiteRefusal({ ...post({ origin: "https://evil.example" }), method: "DELETE" }, site)).toBe(CROSS_SITE_MESSAGE);
  });

  it("leaves reads alone, and requests from no browser (no Origin, no Sec-Fetch-Site)", () => {
    expect(crossSiteRefusal({ ...post({ origin: "https://evil.example" }), method: "GET" }, site)).toBeNull();
    expect(crossSiteRefusal(post({}), site)).toBeNull();
  });

  it("lets a mail client's one-click unsubscribe through from anywhere (its token authorises it), and nothing else of the newsletter", () => {
    const mailClient = { origin: "https://mail.example.net", secFetchSite: "cross-site" };
    expect(crossSiteRefusal(post(mailClient, "/newsletter/one-click/0123456789abcdef0123456789abcdef"), site)).toBeNull();
    expect(crossSiteRefusal(post(mailClient, "/newsletter"), site)).toBe(CROSS_SITE_MESSAGE);
    expect(crossSiteRefusal(post(mailClient, "/newsletter.data"), site)).toBe(CROSS_SITE_MESSAGE);
    expect(crossSiteRefusal(post(mailClient, "/newsletter/unsubscribe/0123456789abcdef0123456789abcdef"), site)).toBe(CROSS_SITE_MESSAGE);
  });
});
