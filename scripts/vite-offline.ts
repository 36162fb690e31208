// Vite plugin: the service worker that keeps the built site working offline after the first visit (vite-plugin-pwa's
// Workbox generateSW). Everything is relative to the worker's own scope, so the site works from any sub-path.
import type { Plugin } from "vite";
import { VitePWA, type VitePWAOptions } from "vite-plugin-pwa";

/** The service worker's registration scope: the folder the site is served from (its `self`, typed for this file). */
declare const self: { registration: { scope: string } };

/** The script the service worker imports first (Workbox's importScripts): NAVIGATION_ROUTE, written beside sw.js. */
export const NAVIGATION_ROUTE_FILE = "sw-navigation-route.js";

/**
 * A navigation to the app races the network against the worker's answer from its cache (the static routing API,
 * Chromium 123+; other browsers leave every request to the worker, as before). Without it, a returning visit waited
 * for the worker to start before the page's HTML came from its cache: the start script ran ~100 ms later than on a
 * first visit (bench, loopback). Offline the network fails and the cached page answers, as it did; the page's other
 * files still come from the worker's precache, which is running by then.
 */
export const NAVIGATION_ROUTE = `// Written by scripts/vite-offline.ts: see NAVIGATION_ROUTE there.
self.addEventListener("install", (event) => {
  if (typeof event.addRoutes !== "function") return;
  event.waitUntil(
    event.addRoutes({ condition: { requestMode: "navigate" }, source: "race-network-and-fetch-handler" }).catch(() => undefined),
  );
});
`;

/** The app shell and its chunks are precached; a file above this size is left to runtime caching or the network. */
const PRECACHE_LIMIT_BYTES = 5 * 1024 * 1024;

/**
 * ELK's layout worker (elkjs's elk-worker.min.js, 1.6 MB), which only the schema diagram starts. Chromium compiles
 * every classic script a service worker puts in its caches during its install, whole, to keep a code cache beside it:
 * for this one that was ~0.5 s of CPU on every first visit (traced: 531 of the 636 ms the install spent so; the
 * app's chunks are modules, which it does not compile), for a diagram many visitors never open. So it is not
 * precached: it is cached when first fetched, or when the page asks once the worker is active
 * (app/browser/offline-cache.ts), outside the install, where no such compile is made.
 */
export const LAYOUT_WORKER_GLOB = "**/elk-worker.min-*.js";

/**
 * Monaco's editor worker (300 KB), which the editor's chosen features never start (app/ui/editor/monaco-setup.ts):
 * precached, the install compiled it whole too (~66 ms, traced) on every first visit. Cached if it is ever fetched;
 * offline without it, Monaco runs the worker's code on the page instead.
 */
export const EDITOR_WORKER_GLOB = "**/editor.worker-*.js";

/** What the service worker keeps: Workbox's generateSW options (exported for scripts/vite-offline.test.ts). */
export const OFFLINE_WORKBOX = {
  // The shell, the JS/CSS chunks, the worker scripts, SQLite's WASM and the editor's font.
  globPatterns: ["**/*.{html,js,css,wasm,ttf,woff2}"],
  // onnxruntime's WASM (about 27 MB) is only needed once an embedding or in-page model is turned on: cached then,
  // below, so a visitor who never uses one does not download it. Samples, benchmark and models: on first use.
  globIgnores: ["**/ort-wasm-*.wasm", "samples/**", "benchmark/**", "models/**", LAYOUT_WORKER_GLOB, EDITOR_WORKER_GLOB],
  maximumFileSizeToCacheInBytes: PRECACHE_LIMIT_BYTES,
  // Any address of the app (say `?db=URL`) opens the cached page; a file address (a sample, a README) does not.
  navigateFallback: "index.html",
  navigateFallbackDenylist: [/\/[^/]+\.[^/]+$/],
  cleanupOutdatedCaches: true,
  importScripts: [NAVIGATION_ROUTE_FILE],
  // The first worker takes over the page that installed it, so the rest of the first visit is cached; a later one
  // waits (no skipWaiting) until the person presses Reload, and only then takes over.
  clientsClaim: true,
  // Only same-origin GETs under the app's own folder are cached: never an LLM API call, another site, or a POST.
  runtimeCaching: [
    {
      // Unhashed names that a new version may change: the network first, the cache when it cannot be reached. course/
      // holds a course build's database and exercise set (scripts/vite-course.ts).
      urlPattern: ({ url, sameOrigin }) =>
        sameOrigin && ["samples/", "benchmark/", "course/"].some((folder) => url.pathname.startsWith(new URL(folder, self.registration.scope).pathname)),
      handler: "NetworkFirst",
      method: "GET",
      options: { cacheName: "querylab-samples", cacheableResponse: { statuses: [200] } },
    },
    {
      // Fingerprinted by the build, so a cached copy is always right.
      urlPattern: ({ url, sameOrigin }) => sameOrigin && /\/assets\/ort-wasm[^/]*\.wasm$/.test(url.pathname),
      handler: "CacheFirst",
      method: "GET",
      options: {
        cacheName: "querylab-onnxruntime",
        cacheableResponse: { statuses: [200] },
        expiration: { maxEntries: 2, purgeOnQuotaError: true },
      },
    },
    {
      // ELK's layout worker and Monaco's editor worker (LAYOUT_WORKER_GLOB, EDITOR_WORKER_GLOB): fingerprinted by the
      // build, so a cached copy is always right. (Workbox writes this function into sw.js as text: it may use only
      // its arguments and the worker's globals.)
      urlPattern: ({ url, sameOrigin }) =>
        sameOrigin &&
        url.pathname.startsWith(new URL("assets/", self.registration.scope).pathname) &&
        /\/(elk-worker\.min|editor\.worker)-[^/]*\.js$/.test(url.pathname),
      handler: "CacheFirst",
      method: "GET",
      options: {
        cacheName: "querylab-worker-scripts",
        cacheableResponse: { statuses: [200] },
        expiration: { maxEntries: 4, purgeOnQuotaError: true },
      },
    },
    {
      // A self-hosted embedding or in-page chat model in the site's ./models/ folder: large files that do not change
      // under one name. A model on another site or on the hub is not cached here (transformers.js keeps its own).
      urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith(new URL("models/", self.registration.scope).pathname),
      handler: "CacheFirst",
      method: "GET",
      options: {
        cacheName: "querylab-models",
        cacheableResponse: { statuses: [200] },
        expiration: { maxEntries: 64, purgeOnQuotaError: true },
      },
    },
  ],
} satisfies VitePWAOptions["workbox"];

/**
 * Off in the end-to-end test build (`vite build --mode test`): a worker answering from its caches would hide requests
 * from the specs that watch or reroute them (Playwright's page.route does not see requests a service worker serves).
 * e2e/offline.spec.ts builds the site the production way to test it.
 */
export function offlineServiceWorker(mode: string): Plugin[] {
  const navigationRoute: Plugin = {
    name: "querylab-sw-navigation-route",
    apply: "build",
    generateBundle() {
      if (mode !== "test") this.emitFile({ type: "asset", fileName: NAVIGATION_ROUTE_FILE, source: NAVIGATION_ROUTE });
    },
  };
  const serviceWorker = VitePWA({
    disable: mode === "test",
    // A new version waits until the person presses Reload in the notice (app/ui/common/update-notice.tsx).
    registerType: "prompt",
    // Registered by the notice's hook, not by an injected script (the page's CSP forbids inline script).
    injectRegister: false,
    manifest: false,
    filename: "sw.js",
    workbox: OFFLINE_WORKBOX,
  });
  return [navigationRoute, ...serviceWorker];
}
