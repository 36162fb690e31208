// The files of a built site that a first visit fetches before the page is ready, read from the built files themselves:
// what index.html loads (its scripts, module preloads and styles), what its start script fetches (SQLite's WASM, the
// SQLite worker, the sample list, the first sample's head; app/browser/html-start.ts), the chunks those scripts import
// statically, and the SQLite worker's code, which its small entry imports at once (workers/sqlite.worker.ts). The
// build compresses these harder than the rest (scripts/precompress.ts): on a slow line the start waits for their bytes.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";

const HTML_ENTITIES: Record<string, string> = { "&quot;": '"', "&#39;": "'", "&lt;": "<", "&gt;": ">", "&amp;": "&" };

function decodeAttribute(value: string): string {
  return value.replace(/&(?:quot|#39|lt|gt|amp);/g, (entity) => HTML_ENTITIES[entity]!);
}

/** Local URLs (relative or root-relative, no scheme) named by `src`/`href` attributes of the page. */
function attributeUrls(html: string): string[] {
  return [...html.matchAll(/\s(?:src|href)="([^"]+)"/g)].map((match) => decodeAttribute(match[1]!)).filter((url) => !/^[a-z][a-z0-9+.-]*:|^\/\/|^#/i.test(url));
}

/** The URLs the start script fetches, from its settings in the data-start attribute (HtmlStartConfig). */
function startScriptUrls(html: string): { urls: string[]; workerUrl: string | null } {
  const attribute = /<script data-start="([^"]*)"/.exec(html)?.[1];
  if (attribute === undefined) return { urls: [], workerUrl: null };
  const config = JSON.parse(decodeAttribute(attribute)) as {
    wasmUrl?: unknown;
    workerUrl?: unknown;
    manifestUrl?: unknown;
    firstSample?: { headUrl?: unknown } | null;
  };
  const urls = [config.wasmUrl, config.workerUrl, config.manifestUrl, config.firstSample?.headUrl].filter((url): url is string => typeof url === "string");
  return { urls, workerUrl: typeof config.workerUrl === "string" ? config.workerUrl : null };
}

/** `./x.js` imported by a built module: statically (`import"./x.js"`, `from"./x.js"`), and with `dynamic`, by import() too. */
function importedFiles(code: string, dynamic: boolean): string[] {
  const pattern = dynamic ? /(?:\bfrom|\bimport)\s*\(?\s*["'`](\.{1,2}\/[^"'`]+\.js)["'`]/g : /(?:\bfrom|\bimport)\s*["'`](\.{1,2}\/[^"'`]+\.js)["'`]/g;
  return [...code.matchAll(pattern)].map((match) => match[1]!);
}

/** Paths relative to `siteDirectory` (with "/"), of the files that exist. */
export function firstVisitFiles(siteDirectory: string): Set<string> {
  const page = join(siteDirectory, "index.html");
  if (!existsSync(page)) return new Set();
  const html = readFileSync(page, "utf8");
  const { urls, workerUrl } = startScriptUrls(html);
  // Root-relative URLs are taken from the site's folder (the build uses relative ones: base "./").
  const toPath = (url: string, from: string) => {
    const path = url.split(/[?#]/)[0]!;
    return normalize(path.startsWith("/") ? join(siteDirectory, path) : join(from, path));
  };
  const workerPath = workerUrl ? toPath(workerUrl, siteDirectory) : null;
  const found = new Set<string>(["index.html"]);
  const pending = [...attributeUrls(html), ...urls].map((url) => toPath(url, siteDirectory));
  while (pending.length > 0) {
    const path = pending.pop()!;
    const name = relative(siteDirectory, path).split("\\").join("/");
    if (found.has(name) || name.startsWith("..") || !existsSync(path)) continue;
    found.add(name);
    if (!path.endsWith(".js")) continue;
    for (const imported of importedFiles(readFileSync(path, "utf8"), path === workerPath)) pending.push(toPath(imported, dirname(path)));
  }
  return found;
}
