// Vite plugin: what the built index.html starts before the app's module graph has loaded: the start script
// (app/browser/html-start.ts), inlined, a classic script that runs while the HTML is parsed. It starts the WASM compile,
// the sample list, the SQLite worker and, on a first visit, the first sample's download (the worker opens it), which
// the app's entry would otherwise start only once its chunks were fetched and evaluated.
import { createHash } from "node:crypto";
import { START_SCRIPT_HASH } from "../app/browser/start-script-hash";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { transformWithOxc, type Plugin } from "vite";
import type { HtmlStartConfig } from "../app/browser/html-start";
import { KEPT_DATABASE_KEY } from "../app/browser/kept-database-hint";
import { KEPT_DATABASE_NAMES } from "../app/browser/kept-database-keys";
import { SQLITE_WASM_MESSAGE } from "../workers/page-compiled-wasm";
import initSqlJs from "sql.js";
import { readSchema } from "../app/core/db/introspect";
import { sparseSchemaHead } from "../app/core/db/schema-head";
import type { DatabaseSchema } from "../app/core/db/types";
import { FIRST_SAMPLE_LOADED_MESSAGE, FIRST_SAMPLE_MESSAGE, FIRST_SAMPLE_OPENED_MESSAGE } from "../workers/first-sample";
import { KEPT_DATABASE_LOADED_MESSAGE, KEPT_DATABASE_MESSAGE, KEPT_DATABASE_OPENED_MESSAGE } from "../workers/kept-database";

/** SQLite's WASM as the build names it (sql-wasm-browser-HASH.wasm). */
export const SQLITE_WASM = /(^|\/)sql-wasm-browser-[\w-]+\.wasm$/;
/** The SQLite worker's script as the build names it (sqlite.worker-HASH.js). */
const SQLITE_WORKER = /(^|\/)sqlite\.worker-[\w-]+\.js$/;
const START_SOURCE = fileURLToPath(new URL("../app/browser/html-start.ts", import.meta.url));

/**
 * html-start.ts as a classic script: types stripped, exports dropped, wrapped so that it reads its settings from its
 * own tag (so the file is the same in every build and is cached as such) and leaves what it started on `window`.
 */
export async function startScriptSource(source: string = readFileSync(START_SOURCE, "utf8")): Promise<string> {
  const { code } = await transformWithOxc(source, "html-start.ts", { lang: "ts" });
  const body = code.replace(/^export (?=const |function )/gm, "").replace(/^export \{\s*\};?\s*$/gm, "");
  // Only while the slot is empty: an async script that arrives after the app's modules began (they close the slot,
  // app/browser/started-from-html.ts) would start a second worker and download that nobody takes.
  return `(() => {\n${body}\nif (window[STARTED_FROM_HTML] === undefined) window[STARTED_FROM_HTML] = startFromHtml(JSON.parse(document.currentScript.dataset.start), window);\n})();\n`;
}

/** The CSP source that lets in exactly this inline script ('sha256-<base64 of its UTF-8 text>'). */
export function startScriptHash(source: string): string {
  return `'sha256-${createHash("sha256").update(source, "utf8").digest("base64")}'`;
}

/** The first entry of the sample list, which a first visit opens (app/state/database-store.ts). */
function firstSampleFile(publicDirectory: string): { file: string; sizeBytes: number | null } | null {
  const entries = JSON.parse(readFileSync(join(publicDirectory, "samples/manifest.json"), "utf8")) as Array<{ file?: unknown; bytes?: unknown }>;
  const first = entries[0];
  return typeof first?.file === "string" ? { file: first.file, sizeBytes: typeof first.bytes === "number" ? first.bytes : null } : null;
}

/**
 * The first sample's schema pages as a file of their own (assets/<name>-head-<hash>.sqlite: the sample's first bytes,
 * up to its last schema page, with the pages between that are not the schema's zeroed, app/core/db/schema-head.ts),
 * fetched by the start script as a plain file the host compresses (bookshop: 116 KB, 4 KB in brotli; 38 KB before its
 * table pages were zeroed) rather than by a range request, whose answer no host compresses (the fixed 128 KB it asked
 * for before). Named by its content, so a cached copy never meets another version of the sample. Null when the sample
 * is not a SQLite file this can read.
 */
export function firstSampleHead(sampleBytes: Uint8Array, file: string): { fileName: string; bytes: Uint8Array } | null {
  const bytes = sparseSchemaHead(sampleBytes);
  if (!bytes) return null;
  const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 10);
  return { fileName: `assets/${file.replace(/\.[^.]*$/, "")}-head-${hash}.sqlite`, bytes };
}

/**
 * The schema the SQLite worker reads of a sample opened read on demand (rows not counted), read here by the same
 * function from the same bytes, so a first visit's worker can answer with it instead of reading it on the way to the
 * first screen (workers/first-sample.ts).
 */
export async function sampleSchema(sampleBytes: Uint8Array): Promise<DatabaseSchema> {
  const SQL = await initSqlJs();
  const database = new SQL.Database(sampleBytes);
  try {
    return readSchema(database, { countRows: false });
  } finally {
    database.close();
  }
}

/** A course build whose course names a database opens that one, never the first sample (scripts/vite-course.ts). */
function courseOpensItsDatabase(define: Record<string, unknown> | undefined): boolean {
  const course = define?.__QUERYLAB_COURSE__;
  if (typeof course !== "string") return false;
  const settings = JSON.parse(course) as { database?: unknown } | null;
  return Boolean(settings?.database);
}

