// Writes a gzip and a brotli copy beside each compressible file of a built site (name.js → name.js.gz, name.js.br), for
// hosts that serve precompressed files (nginx gzip_static/brotli_static, Caddy precompressed, Netlify, most CDNs), and
// picks the copy a request may take, for `vite preview` to act as such a host.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { extname, join, relative, sep } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text and binaries that shrink: scripts, styles, the page, JSON, SQLite's WASM, the sample databases, fonts. */
export const COMPRESSIBLE_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".txt": "text/plain; charset=utf-8",
  ".wasm": "application/wasm",
  ".sqlite": "application/vnd.sqlite3",
  // A bundled sample's value index as the build wrote it (scripts/vite-shipped-samples.ts): 1.1 MB, 165 KB in brotli.
  ".bin": "application/octet-stream",
  ".ttf": "font/ttf",
};

/** Below this a copy saves less than a packet; not worth a file. */
const MIN_BYTES = 1024;
/**
 * onnxruntime's 27 MB WASM alone would take half the time: it is fetched only once a model is turned on (then kept by
 * the service worker), so files above this size are left to the host's own compression.
 */
const MAX_BYTES = 8 * 1024 * 1024;
/** A copy must save at least this share, or the host would spend work decoding for nothing. */
const MIN_SAVING = 0.1;
/**
 * Every build (the end-to-end tests' too) writes the copies, so the levels weigh time against size: brotli 11 takes
 * ~30× as long as 9 for ~7% less, and above a megabyte (the editor chunk, the samples, onnxruntime's 27 MB WASM)
 * brotli 5 and gzip 6 come within ~3% of the best in a fraction of the time. The files a first visit waits for
 * (scripts/first-visit-files.ts: the app's first chunk, SQLite's WASM and worker, the page) take brotli's best, with
 * its largest window: 35 KB less of the 461 KB (KiB) a first visit fetched before it was ready (SQLite's WASM 308 →
 * 284 KB), for a build time within its noise (these copies are made beside the others); all files at that level took
 * ~10 s more per build.
 */
const LARGE_BYTES = 1024 * 1024;
const LEVELS = { small: { brotli: 9, gzip: 9 }, large: { brotli: 5, gzip: 6 } };
/** brotli's best: quality 11 with a 16 MB window (the default window is 4 MB; SQLite's WASM gains 2 KB from it). */
const BEST_BROTLI = { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_LGWIN]: 24 };

export interface PrecompressOptions {
  /** Files (paths relative to the directory, with "/") that get brotli's best: the ones a first visit waits for. */
  best?: (relativePath: string) => boolean;
}

export const ENCODINGS = [
  { name: "br", extension: ".br" },
  { name: "gzip", extension: ".gz" },
] as const;

function compressibleFiles(directory: string): string[] {
  return readdirSync(directory, { recursive: true, encoding: "utf8" })
    .map((relative) => join(directory, relative))
    .filter((path) => extname(path) in COMPRESSIBLE_TYPES && statSync(path).isFile() && statSync(path).size >= MIN_BYTES && statSync(path).size <= MAX_BYTES);
}

async function compress(bytes: Buffer, encoding: (typeof ENCODINGS)[number]["name"], best: boolean): Promise<Buffer> {
  const levels = bytes.byteLength > LARGE_BYTES ? LEVELS.large : LEVELS.small;
  if (encoding === "gzip") return gzipAsync(bytes, { level: best ? 9 : levels.gzip });
  const quality = best ? BEST_BROTLI : { [constants.BROTLI_PARAM_QUALITY]: levels.brotli };
  return brotliAsync(bytes, { params: { ...quality, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength } });
}

/** Compresses every file of `directory` (recursively) that shrinks enough; returns how many copies were written. */
export async function precompressDirectory(directory: string, options: PrecompressOptions = {}): Promise<number> {
  const work = compressibleFiles(directory).flatMap((path) => {
    const bytes = readFileSync(path);
    const best = options.best?.(relative(directory, path).split(sep).join("/")) ?? false;
    return ENCODINGS.map(async ({ name, extension }) => {
      const compressed = await compress(bytes, name, best);
      if (compressed.byteLength > bytes.byteLength * (1 - MIN_SAVING)) return 0;
      writeFileSync(path + extension, compressed);
      return 1;
    });
  });
  const written = await Promise.all(work);
  return written.reduce<number>((sum, count) => sum + count, 0);
}

/** The precompressed copy of `path` a client accepting `acceptEncoding` may take (brotli first), or null. */
export function precompressedCopy(path: string, acceptEncoding: string): { path: string; encoding: string; contentType: string } | null {
  const contentType = COMPRESSIBLE_TYPES[extname(path)];
  if (!contentType) return null;
  const accepted = new Set(
    acceptEncoding
      .split(",")
      .map((part) => part.trim().split(";"))
      .filter(([, quality]) => quality?.trim() !== "q=0")
      .map(([name]) => name!.trim().toLowerCase()),
  );
  for (const { name, extension } of ENCODINGS) {
    if (accepted.has(name) && existsSync(path + extension)) return { path: path + extension, encoding: name, contentType };
  }
  return null;
}
