import { describe, expect, it } from "vitest";
import { excerpt, facebookShareUrl, linkedInShareUrl, shareHeadline, X_INTENT_URL, xIntentUrl } from "./share";

const longDescription = "0123456789".repeat(20); // 200 characters

describe("excerpt", () => {
  it("keeps text at or under the limit unchanged", () => {
    expect(excerpt("short", 100)).toBe("short");
    expect(excerpt("x".repeat(100), 100)).toBe("x".repeat(100));
  });

  it("cuts to the first N characters and marks the cut with an ellipsis", () => {
    expect(excerpt(longDescription, 100)).toBe(`${longDescription.slice(0, 100)}…`);
    expect(excerpt(longDescription, 120)).toBe(`${longDescription.slice(0, 120)}…`);
    expect(excerpt("x".repeat(101), 100)).toBe(`${"x".repeat(100)}…`);
  });

  it("drops spaces left dangling before the ellipsis", () => {
    expect(excerpt(`${"a".repeat(99)} bcd`, 100)).toBe(`${"a".repeat(99)}…`);
  });

  it("never splits a character made of two code units", () => {
    const text = `${"a".repeat(99)}🔧🔧🔧`;
    expect(excerpt(text, 100)).toBe(`${"a".repeat(99)}🔧…`);
  });
});

describe("share links", () => {
  const url = "https://site.example/blog/tariffs?utm=a&b=c#top";

  it("headline: the title, then the description's first N characters; the title alone without one", () => {
    expect(shareHeadline("Tariffs", longDescription, 100)).toBe(`Tariffs: ${longDescription.slice(0, 100)}…`);
    expect(shareHeadline("Tariffs", "", 100)).toBe("Tariffs");
  });

  it("X intent carries text and url, each encoded so they decode back exactly", () => {
    const intent = new URL(xIntentUrl("Speeds & Feeds + #CNC", url));
    expect(`${intent.origin}${intent.pathname}`).toBe(X_INTENT_URL);
    expect([...intent.searchParams.keys()]).toEqual(["text", "url"]);
    expect(intent.searchParams.get("text")).toBe("Speeds & Feeds + #CNC");
    expect(intent.searchParams.get("url")).toBe(url);
  });

  it("Facebook's sharer takes u, LinkedIn's share-offsite takes url", () => {
    const facebook = new URL(facebookShareUrl(url));
    expect(`${facebook.origin}${facebook.pathname}`).toBe("https://www.facebook.com/sharer/sharer.php");
    expect([...facebook.searchParams]).toEqual([["u", url]]);
    const linkedin = new URL(linkedInShareUrl(url));
    expect(`${linkedin.origin}${linkedin.pathname}`).toBe("https://www.linkedin.com/sharing/share-offsite/");
    expect([...linkedin.searchParams]).toEqual([["url", url]]);
  });
});
