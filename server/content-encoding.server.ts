// Choosing among encodings prepared ahead of time (cached pages, precompressed assets): parse
// Accept-Encoding (RFC 9110 section 12.5.3) and answer conditional requests, with no compression
// at request time.

export type Encoding = "br" | "gzip" | "identity";

/** The server's preference when the client rates several alike: smallest first. */
const PREFERENCE: readonly Encoding[] = ["br", "gzip", "identity"];

function qualities(header: string) {
  const rated = new Map<string, number>();
  for (const entry of header.split(",")) {
    const [rawName = "", ...params] = entry.split(";");
    const name = rawName.trim().toLowerCase();
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key = "", value = ""] = param.split("=");
      if (key.trim().toLowerCase() === "q") q = Number(value.trim());
    }
    // A malformed weight counts as "not acceptable", never as "preferred".
    rated.set(name === "x-gzip" ? "gzip" : name, Number.isFinite(q) ? Math.min(Math.max(q, 0), 1) : 0);
  }
  return rated;
}

const memo = new Map<string, Encoding[]>();
const MEMO_LIMIT = 256;

/** The encodings a client accepts, best first; ties go to the smaller one. */
function ranked(header: string): Encoding[] {
  let result = memo.get(header);
  if (result) return result;
  const rated = qualities(header);
  const wildcard = rated.get("*");
  // Identity is acceptable unless refused; unnamed, it ranks with the lowest weight the client
  // gave (as the `negotiator` package does), so "br;q=0.5, gzip;q=0.8" still gets gzip.
  const lowest = Math.min(1, ...[...rated.values()].filter((weight) => weight > 0));
  const q = (encoding: Encoding) =>
    rated.get(encoding) ?? (encoding === "identity" ? (wildcard ?? lowest) : (wildcard ?? 0));
  result = PREFERENCE.filter((encoding) => q(encoding) > 0).sort((a, b) => q(b) - q(a));
  // Browsers send a handful of distinct values: remembering them spares the parse per request.
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(header, result);
  return result;
}

/**
 * The best of `available` (which always includes identity) for this Accept-Encoding. No header
 * means any encoding is acceptable, but clients that send none are usually tools, so they get
 * identity. When the client refuses everything on offer, identity is sent anyway (RFC 9110
 * allows it; a 406 would only break the page).
 */
export function chooseEncoding(acceptEncoding: string | undefined, available: ReadonlySet<Encoding>): Encoding {
  if (!acceptEncoding) return "identity";
  return ranked(acceptEncoding).find((encoding) => available.has(encoding)) ?? "identity";
}

/** If-None-Match against one entity tag (weak comparison, as RFC 9110 section 13.1.2 asks). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === opaque);
}
