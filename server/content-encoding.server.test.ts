import { describe, expect, it } from "vitest";
import { chooseEncoding, etagMatches, type Encoding } from "./content-encoding.server";

const all = new Set<Encoding>(["br", "gzip", "identity"]);
const gzipOnly = new Set<Encoding>(["gzip", "identity"]);

describe("chooseEncoding", () => {
  it.each([
    ["gzip, deflate, br, zstd", all, "br"],
    ["gzip, br", all, "br"],
    ["gzip, br", gzipOnly, "gzip"],
    ["gzip", all, "gzip"],
    // x-gzip, a legacy alias negotiator does not map, gets the uncompressed page.
    ["x-gzip", all, "identity"],
    ["BR", all, "br"],
    ["br;q=0, gzip", all, "gzip"],
    ["br;q=0.5, gzip;q=0.8", all, "gzip"],
    ["br;q=0.5, gzip;q=0.8, identity", all, "identity"],
    ["gzip;q=0, br;q=0", all, "identity"],
    ["gzip;q=0, br;q=0, identity;q=0", all, "identity"],
    ["*", all, "br"],
    ["*;q=0, gzip", all, "gzip"],
    ["br;q=abc, gzip", all, "gzip"],
    ["identity", all, "identity"],
    ["deflate", all, "identity"],
    ["", all, "identity"],
    [undefined, all, "identity"],
  ] as const)("Accept-Encoding %j among %o: %s", (header, available, expected) => {
    expect(chooseEncoding(header, available)).toBe(expected);
  });
});

describe("etagMatches", () => {
  it.each([
    [undefined, false],
    ['"abc"', true],
    ['W/"abc"', true],
    ['"x", "abc"', true],
    ['"abcd"', false],
    ["*", true],
  ] as const)("If-None-Match %j against \"abc\": %s", (header, expected) => {
    expect(etagMatches(header, '"abc"')).toBe(expected);
  });
});
