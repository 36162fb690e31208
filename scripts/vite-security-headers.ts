// Vite plugin: puts the policy of app/browser/security-headers.ts into the build (the page's meta tag, dist/_headers for
// Netlify and Cloudflare Pages) and sends the same headers from `vite preview`, so the end-to-end tests run under
// what a configured host sends. Not in the dev server, whose React refresh needs an inline script.
import { readdirSync } from "node:fs";
import { resolve } from "node:path";
import type { Plugin } from "vite";
import { headerRules, headersFile, headersForPath, PAGE_META_POLICY, type BuiltFiles, type HostOptions } from "../app/browser/security-headers";
import { SQLITE_WASM } from "./vite-startup-preloads";

/** An origin (scheme://host[:port], `*.` allowed) or 'self': nothing that could end a header or add a directive. */
const SOURCE = /^(?:'self'|https?:\/\/(?:\*\.)?[a-z0-9.-]+(?::\d+)?)$/i;

function originList(variable: string): string[] {
  const value = process.env[variable]?.trim();
  if (!value) return [];
  const sources = value.split(/\s+/);
  const bad = sources.find((source) => !SOURCE.test(source));
  if (bad) throw new Error(`${variable}: "${bad}" is not an origin such as https://course.example.org`);
  return sources;
}

/**
 * What only the host knows, given at build time: QUERYLAB_FRAME_ANCESTORS (sites that may frame the page, for
 * `?embed=1`) and QUERYLAB_MODEL_ORIGINS (sites other than the hub that serve the embedding model).
 */
export function hostOptionsFromEnv(): HostOptions {
  return { frameAncestors: originList("QUERYLAB_FRAME_ANCESTORS"), modelOrigins: originList("QUERYLAB_MODEL_ORIGINS") };
}

/** The files a header names, found among a build's files (paths relative to the site). */
export function builtFilesOf(fileNames: readonly string[]): BuiltFiles {
  return { sqliteWasm: fileNames.find((fileName) => SQLITE_WASM.test(fileName)) };
}

/** The same, read from a built site's folder (what `vite preview` or a test's static host serves). */
export function builtFilesIn(directory: string): BuiltFiles {
  try {
    return builtFilesOf(readdirSync(resolve(directory, "assets")).map((name) => `assets/${name}`));
  } catch {
    return {};
  }
}

export function securityHeaders(): Plugin {
  const hostOptions = hostOptionsFromEnv();
  return {
    name: "querylab-security-headers",
    transformIndexHtml: {
      order: "post",
      handler(html, context) {
        if (context.server) return html;
        return html.replace("<head>", `<head>\n    <meta http-equiv="Content-Security-Policy" content="${PAGE_META_POLICY}" />`);
      },
    },
    generateBundle(_options, bundle) {
      if (this.environment.config.consumer !== "client") return;
      const rules = headerRules(hostOptions, builtFilesOf(Object.keys(bundle)));
      this.emitFile({ type: "asset", fileName: "_headers", source: headersFile(rules) });
    },
    configurePreviewServer(server) {
      const rules = headerRules(hostOptions, builtFilesIn(resolve(server.config.root, server.config.build.outDir)));
      server.middlewares.use((request, response, next) => {
        const path = new URL(request.url ?? "/", "http://preview").pathname;
        for (const [name, value] of headersForPath(path, rules)) response.setHeader(name, value);
        next();
      });
    },
  };
}
