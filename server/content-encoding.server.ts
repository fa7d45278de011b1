// Choosing among encodings prepared ahead of time (cached pages, precompressed assets) by
// Accept-Encoding (RFC 9110 section 12.5.3), and answering conditional requests, with no
// compression at request time.

import Negotiator from "negotiator";

export type Encoding = "br" | "gzip" | "identity";

/** The server's preference when the client rates several alike: smallest first. */
const PREFERENCE: readonly Encoding[] = ["br", "gzip", "identity"];

// Browsers send a handful of distinct values: each set of encodings on offer remembers its answers.
const answers = new WeakMap<ReadonlySet<Encoding>, { offered: Encoding[]; chosen: Map<string, Encoding> }>();
const MEMO_LIMIT = 256;

/**
 * The best of `available` (which always includes identity) for this Accept-Encoding, by
 * `negotiator` (Express's): q-values honoured, ties to the smaller encoding. No header means any
 * encoding is acceptable, but clients that send none are usually tools, so they get identity. When
 * the client refuses everything on offer, identity is sent anyway (RFC 9110 allows it; a 406 would
 * only break the page).
 */
export function chooseEncoding(acceptEncoding: string | undefined, available: ReadonlySet<Encoding>): Encoding {
  if (!acceptEncoding) return "identity";
  let memo = answers.get(available);
  if (!memo) {
    memo = { offered: PREFERENCE.filter((encoding) => available.has(encoding)), chosen: new Map() };
    answers.set(available, memo);
  }
  let chosen = memo.chosen.get(acceptEncoding);
  if (!chosen) {
    const negotiator = new Negotiator({ headers: { "accept-encoding": acceptEncoding } });
    chosen = (negotiator.encoding(memo.offered, { preferred: PREFERENCE }) as Encoding | undefined) ?? "identity";
    if (memo.chosen.size >= MEMO_LIMIT) memo.chosen.clear();
    memo.chosen.set(acceptEncoding, chosen);
  }
  return chosen;
}

/** If-None-Match against one entity tag (weak comparison, as RFC 9110 section 13.1.2 asks). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === opaque);
}
