import { describe, expect, it } from "vitest";
import { sameSitePath, withReference } from "./link-target";

describe("custom link targets", () => {
  it("keep paths on this site with their query and hash", () => {
    expect(sameSitePath("/bootcamp")).toBe("/bootcamp");
    expect(sameSitePath("  /booking?utm_source=news#form ")).toBe("/booking?utm_source=news#form");
    expect(sameSitePath("/blog/why-manufacturing-matters-america")).toBe("/blog/why-manufacturing-matters-america");
  });

  it.each([
    "https://evil.example/",
    "http://evil.example",
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/%5Cevil.example",
    "/%2F/evil.example",
    "/%252F%252Fevil.example",
    "%2F%2Fevil.example",
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    " javascript:alert(1)",
    "/\t/evil.example",
    "/%09/evil.example",
    "/\n/evil.example",
    "data:text/html,<script>alert(1)</script>",
    "bootcamp",
    "",
    "/.//evil.example",
    "/ /evil.example",
    "/%20/evil.example",
    "/boot\u00a0camp",
  ])("refuse %j", (target) => {
    expect(sameSitePath(target)).toBeNull();
  });

  it("add the reference and keep the target's own query", () => {
    expect(withReference("/bootcamp", "AB3K9QXZ")).toBe("/bootcamp?ref=AB3K9QXZ");
    expect(withReference("/booking?utm_source=x#form", "AB3K9QXZ")).toBe("/booking?utm_source=x&ref=AB3K9QXZ#form");
    expect(withReference("/bootcamp?ref=OLD", "NEW")).toBe("/bootcamp?ref=NEW");
    expect(withReference("/bootcamp", "a b&c")).toBe("/bootcamp?ref=a+b%26c");
    expect(withReference("/bootcamp", null)).toBe("/bootcamp");
  });
});
