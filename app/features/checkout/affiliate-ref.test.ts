import { describe, expect, it } from "vitest";
import { AFFILIATE_REF_KEY, captureAffiliateRef, readAffiliateRef } from "./affiliate-ref";

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

const brokenStorage = {
  getItem() {
    throw new Error("SecurityError");
  },
  setItem() {
    throw new Error("QuotaExceededError");
  },
} as unknown as Storage;

describe("captureAffiliateRef", () => {
  it("stores the ref parameter under affiliateRef", () => {
    const storage = memoryStorage();
    expect(captureAffiliateRef("?ref=ABC&utm_source=x", storage)).toBe("ABC");
    expect(storage.getItem(AFFILIATE_REF_KEY)).toBe("ABC");
  });

  it("accepts URLSearchParams and replaces an earlier reference", () => {
    const storage = memoryStorage();
    captureAffiliateRef("?ref=FIRST", storage);
    captureAffiliateRef(new URLSearchParams({ ref: "SECOND" }), storage);
    expect(readAffiliateRef(storage)).toBe("SECOND");
  });

  it("keeps an earlier reference when the new query has none", () => {
    const storage = memoryStorage();
    captureAffiliateRef("?ref=FIRST", storage);
    expect(captureAffiliateRef("?utm_source=newsletter", storage)).toBeNull();
    expect(captureAffiliateRef("?ref=", storage)).toBeNull();
    expect(readAffiliateRef(storage)).toBe("FIRST");
  });

  it("keeps a reference as sent without surrounding spaces, and nothing that names no affiliate", () => {
    const storage = memoryStorage();
    expect(captureAffiliateRef("?ref=%20SAMPLE001%20", storage)).toBe("SAMPLE001");
    for (const ref of ["two words", "x".repeat(65), "<script>"]) {
      expect(captureAffiliateRef(new URLSearchParams({ ref }), storage), ref).toBeNull();
    }
    expect(readAffiliateRef(storage)).toBe("SAMPLE001");
    storage.setItem(AFFILIATE_REF_KEY, "spring.promo");
    expect(readAffiliateRef(storage)).toBeNull();
  });

  it("survives storage that throws or is missing", () => {
    expect(captureAffiliateRef("?ref=ABC", brokenStorage)).toBeNull();
    expect(readAffiliateRef(brokenStorage)).toBeNull();
    expect(captureAffiliateRef("?ref=ABC", undefined)).toBeNull();
    expect(readAffiliateRef(undefined)).toBeNull();
  });
});

describe("readAffiliateRef", () => {
  it("is null when nothing was captured", () => {
    expect(readAffiliateRef(memoryStorage())).toBeNull();
  });
});
