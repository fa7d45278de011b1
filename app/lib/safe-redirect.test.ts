import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

const site = "https://www.example.com";
const follow = (value: unknown) => safeRedirectPath(value, "/fallback", site);

describe("safeRedirectPath", () => {
  it.each([
    ["/admin", "/admin"],
    ["/affiliate-application?step=2#form", "/affiliate-application?step=2#form"],
    ["/blog/a%20post", "/blog/a%20post"],
    ["https://www.example.com/admin/emails", "/admin/emails"],
  ])("follows the site's own path %s", (value, expected) => {
    expect(follow(value)).toBe(expected);
  });

  it.each([
    // Browsers drop tabs and newlines from URLs: "/\t/evil.example" is "//evil.example" to them.
    "/%09/evil.example",
    "/\t/evil.example",
    // Decoded by the query string, these would be raw control characters in a Location header.
    "/%0a/x",
    "/%0A/x",
    "/%0d/x",
    "/%00/x",
    "/\n/x",
    "/\r\n/x",
    "/\u0000/x",
    "/x%7f",
    "//evil",
    "//evil.example/path",
    "/\\evil",
    "/%5cevil",
    "\\\\evil",
    "/.//evil.example",
    "/..//evil.example",
    "https://evil",
    "https://www.example.com.evil.example/",
    "http://www.example.com/admin",
    "javascript:alert(1)",
    "data:text/html,hi",
    "",
    null,
    undefined,
    42,
  ])("refuses %j and uses the fallback", (value) => {
    expect(follow(value)).toBe("/fallback");
  });
});
