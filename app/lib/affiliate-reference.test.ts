import { describe, expect, it } from "vitest";
import { AFFILIATE_LINK_PATH, isAffiliateReference, normalizeAffiliateReference } from "./affiliate-reference";

describe("an affiliate reference", () => {
  it("is a code or a custom slug: letters, digits, '-' and '_'", () => {
    for (const reference of ["AB3K9QXZ", "SAMPLE001", "spring-promo", "spring-promo_2", "a", "x".repeat(64)]) {
      expect(isAffiliateReference(reference), reference).toBe(true);
    }
  });

  it("is nothing else: empty, too long, other characters, not a string", () => {
    for (const value of ["", "x".repeat(65), "/evil", "a b", "spring.promo", "café", "<script>", "AB3K9QXZ\n", "%41", 42, null, undefined]) {
      expect(isAffiliateReference(value), String(value)).toBe(false);
    }
  });

  it("is read as sent, without surrounding spaces; anything else reads as no reference", () => {
    expect(normalizeAffiliateReference("  SAMPLE001 ")).toBe("SAMPLE001");
    expect(normalizeAffiliateReference("spring-promo")).toBe("spring-promo");
    expect(normalizeAffiliateReference("x".repeat(64))).toBe("x".repeat(64));
    for (const value of ["", "   ", null, undefined, "x".repeat(65), "two words", "ref?x=1"]) {
      expect(normalizeAffiliateReference(value), String(value)).toBeNull();
    }
  });

  it("makes a partner link's path: /a/ and one reference", () => {
    for (const path of ["/a/SAMPLE001", "/a/spring-promo", `/a/${"x".repeat(64)}`]) expect(AFFILIATE_LINK_PATH.test(path), path).toBe(true);
    for (const path of ["/a", "/a/", "/a/SAMPLE001/", "/a/x/y", "/a/%41", `/a/${"x".repeat(65)}`, "/ab/SAMPLE001", "/a/SAMPLE001.data"]) {
      expect(AFFILIATE_LINK_PATH.test(path), path).toBe(false);
    }
  });
});
