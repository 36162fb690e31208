// Vite plugin: gzip and brotli copies of the built site's files (scripts/precompress.ts), and `vite preview` serving
// them the way a host with precompressed files does, so the bench and the end-to-end tests load what such a host sends.
import { readFileSync, statSync } from "node:fs";
import { join, normalize, resolve } from "node:path";
import type { Plugin, ResolvedConfig } from "vite";
import { firstVisitFiles } from "./first-visit-files";
import { precompressedCopy, precompressDirectory } from "./precompress";

export function precompressedAssets(): Plugin {
  let config: ResolvedConfig;
  return {
    name: "querylab-precompressed-assets",
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      // After the other plugins' closeBundle (the service worker is written there), so sw.js gets its copies too.
      order: "post",
      sequential: true,
      async handler() {
        if (config.command !== "build" || config.build.ssr) return;
        const site = resolve(config.root, config.build.outDir);
        const firstVisit = firstVisitFiles(site);
        await precompressDirectory(site, { best: (path) => firstVisit.has(path) });
      },
    },
    configurePreviewServer(server) {
      const root = resolve(server.config.root, server.config.build.outDir);
      server.middlewares.use((request, response, next) => {
        // A range request wants bytes of the file itself; a HEAD or POST is left to the static server.
        if (request.method !== "GET" || request.headers.range) return next();
        const pathname = decodeURIComponent(new URL(request.url ?? "/", "http://preview").pathname);
        const file = join(root, normalize(pathname.endsWith("/") ? `${pathname}index.html` : pathname));
        if (!file.startsWith(root)) return next();
        const copy = precompressedCopy(file, String(request.headers["accept-encoding"] ?? ""));
        if (!copy) return next();
        response.setHeader("Content-Type", copy.contentType);
        response.setHeader("Content-Encoding", copy.encoding);
        response.setHeader("Content-Length", statSync(copy.path).size);
        response.setHeader("Vary", "Accept-Encoding");
        // As vite preview's own static server: no caching, so every cold load in the bench fetches again.
        response.setHeader("Cache-Control", "no-cache");
        response.end(readFileSync(copy.path));
      });
    },
  };
}