function escapeAttribute(value: string): string {
  return value.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}

/**
 * `as="fetch"` with `crossorigin` is what a plain fetch() of the same URL matches, so the start script's requests take
 * the preloaded responses. The worker's script cannot be preloaded usefully (a worker's request is its own): the start
 * script starts the worker instead.
 */
export function startupPreloads(): Plugin {
  let firstSample: { file: string; sizeBytes: number | null } | null = null;
  let publicDirectory = "";
  let building = false;
  /** The first sample's head as emitted into the build (see firstSampleHead), and the schema read from it. */
  let headFileName: string | null = null;
  let headSchema: DatabaseSchema | null = null;
  /** What the script's URLs start with: the build's base when it is absolute (`--base /my-course/`), else the page's folder. */
  let urlPrefix = "./";
  let startScript: string | null = null;
  return {
    name: "querylab-startup-preloads",
    async configResolved(config) {
      firstSample = courseOpensItsDatabase(config.define) || !config.publicDir ? null : firstSampleFile(config.publicDir);
      publicDirectory = config.publicDir;
      building = config.command === "build";
      // A relative "./" resolves against the page's address, which misses an absolute base when the page is opened
      // without its trailing slash (/my-course rather than /my-course/); the app's own URLs use the base.
      urlPrefix = /^(\/|https?:\/\/)/.test(config.base) ? (config.base.endsWith("/") ? config.base : `${config.base}/`) : "./";
      startScript = await startScriptSource();
      // The page's CSP lets in this one inline script by its hash: a script that no longer matches would be refused.
      const hash = startScriptHash(startScript);
      if (hash !== START_SCRIPT_HASH) {
        throw new Error(`startupPreloads: index.html's start script changed; set START_SCRIPT_HASH in app/browser/start-script-hash.ts to "${hash}".`);
      }
      if (/<\/script/i.test(startScript)) throw new Error("startupPreloads: the start script cannot be inlined: it contains </script.");
    },
    async buildStart() {
      headFileName = null;
      headSchema = null;
      if (!building || !firstSample) return;
      const sampleBytes = new Uint8Array(readFileSync(join(publicDirectory, "samples", firstSample.file)));
      const head = firstSampleHead(sampleBytes, firstSample.file);
      if (!head) return;
      this.emitFile({ type: "asset", fileName: head.fileName, source: head.bytes });
      headFileName = head.fileName;
      headSchema = await sampleSchema(sampleBytes);
    },
    transformIndexHtml: {
      order: "post",
      handler(html, context) {
        if (!context.bundle || !startScript) return html;
        const files = Object.keys(context.bundle);
        const wasm = files.find((fileName) => SQLITE_WASM.test(fileName));
        if (!wasm) throw new Error("startupPreloads: the build has no sql-wasm-browser-*.wasm to preload.");
        const worker = files.find((fileName) => SQLITE_WORKER.test(fileName));
        if (!worker) throw new Error("startupPreloads: the build has no sqlite.worker-*.js to start.");
        const config: HtmlStartConfig = {
          wasmUrl: `${urlPrefix}${wasm}`,
          workerUrl: `${urlPrefix}${worker}`,
          wasmMessage: SQLITE_WASM_MESSAGE,
          firstSampleMessage: FIRST_SAMPLE_MESSAGE,
          firstSampleOpenedMessage: FIRST_SAMPLE_OPENED_MESSAGE,
          firstSampleLoadedMessage: FIRST_SAMPLE_LOADED_MESSAGE,
          manifestUrl: `${urlPrefix}samples/manifest.json`,
          firstSample: firstSample
            ? {
                ...firstSample,
                url: `${urlPrefix}samples/${firstSample.file}`,
                headUrl: headFileName ? `${urlPrefix}${headFileName}` : null,
                schema: headSchema,
              }
            : null,
          keptDatabaseKey: KEPT_DATABASE_KEY,
          keptDatabaseMessage: KEPT_DATABASE_MESSAGE,
          keptDatabaseOpenedMessage: KEPT_DATABASE_OPENED_MESSAGE,
          keptDatabaseLoadedMessage: KEPT_DATABASE_LOADED_MESSAGE,
          keptDatabases: KEPT_DATABASE_NAMES,
        };
        // Inline, so it runs as the parser reaches it, with no request of its own to wait for (as a file it ran ~300 ms
        // after navigation on a loaded machine). Right after <meta charset> (and the CSP meta tag before it, which lets it
        // in by its hash), before any link or module script: its requests (the WASM, the worker and, through the worker,
        // the sample) are made first, ahead of the app's files on a host's six connections. No preload links for the
        // WASM and the list: the script fetches them at once (a preload after its fetch would be a second download).
        const script = `<script data-start="${escapeAttribute(JSON.stringify(config))}">${startScript}</script>`;
        const charset = /<meta charset="[^"]*"\s*\/?>/i.exec(html);
        if (!charset) throw new Error("startupPreloads: index.html has no <meta charset> to put the start script after.");
        const policy = html.indexOf('http-equiv="Content-Security-Policy"');
        if (policy > charset.index) throw new Error("startupPreloads: the CSP meta tag must come before the start script.");
        const end = charset.index + charset[0].length;
        return `${html.slice(0, end)}\n    ${script}${html.slice(end)}`;
      },
    },
  };
}
