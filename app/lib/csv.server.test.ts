import { describe, expect, it } from "vitest";
import { csvCell, csvLines, csvResponse, pagesOf } from "./csv.server";

describe("csv", () => {
  it("quotes every cell and doubles quotes inside", () => {
    expect(csvCell('Say "hi", then leave')).toBe('"Say ""hi"", then leave"');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(60)).toBe('"60"');
  });

  it("makes cells a spreadsheet would run as formulas plain text", () => {
    for (const formula of ['=HYPERLINK("http://x")', "+1 555 0100", "-2+3", "@SUM(A1)", "\t=1", "\r=1"]) {
      expect(csvCell(formula)).toBe(`"'${formula.replace(/"/g, '""')}"`);
    }
    expect(csvCell("a=b")).toBe('"a=b"');
  });

  it("ends every line with CRLF", () => {
    expect(csvLines([["a", "b"], ["c", null]])).toBe('"a","b"\r\n"c",""\r\n');
  });
});

describe("csvResponse", () => {
  /** The body as sent, byte-order mark included (Response.text() drops it). */
  const bodyOf = async (response: Response) => new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());

  /** A list of `total` numbers read through pagesOf, recording each page read. */
  function numbers(total: number, pageSize: number) {
    const reads: number[] = [];
    const pages = pagesOf(async ({ limit, offset }) => {
      reads.push(offset);
      return Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => offset + i);
    }, pageSize);
    return { reads, pages };
  }

  it("streams a BOM, the header and every page's rows with CRLF, under a safe file name", async () => {
    const { pages } = numbers(5, 2);
    const response = csvResponse({ filename: 'bookings "all"/2026', header: ["n", "formula"], pages, toRow: (n) => [n, `=${n}`] });
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="bookings-all-2026.csv"');
    expect(response.headers.get("cache-control")).toBe("no-store");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe(
      ['"n","formula"', ...[0, 1, 2, 3, 4].map((n) => `"${n}","'=${n}"`)].map((line) => `${line}\r\n`).join(""),
    );
  });

  it("reads a page from the database only when the client asks for more, and stops when it goes away", async () => {
    const { reads, pages } = numbers(10_000, 100);
    const reader = csvResponse({ filename: "n", header: ["n"], pages, toRow: (n) => [n] }).body!.getReader();
    await reader.read(); // the header
    await reader.read(); // the first page
    expect(reads.length).toBeLessThanOrEqual(2);
    await reader.cancel();
    const readsAtCancel = reads.length;
    expect(readsAtCancel).toBeLessThan(100);
  });

  it("stops after the first short page (an empty list is the header alone)", async () => {
    const exact = numbers(4, 2);
    expect(await bodyOf(csvResponse({ filename: "n", header: ["n"], pages: exact.pages, toRow: (n) => [n] }))).toBe('\uFEFF"n"\r\n"0"\r\n"1"\r\n"2"\r\n"3"\r\n');
    expect(exact.reads).toEqual([0, 2, 4]);
    const empty = numbers(0, 2);
    expect(await bodyOf(csvResponse({ filename: "n", header: ["n"], pages: empty.pages, toRow: (n) => [n] }))).toBe('\uFEFF"n"\r\n');
  });
});
