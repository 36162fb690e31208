// The one source of the app's security policy: the page's CSP (the meta tag of the build), and the response headers a
// static host should send for the page and for each worker script. vite.config.ts writes them into the build (meta
// tag, dist/_headers) and sends them from `vite preview`, and docs/hosting.md shows them; a test keeps the three
// equal. No DOM here: the Vite config and Node tests import it.
import { START_SCRIPT_HASH } from "./start-script-hash";

/**
 * Where transformers.js downloads a hub model from: huggingface.co answers with redirects to its file CDNs
 * (cdn-lfs.huggingface.co, cdn-lfs-us-1.hf.co, cas-bridge.xethub.hf.co, …), and connect-src is checked at every
 * hop, so the whole families are allowed.
 */
export const HUGGING_FACE_SOURCES = ["https://huggingface.co", "https://*.huggingface.co", "https://*.hf.co"];

type Directives = Array<[directive: string, sources: string[]]>;

/**
 * The page: no inline or injected script but index.html's start script (let in by its hash alone), no eval (WASM
 * compilation only), workers from the page itself. connect-src
 * stays open here and is narrowed at start by content-security.ts to the configured endpoints (a second policy can
 * only restrict further, and the endpoint is a setting, so no static value could be right for everyone).
 */
const PAGE_DIRECTIVES: Directives = [
  ["default-src", ["'self'"]],
  ["script-src", ["'self'", "'wasm-unsafe-eval'", START_SCRIPT_HASH]],
  ["worker-src", ["'self'", "blob:"]],
  ["style-src", ["'self'", "'unsafe-inline'"]],
  ["img-src", ["'self'", "data:", "blob:"]],
  ["font-src", ["'self'", "data:"]],
  ["connect-src", ["*"]],
  ["object-src", ["'none'"]],
  ["base-uri", ["'self'"]],
  ["form-action", ["'none'"]],
];

function policyText(directives: Directives): string {
  return directives.map(([directive, sources]) => `${directive} ${sources.join(" ")}`).join("; ");
}

/** The page's policy as the build's meta tag carries it (a meta CSP cannot hold frame-ancestors: browsers ignore it). */
export const PAGE_META_POLICY = policyText(PAGE_DIRECTIVES);

/** The page's policy as a response header: the meta policy plus who may frame the page ('none' unless told). */
export function pageHeaderPolicy(frameAncestors: string[] = ["'none'"]): string {
  return policyText([...PAGE_DIRECTIVES, ["frame-ancestors", frameAncestors]]);
}

/**
 * A worker loaded from a URL runs under the policy sent with its own script, not the page's meta tag, so each gets
 * one. None of them needs more than its own scripts, WASM compilation where it runs WASM, and the fetches below.
 */
const WORKER_BASE: Directives = [
  ["default-src", ["'none'"]],
  ["script-src", ["'self'", "'wasm-unsafe-eval'"]],
];

/**
 * sql.js fetches its WASM from the site; a database read on demand is read by range requests from the worker, from
 * whatever http(s) address the person opened, which no static header can name. The worker's own guard
 * (workers/fetch-guard.ts) narrows that to exactly the URLs the page opened that way.
 */
export const SQLITE_WORKER_POLICY = policyText([...WORKER_BASE, ["connect-src", ["'self'", "https:", "http:"]]]);

/**
 * The model workers (the embedding model, the in-page chat model): the site (onnxruntime's WASM, a ./models/ folder),
 * the hub, or the host's own model sites.
 */
export function embedWorkerPolicy(modelOrigins: string[] = []): string {
  return policyText([...WORKER_BASE, ["connect-src", ["'self'", ...HUGGING_FACE_SOURCES, ...modelOrigins]]]);
}

/** Monaco's editor worker and ELK's layout worker compute from messages and fetch nothing. */
export const COMPUTE_WORKER_POLICY = policyText([
  ["default-src", ["'none'"]],
  ["script-src", ["'self'"]],
  ["connect-src", ["'none'"]],
]);

/**
 * The service worker (scripts/vite-offline.ts): its own script and the Workbox runtime it imports, and fetches of the
 * site's own files to cache; it never fetches another site (other requests pass it by to the network).
 */
export const SERVICE_WORKER_POLICY = policyText([
  ["default-src", ["'none'"]],
  ["script-src", ["'self'"]],
  ["connect-src", ["'self'"]],
]);

export interface HostOptions {
  /** Origins allowed to frame the page (for an `?embed=1` course page); none by default. */
  frameAncestors?: string[];
  /** Sites other than the hub that serve the embedding model (a self-hosted folder on another origin). */
  modelOrigins?: string[];
}

/** What the build knows of its own files that a header names (absent outside a build: no such header). */
export interface BuiltFiles {
  /** SQLite's WASM as the build names it, relative to the site: assets/sql-wasm-browser-HASH.wasm. */
  sqliteWasm?: string;
}

