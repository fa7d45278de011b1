// CSV downloads (RFC 4180) that spreadsheets open safely: every cell quoted, quotes doubled, CRLF
// line ends, a UTF-8 byte-order mark first (so names with accents read right), and a cell a
// spreadsheet would run as a formula (= + - @, or a tab / carriage return that some read past)
// gets a leading apostrophe, so it shows as text. The body is streamed a page of rows at a time:
// an export of any length never sits in memory as one string.
import { NO_STORE } from "./cache-headers";

export type CsvValue = string | number | null | undefined;
export type CsvRow = ReadonlyArray<CsvValue>;

const FORMULA_START = /^[=+\-@\t\r]/;
const BYTE_ORDER_MARK = "\uFEFF";

export function csvCell(value: CsvValue): string {
  const text = value === null || value === undefined ? "" : String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** Rows as CSV lines, each ending with CRLF. */
export function csvLines(rows: ReadonlyArray<CsvRow>): string {
  let text = "";
  for (const row of rows) text += `${row.map(csvCell).join(",")}\r\n`;
  return text;
}

/**
 * The pages of a list read `pageSize` rows at a time (limit/offset, in the list's own order), up
 * to the first short page. Each page is read when the download asks for more, so a slow client
 * holds no database connection or transaction open between pages.
 */
export async function* pagesOf<T>(read: (page: { limit: number; offset: number }) => Promise<T[]>, pageSize = 500) {
  for (let offset = 0; ; offset += pageSize) {
    const rows = await read({ limit: pageSize, offset });
    if (rows.length > 0) yield rows;
    if (rows.length < pageSize) return;
  }
}

/** Only letters, digits, dot, dash and underscore: the name goes into a quoted header value. */
function safeFilename(name: string) {
  return name.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^-+|-+$/g, "") || "export";
}

/**
 * A streamed CSV download: the header line, then each page's rows (turned into cells by `toRow`)
 * as the client reads. `filename` without the extension.
 */
export function csvResponse<T>({
  filename,
  header,
  pages,
  toRow,
}: {
  filename: string;
  header: CsvRow;
  pages: AsyncIterable<T[]>;
  toRow: (item: T) => CsvRow;
}): Response {
  const encoder = new TextEncoder();
  const iterator = pages[Symbol.asyncIterator]();
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(BYTE_ORDER_MARK + csvLines([header])));
        return;
      }
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(csvLines(next.value.map(toRow))));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${safeFilename(filename)}.csv"`,
      ...NO_STORE,
    },
  });
}
