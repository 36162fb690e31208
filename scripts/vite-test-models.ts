// Vite plugin: serves test-models/ at /models/ in the dev server and copies it into test builds, never into production.
import { cpSync, existsSync, readFileSync, statSync } from "node:fs";
import { extname, join, normalize, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin, ResolvedConfig } from "vite";

const SOURCE = fileURLToPath(new URL("../test-models", import.meta.url));
const TYPES: Record<string, string> = { ".json": "application/json", ".onnx": "application/octet-stream", ".txt": "text/plain" };

/**
 * The tiny embedding model (test-models/querylab/tiny-embed) is a test fixture: Playwright's build
 * (`vite build --mode test`) and `npm start` get it at ./models/, the production build does not. Missing files
 * answer 404, not the page, so a wrong model folder fails as "file missing" rather than as broken JSON.
 */
export function testModels(): Plugin {
  let config: ResolvedConfig;
  return {
    name: "querylab-test-models",
    configResolved(resolved) {
      config = resolved;
    },
    configureServer(server) {
      server.middlewares.use("/models/", (request, response, next) => {
        const relative = normalize(decodeURIComponent((request.url ?? "/").split("?")[0]!)).replace(/^([/\\])+/, "");
        const file = join(SOURCE, relative);
        if (!file.startsWith(SOURCE)) return next();
        if (!existsSync(file) || !statSync(file).isFile()) {
          response.statusCode = 404;
          response.end("Not found");
          return;
        }
        response.setHeader("Content-Type", TYPES[extname(file)] ?? "application/octet-stream");
        response.end(readFileSync(file));
      });
    },
    closeBundle() {
      if (config.command !== "build" || config.mode !== "test" || config.build.ssr) return;
      cpSync(SOURCE, join(resolve(config.root, config.build.outDir), "models"), { recursive: true });
    },
  };
}
