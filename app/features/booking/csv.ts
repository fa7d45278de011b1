// CSV text (RFC 4180) that spreadsheets open safely: every cell quoted, quotes doubled, CRLF line
// ends, and a cell a spreadsheet would read as a formula (= + - @, or a tab / carriage return
// that some read past) gets a leading apostrophe, so it shows as text instead of running.
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? "" : String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function toCsv(rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>): string {
  return rows.map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
