import { describe, expect, it } from "vitest";
import { AFFILIATE_REF_KEY, captureAffiliateRef, normalizeAffiliateRef, readAffiliateRef } from "./affiliate-ref";

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

describe("normalizeAffiliateRef", () => {
  it("trims and keeps a code", () => {
    expect(normalizeAffiliateRef("  SAMPLE001 ")).toBe("SAMPLE001");
  });
  it("treats empty, blank, missing and overlong values as no reference", () => {
    expect(normalizeAffiliateRef("")).toBeNull();
    expect(normalizeAffiliateRef("   ")).toBeNull();
    expect(normalizeAffiliateRef(null)).toBeNull();
    expect(normalizeAffiliateRef(undefined)).toBeNull();
    expect(normalizeAffiliateRef("x".repeat(101))).toBeNull();
    expect(normalizeAffiliateRef("x".repeat(100))).toBe("x".repeat(100));
  });
});

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
