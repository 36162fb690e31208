// Vite build of the single-page app; workers are ES modules so they can import the shared core.
// Preact with its React compatibility layer in place of React (the code is written against React's API; react,
// react-dom and react/jsx-runtime resolve to preact/compat): react-dom alone was ~60 KB gzip of the page's start
// JavaScript and ~⅓ of the entry's evaluation, against the 150 KB budget of issue #14.
import preact from "@preact/preset-vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { testModels } from "./scripts/vite-test-models";
// The page's CSP meta tag, dist/_headers and the preview server's headers, all from app/browser/security-headers.ts.
import { securityHeaders } from "./scripts/vite-security-headers";
import { offlineServiceWorker } from "./scripts/vite-offline";
// gzip and brotli copies of the built files, served by `vite preview` as a host with precompressed files does.
import { precompressedAssets } from "./scripts/vite-precompress";
// index.html's inline start script: SQLite's WASM, its worker, the sample list and a first visit's sample, at once.
import { startupPreloads } from "./scripts/vite-startup-preloads";
// A course build (course.config.json, or QUERYLAB_COURSE=path): its database, exercise set, starting screen and title.
import { courseBuild } from "./scripts/vite-course";
// Each bundled sample's column profile and value index, computed while building, for a first visit to take.
import { shippedSampleContext } from "./scripts/vite-shipped-samples";
// One chunk for everything the entry imports statically (two script requests at start instead of ~30).
import { startChunk } from "./scripts/vite-start-chunk";
import { startZodCopy } from "./scripts/vite-start-zod";

export default defineConfig(({ mode }) => ({
  // Relative, so the built site works from any sub-path (its service worker's scope follows it).
  base: "./",
  plugins: [
    preact(),
    securityHeaders(),
    testModels(),
    offlineServiceWorker(mode),
    startupPreloads(),
    precompressedAssets(),
    courseBuild(),
    shippedSampleContext(),
    startChunk(fileURLToPath(new URL("./app/main.tsx", import.meta.url))),
    startZodCopy(fileURLToPath(new URL("./app/core/zod-mini.ts", import.meta.url))),
  ],
  worker: { format: "es" },
  build: {
    target: "es2022",
    chunkSizeWarningLimit: 4000,
    rolldownOptions: {
      output: {
        // Every chunk of Monaco's code is named monaco-*: the editor loads in several (app/ui/editor/editor-panel.tsx),
        // and the tests and the bench find them all by that name.
        chunkFileNames: (chunk) =>
          !chunk.name.startsWith("monaco-") && chunk.moduleIds.some((id) => id.includes("/node_modules/monaco-editor/"))
            ? "assets/monaco-[name]-[hash].js"
            : "assets/[name]-[hash].js",
      },
    },
  },
  server: { port: 5173, strictPort: false },
  preview: { port: 4173 },
}));
