// Writes .br and .gz twins of the built client's text files (scripts, styles, HTML, SVG, the
// manifest), so the server hands phones compressed bytes without compressing on every request.
// The static handler (src/server/http/static.ts) picks the twin the browser accepts.
//
//   bun scripts/precompress.ts            (run by `bun run build`; honours BUILD_OUT_DIR)
//
// Node's zlib is used on purpose: it is what every compression plugin wraps, and build time is
// the one place maximum brotli quality costs nothing at request time.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
/**
 * Never sent as files: the first screens go out through the server's page(), which adds who is
 * signed in and compresses the result itself, and the renderer bundle is the server's (ADR 0055).
 */
const SERVER_ONLY = /[\\/]first-screens[\\/]/;
/** Below this, the header overhead eats the gain. */
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

export type PrecompressResult = { files: number; bytes: number; brotliBytes: number };

/** Writes `<file>.br` and `<file>.gz` next to every compressible file of at least 1 KB under `root`. */
export function precompressDir(root: string): PrecompressResult {
  const out: PrecompressResult = { files: 0, bytes: 0, brotliBytes: 0 };
  for (const path of files(root)) {
    if (!COMPRESSIBLE.test(path) || SERVER_ONLY.test(path)) continue;
    const raw = readFileSync(path);
    if (raw.length < MIN_BYTES) continue;
    const br = brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
    writeFileSync(`${path}.br`, br);
    writeFileSync(`${path}.gz`, gzipSync(raw, { level: 9 }));
    out.files++;
    out.bytes += raw.length;
    out.brotliBytes += br.length;
  }
  return out;
}

if (import.meta.main) {
  const root = resolve(process.env.BUILD_OUT_DIR ?? "dist/client");
  const r = precompressDir(root);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`precompressed ${r.files} files in ${root}: ${kb(r.bytes)} -> ${kb(r.brotliBytes)} brotli`);
}
