// A static host for the built site under a sub-path, as a course site or GitHub Pages would serve it: the files of a
// dist folder under `prefix`, ./models/ from test-models/ (a self-hosted model), the response headers of
// app/browser/security-headers.ts (with the build's Link to its WASM), and nothing else. It can be stopped (to be
// "offline") and started again on the same port, and can serve a changed sw.js (a new version of the site).
import { createServer, type Server } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, normalize, resolve } from "node:path";
import { headerRules, headersForPath, type HostOptions } from "../app/browser/security-headers";
import { builtFilesIn } from "../scripts/vite-security-headers";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".wasm": "application/wasm",
  ".ttf": "font/ttf",
  ".md": "text/markdown; charset=utf-8",
};

export interface StaticSite {
  /** The site's address, ending in the prefix: http://127.0.0.1:PORT/some/sub/path/ */
  readonly url: string;
  /** Text appended to sw.js from now on: a byte-different service worker, i.e. a new version. */
  swSuffix: string;
  /** How many requests reached the server since it (re)started. */
  readonly requests: number;
  /** The paths of those requests, in order. */
  readonly requestedPaths: readonly string[];
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Serves `distDir` under `prefix` ("/some/sub/path/") and `modelsDir` under `${prefix}models/`, with the headers a host
 * configured with `host` sends (e.g. the sites allowed to frame the page).
 */
export async function staticSite(distDir: string, modelsDir: string, prefix: string, host: HostOptions = {}): Promise<StaticSite> {
  // As the build's _headers names them: the page's Link to SQLite's WASM, relative, so it is tried under a sub-path.
  const rules = headerRules(host, builtFilesIn(distDir));
  let server: Server | null = null;
  let port = 0;
  let requests = 0;
  let requestedPaths: string[] = [];
  const site = {
    swSuffix: "",
    get url() {
      return `http://127.0.0.1:${port}${prefix}`;
    },
    get requests() {
      return requests;
    },
    get requestedPaths() {
      return requestedPaths;
    },
    async start() {
      requests = 0;
      requestedPaths = [];
      server = createServer((request, response) => {
        requests += 1;
        requestedPaths.push(new URL(request.url ?? "/", "http://site").pathname);
        void answer(request.url ?? "/", site.swSuffix).then(({ status, type, body, path }) => {
          for (const [name, value] of headersForPath(path, rules)) response.setHeader(name, value);
          response.writeHead(status, { "content-type": type, "cache-control": "no-cache" });
          response.end(body);
        });
      });
      await new Promise<void>((done) => server!.listen(port, "127.0.0.1", done));
      const address = server.address();
      if (address && typeof address === "object") port = address.port;
    },
    async stop() {
      if (!server) return;
      const closing = new Promise<void>((done) => server!.close(() => done()));
      server.closeAllConnections();
      await closing;
      server = null;
    },
  };

  async function answer(rawUrl: string, swSuffix: string) {
    const pathname = decodeURIComponent(new URL(rawUrl, "http://site").pathname);
    const notFound = { status: 404, type: "text/plain", body: Buffer.from("Not found"), path: pathname };
    if (!pathname.startsWith(prefix)) return notFound;
    // The path as the site sees it from its own root, for the header rules (written for a site at "/").
    const sitePath = `/${pathname.slice(prefix.length)}`;
    const [root, relative] = sitePath.startsWith("/models/") ? [modelsDir, sitePath.slice("/models/".length)] : [distDir, sitePath.slice(1) || "index.html"];
    const file = resolve(root, normalize(relative));
    if (!file.startsWith(resolve(root))) return notFound;
    try {
      if (!(await stat(file)).isFile()) return notFound;
    } catch {
      return notFound;
    }
    let body = await readFile(file);
    if (sitePath === "/sw.js" && swSuffix) body = Buffer.concat([body, Buffer.from(`\n${swSuffix}\n`)]);
    return { status: 200, type: TYPES[extname(file)] ?? "application/octet-stream", body, path: sitePath };
  }

  return site;
}
