// Vite plugin: preload links in the built index.html for what the entry fetches first (app/browser/first-visit-fetches.ts):
// SQLite's WASM and the sample list start downloading with the entry script instead of after it has run.
import type { Plugin } from "vite";

/** SQLite's WASM as the build names it (sql-wasm-browser-HASH.wasm). */
const SQLITE_WASM = /(^|\/)sql-wasm-browser-[\w-]+\.wasm$/;

/**
 * `as="fetch"` with `crossorigin` is what a plain fetch() of the same URL matches, so the page's own requests take
 * the preloaded responses. The worker script cannot be preloaded usefully: a worker's request is its own.
 */
export function startupPreloads(): Plugin {
  return {
    name: "querylab-startup-preloads",
    transformIndexHtml: {
      order: "post",
      handler(_html, context) {
        if (!context.bundle) return [];
        const wasm = Object.keys(context.bundle).find((fileName) => SQLITE_WASM.test(fileName));
        if (!wasm) throw new Error("startupPreloads: the build has no sql-wasm-browser-*.wasm to preload.");
        const preload = (href: string, type?: string) => ({
          tag: "link",
          attrs: { rel: "preload", href, as: "fetch", crossorigin: "", ...(type ? { type } : {}) },
          injectTo: "head-prepend" as const,
        });
        return [preload(`./${wasm}`, "application/wasm"), preload("./samples/manifest.json", "application/json")];
      },
    },
  };
}