/**
 * The page's `Link` header: the browser starts downloading SQLite's WASM while it commits the page, before the page's
 * start script runs, and the start script's compile (html-start.ts: `compileStreaming(fetch(url))`) takes that same
 * response, since a preload `as=fetch` with `crossorigin` is the request its fetch() makes (anything else would be
 * fetched twice). On a 10 Mbit/s line the WASM, the last file the start waits for, came ~35 ms sooner and the page
 * was ready ~30 ms sooner (issue #14). Relative, like the start script's URLs, so a site under a sub-path works alike.
 */
export function sqliteWasmPreload(sqliteWasm: string): string {
  return `<./${sqliteWasm}>; rel=preload; as=fetch; crossorigin`;
}

export interface HeaderRule {
  /** A site path; `*` at the end matches the rest (the `_headers` syntax of Netlify and Cloudflare Pages). */
  path: string;
  headers: Array<[name: string, value: string]>;
}

/** Worker scripts as Vite names them in dist/assets (the name, a hash, .js), and the service worker. */
export const WORKER_SCRIPTS = {
  sqlite: "/assets/sqlite.worker-*",
  embed: "/assets/embed.worker-*",
  generate: "/assets/generate.worker-*",
  editor: "/assets/editor.worker-*",
  layout: "/assets/elk-worker.min-*",
  /** At the site's root, not in assets/, so that its scope is the whole site. */
  serviceWorker: "/sw.js",
} as const;

/**
 * The headers for every path, by rule; a request gets the headers of every rule that matches it. A CSP is only on the
 * page and on the worker scripts, so no file ever gets two; the rest holds for every file. `built` adds what names
 * the build's own files (the page's Link to SQLite's WASM).
 */
export function headerRules(options: HostOptions = {}, built: BuiltFiles = {}): HeaderRule[] {
  const framed = (options.frameAncestors ?? []).length > 0;
  const page: HeaderRule["headers"] = [
    ["Content-Security-Policy", pageHeaderPolicy(framed ? options.frameAncestors : undefined)],
    // Legacy browsers that predate frame-ancestors; omitted when framing is allowed (X-Frame-Options cannot list sites).
    ...(framed ? [] : ([["X-Frame-Options", "DENY"]] as HeaderRule["headers"])),
    // No other window keeps a handle on the page (the app opens no cross-origin popups of its own).
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ...(built.sqliteWasm ? ([["Link", sqliteWasmPreload(built.sqliteWasm)]] as HeaderRule["headers"]) : []),
  ];
  return [
    {
      path: "/*",
      headers: [
        ["X-Content-Type-Options", "nosniff"],
        // The address may hold ?db=URL; no request the page makes needs to say where it came from.
        ["Referrer-Policy", "no-referrer"],
        // Other sites may not embed the app's files as no-cors subresources; CORS reads (a ?db= URL) are unaffected.
        ["Cross-Origin-Resource-Policy", "same-origin"],
      ],
    },
    { path: "/", headers: page },
    { path: "/index.html", headers: page },
    { path: WORKER_SCRIPTS.sqlite, headers: [["Content-Security-Policy", SQLITE_WORKER_POLICY]] },
    { path: WORKER_SCRIPTS.embed, headers: [["Content-Security-Policy", embedWorkerPolicy(options.modelOrigins)]] },
    { path: WORKER_SCRIPTS.generate, headers: [["Content-Security-Policy", embedWorkerPolicy(options.modelOrigins)]] },
    { path: WORKER_SCRIPTS.editor, headers: [["Content-Security-Policy", COMPUTE_WORKER_POLICY]] },
    { path: WORKER_SCRIPTS.layout, headers: [["Content-Security-Policy", COMPUTE_WORKER_POLICY]] },
    { path: WORKER_SCRIPTS.serviceWorker, headers: [["Content-Security-Policy", SERVICE_WORKER_POLICY]] },
  ];
}

/** Whether a rule's path matches a request path (exact, or a prefix when the rule ends in `*`). */
export function rulePathMatches(rulePath: string, requestPath: string): boolean {
  return rulePath.endsWith("*") ? requestPath.startsWith(rulePath.slice(0, -1)) : requestPath === rulePath;
}

/** The headers a request path gets: every matching rule's, in order. */
export function headersForPath(requestPath: string, rules: HeaderRule[]): HeaderRule["headers"] {
  return rules.filter((rule) => rulePathMatches(rule.path, requestPath)).flatMap((rule) => rule.headers);
}

/** The `_headers` file that Netlify and Cloudflare Pages read from the published folder. */
export function headersFile(rules: HeaderRule[]): string {
  const blocks = rules.map((rule) => [rule.path, ...rule.headers.map(([name, value]) => `  ${name}: ${value}`)].join("\n"));
  return `# Written by the build from app/browser/security-headers.ts (see docs/hosting.md); edit that file, not this one.\n${blocks.join("\n\n")}\n`;
}
