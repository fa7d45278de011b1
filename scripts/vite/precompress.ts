// Vite plugin: after the browser build is written, every text file in it (JS, CSS, SVG, …, the
// copied public/ files included) gets a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9)
// twin, kept only when smaller. The server sends the one the browser accepts
// (server/static-assets.server.ts), so no asset is compressed per request.
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Plugin } from "vite";

/** Formats that compress; images (AVIF, WebP, PNG) and fonts (WOFF2) are compressed already. */
const TEXT = new Set([".js", ".mjs", ".css", ".html", ".svg", ".json", ".txt", ".xml", ".webmanifest", ".ico", ".map"]);

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function precompressFile(file: string) {
  const data = await fs.readFile(file);
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  for (const [suffix, encoded] of [[".br", br], [".gz", gz]] as const) {
    if (encoded.length < data.length) await fs.writeFile(`${file}${suffix}`, encoded);
  }
}

export function precompress(): Plugin {
  return {
    name: "precompress-client-build",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle({ dir }) {
      if (!dir) return;
      const files = (await fs.readdir(dir, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile() && TEXT.has(path.extname(entry.name)))
        .map((entry) => path.join(entry.parentPath, entry.name));
      await Promise.all(files.map(precompressFile));
    },
  };
}
