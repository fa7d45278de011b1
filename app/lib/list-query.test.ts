import { describe, expect, it } from "vitest";
import { z } from "zod";
import { dateParam, dateRange, isUuid, listSearch, pageParam, pageWindow, readListQuery, statusParam } from "./list-query";

const schema = z.object({ status: statusParam(["open", "closed"]), from: dateParam, to: dateParam, page: pageParam });
const read = (query: string) => readListQuery(schema, new URL(`http://site.test/list${query}`));

describe("list query", () => {
  it("reads a status, real calendar dates and a page; nonsense falls back instead of failing", () => {
    expect(read("?status=open&from=2028-02-29&to=2028-03-01&page=3")).toEqual({ status: "open", from: "2028-02-29", to: "2028-03-01", page: 3 });
    expect(read("")).toEqual({ status: undefined, from: undefined, to: undefined, page: 1 });
    expect(read("?status=lost&from=2027-02-29&to=2026-13-01&page=abc")).toEqual({ status: undefined, from: undefined, to: undefined, page: 1 });
    expect(read("?page=0").page).toBe(1);
    expect(read("?page=2.5").page).toBe(1);
    expect(read("?page=99999999").page).toBe(1);
    expect(read("?from=9999-12-31").from).toBe("9999-12-31");
    // A repeated key: the first one counts.
    expect(read("?status=closed&status=open").status).toBe("closed");
  });

  it("sets a backwards date range aside, and says so", () => {
    expect(dateRange({ from: "2026-03-12", to: "2026-03-01" })).toEqual({ from: undefined, to: undefined, rangeError: expect.stringMatching(/end date/) });
    expect(dateRange({ from: "2026-03-01", to: "2026-03-01" })).toEqual({ from: "2026-03-01", to: "2026-03-01", rangeError: null });
  });

  it("keeps a range's dates within the span the database can hold (year 0 and 9999 selected year 0 and 10000)", () => {
    expect(dateRange({ from: "0000-01-01", to: "9999-12-31" })).toEqual({ from: "1970-01-01", to: "2999-12-31", rangeError: null });
    expect(dateRange({ from: "9999-12-31" })).toEqual({ from: "2999-12-31", to: undefined, rangeError: null });
    expect(dateRange({ to: "0001-01-01" })).toEqual({ from: undefined, to: "1970-01-01", rangeError: null });
  });

  it("clamps the page to the list: past the end shows the last page, an empty list page 1", () => {
    expect(pageWindow(3, 120, 50)).toEqual({ page: 3, pageCount: 3, offset: 100, limit: 50 });
    expect(pageWindow(9, 120, 50)).toEqual({ page: 3, pageCount: 3, offset: 100, limit: 50 });
    expect(pageWindow(4, 0, 50)).toEqual({ page: 1, pageCount: 1, offset: 0, limit: 50 });
  });

  it("accepts only UUIDs as ids", () => {
    expect(isUuid("0b8e5d3c-8a4e-4d55-9c1e-2f1a8c1d9e77")).toBe(true);
    for (const id of [undefined, "", "1", "0b8e5d3c-8a4e-4d55-9c1e-2f1a8c1d9e7", "0b8e5d3c8a4e4d559c1e2f1a8c1d9e77", "' or 1=1 --"]) {
      expect(isUuid(id), String(id)).toBe(false);
    }
  });

  it("writes a list's query string without empty filters or page 1", () => {
    expect(listSearch({ status: "open", from: null, to: undefined, page: 1 })).toBe("?status=open");
    expect(listSearch({ status: null, page: 2 })).toBe("?page=2");
    expect(listSearch({})).toBe("");
  });
});
