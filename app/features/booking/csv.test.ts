import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv";

describe("csv", () => {
  it("quotes every cell and doubles quotes inside", () => {
    expect(csvCell('Say "hi", then leave')).toBe('"Say ""hi"", then leave"');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(60)).toBe('"60"');
  });

  it("makes cells a spreadsheet would run as formulas plain text", () => {
    for (const formula of ["=HYPERLINK(\"http://x\")", "+1 555 0100", "-2+3", "@SUM(A1)", "\t=1", "\r=1"]) {
      expect(csvCell(formula)).toBe(`"'${formula.replace(/"/g, '""')}"`);
    }
    expect(csvCell("a=b")).toBe('"a=b"');
  });

  it("ends every line with CRLF", () => {
    expect(toCsv([["a", "b"], ["c", null]])).toBe('"a","b"\r\n"c",""\r\n');
  });
});
