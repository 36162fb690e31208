// Vite build of the single-page app; workers are ES modules so they can import the shared core.
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { testModels } from "./scripts/vite-test-models";

/**
 * The built page's Content-Security-Policy: no inline or injected script, no eval (WASM compilation only),
 * workers from the page itself. connect-src stays open here and is narrowed at start by
 * app/browser/content-security.ts to the configured endpoints. Not in the dev server, whose React refresh needs
 * an inline script.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src *",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'none'",
].join("; ");

function contentSecurityPolicy(): Plugin {
  return {
    name: "querylab-content-security-policy",
    apply: "build",
    transformIndexHtml(html) {
      return html.replace("<head>", `<head>\n    <meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}" />`);
    },
  };
}

export default defineConfig({
  base: "./",
  plugins: [react(), contentSecurityPolicy(), testModels()],
  worker: { format: "es" },
  build: {
    target: "es2022",
    chunkSizeWarningLimit: 4000,
  },
  server: { port: 5173, strictPort: false },
  preview: { port: 4173 },
});
