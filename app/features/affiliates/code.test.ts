import { describe, expect, it } from "vitest";
import { isAffiliateReference } from "~/lib/affiliate-reference";
import { CODE_ALPHABET, CODE_LENGTH, generateAffiliateCode } from "./code";

describe("affiliate codes", () => {
  it("are 8 upper-case letters and digits without look-alikes", () => {
    for (let i = 0; i < 2000; i += 1) {
      const code = generateAffiliateCode();
      expect(code).toMatch(/^[A-Z2-9]{8}$/);
      expect(code).not.toMatch(/[01OIL]/);
      // What a partner link, a ref and the attribution cookie accept (app/lib/affiliate-reference.ts).
      expect(isAffiliateReference(code)).toBe(true);
    }
    expect(CODE_ALPHABET).not.toMatch(/[01OIL]/);
    expect(CODE_LENGTH).toBe(8);
  });

  it("skip the bytes that would favour the alphabet's first letters", () => {
    // 31 letters: bytes 248-255 are thrown away, 0 → A, 30 → 9, 31 → A again.
    let calls = 0;
    const bytes = (size: number) => {
      calls += 1;
      return Uint8Array.from({ length: size }, (_, i) => (calls === 1 ? 255 - i : i === 0 ? 30 : i === 1 ? 31 : 0));
    };
    const code = generateAffiliateCode(bytes);
    // The first draw was all rejected bytes except those under 248: 255..240 → 247..240 accepted.
    expect(code).toHaveLength(8);
    expect(code).toBe([247, 246, 245, 244, 243, 242, 241, 240].map((b) => CODE_ALPHABET[b % 31]).join(""));
  });

  it("spread over the whole alphabet", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 500; i += 1) for (const c of generateAffiliateCode()) seen.add(c);
    expect(seen.size).toBe(CODE_ALPHABET.length);
  });
});
