// The browser build (build/client) as static files. Text files were compressed at build time
// (scripts/vite/precompress.ts writes `file.br` and `file.gz` beside them); a request gets the
// encoding it accepts, picked here, and serve-static sends that file as it is (its ETag and
// Last-Modified are the encoded file's own).
import fs from "node:fs";
import path from "node:path";
import express from "express";
import { chooseEncoding, type Encoding } from "./content-encoding.server";

const SUFFIX = { br: ".br", gzip: ".gz" } as const;

/** URL path → the encodings on disk, for every file that has a compressed variant. */
function precompressedFiles(clientDir: string): Map<string, ReadonlySet<Encoding>> {
  const files = new Set(
    fs.existsSync(clientDir)
      ? fs.readdirSync(clientDir, { recursive: true, encoding: "utf8" }).map((file) => file.split(path.sep).join("/"))
      : [],
  );
  const found = new Map<string, ReadonlySet<Encoding>>();
  const shared = new Map<string, ReadonlySet<Encoding>>();
  for (const file of files) {
    const encodings = (["br", "gzip"] as const).filter((encoding) => files.has(`${file}${SUFFIX[encoding]}`));
    if (encodings.length === 0) continue;
    // One set per combination: chooseEncoding remembers its answers per set.
    const key = encodings.join();
    if (!shared.has(key)) shared.set(key, new Set<Encoding>(["identity", ...encodings]));
    found.set(`/${file}`, shared.get(key)!);
  }
  return found;
}

/** Every file's URL path: the build does not change while the server runs. */
function filesOf(clientDir: string): ReadonlySet<string> {
  if (!fs.existsSync(clientDir)) return new Set();
  return new Set(
    fs
      .readdirSync(clientDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `/${path.relative(clientDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")}`),
  );
}

function decodedPath(urlPath: string): string {
  try {
    return decodeURIComponent(urlPath);
  } catch {
    return urlPath;
  }
}

export function staticAssets(clientDir: string): express.Router {
  const encodings = precompressedFiles(clientDir);
  const files = filesOf(clientDir);
  const router = express.Router();
  // A page's address is no file: it skips serve-static's stat() of the disk on every request.
  router.use((req, _res, next) => (files.has(decodedPath(req.path)) ? next() : next("router")));
  router.use((req, res, next) => {
    const available = req.method === "GET" || req.method === "HEAD" ? encodings.get(req.path) : undefined;
    if (!available) return next();
    res.vary("Accept-Encoding");
    const encoding = chooseEncoding(req.get("accept-encoding"), available);
    if (encoding !== "identity") {
      // The type of the file asked for, not of its .br/.gz (serve-static keeps one already set).
      res.type(path.extname(req.path));
      res.setHeader("Content-Encoding", encoding);
      const queryStart = req.url.indexOf("?");
      req.url = `${req.path}${SUFFIX[encoding]}${queryStart === -1 ? "" : req.url.slice(queryStart)}`;
    }
    next();
  });
  // Vite fingerprints everything under /assets/: a changed file gets a new name.
  router.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }));
  router.use(express.static(clientDir, { maxAge: "1h", index: false }));
  return router;
}
