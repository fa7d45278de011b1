import { describe, expect, it } from "vitest";
import { plainText, stripControlCharacters } from "./plain-text";

describe("stripControlCharacters", () => {
  it("removes NUL, the other C0 controls and DEL", () => {
    expect(stripControlCharacters("a\u0000b\u0001c\u001Fd\u007Fe\u000Bf\u000Cg")).toBe("abcdefg");
  });

  it("keeps tab, line feed, carriage return and every printable character", () => {
    const kept = "tab\there\r\nnext line – “quotes”, émoji 🛠️, 中文";
    expect(stripControlCharacters(kept)).toBe(kept);
  });
});

describe("plainText", () => {
  it("checks lengths on the cleaned text", () => {
    const schema = plainText().trim().min(2, { error: "too short" });
    expect(schema.safeParse("\u0000a\u0000").success).toBe(false);
    expect(schema.parse(" \u0000ab\u0000 ")).toBe("ab");
  });
});
