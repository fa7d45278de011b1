// Choosing an encoding by Accept-Encoding (RFC 9110 section 12.5.3) among those prepared ahead of
// time (cached pages, precompressed assets) or made for a rendered document, and answering
// conditional requests.

import zlib from "node:zlib";
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

/**
 * Brotli for responses compressed as they are sent. Rendered pages are tens of KB: a 256 KB window
 * (not the default 4 MB) compresses them as well, and 50 concurrent responses no longer each set up
 * 4 MB (CPU per render halved). Quality 1: a rendered /booking (45 KB) compresses in about 0.1 ms
 * instead of 0.3 at quality 3 (a twentieth of its render) into 8.6 instead of 7.8 KB; quality 0
 * saves a further 0.03 ms for 3 % more. Cached pages, which most visitors get, are compressed once,
 * at the highest quality (decision 037).
 */
export const RESPONSE_BROTLI_PARAMS = { [zlib.constants.BROTLI_PARAM_QUALITY]: 1, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 };

/** Every encoding a page can be sent in, rendered for the request or from the page cache. */
export const DOCUMENT_ENCODINGS: ReadonlySet<Encoding> = new Set(["br", "gzip", "identity"]);

/**
 * A whole rendered document in `encoding`, compressed in this thread: one call of a few tenths of
 * a millisecond, where a compression stream cost three trips to libuv's thread pool and back
 * (decision 037).
 */
export function encodeDocument(html: Buffer, encoding: Encoding): Buffer {
  if (encoding === "br") {
    return zlib.brotliCompressSync(html, {
      params: { ...RESPONSE_BROTLI_PARAMS, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: html.length },
    });
  }
  return encoding === "gzip" ? zlib.gzipSync(html) : html;
}
