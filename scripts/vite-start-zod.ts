// Vite plugin: the page's start checks its data with zod/mini (app/core/zod-mini.ts) through a copy of zod's modules of
// its own, apart from the zod that the agent, the AI SDK and the eval load on demand.
// Why: a module is bundled once, into one chunk. zod's core (its schema classes, checks, errors) is used by zod/mini at
// start and by full zod later, so it sat in the start's chunk with every export either uses: the string formats (email,
// UUID, JWT, ISO dates, IP addresses…), the JIT object parser and more that only full zod and the AI SDK's providers
// reach. Two copies cost the first question ~7 KB more (brotli) and took ~6.6 KB from the start (issue #14).
// Safe because zod's classes check membership by trait name (its $constructor), not by identity, and the one shared
// global (the metadata registry) lives on globalThis: the start's schemas nest in full zod's and parse alike.
import { readFile } from "node:fs/promises";
import type { Plugin } from "vite";

/** Marks a zod module's id as the start's copy: the bundler takes an id with another query for another module. */
export const START_COPY = "?querylab-start-zod";

/** `zodMiniEntry`: the absolute path of the one module whose zod imports (and theirs in turn) take the copy. */
export function startZodCopy(zodMiniEntry: string): Plugin {
  return {
    name: "querylab-start-zod",
    apply: "build",
    // Before Vite's own resolver, which would answer the bare "zod/mini" first.
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (!importer) return null;
      const fromStartCopy = importer.endsWith(START_COPY);
      if (!fromStartCopy && (importer !== zodMiniEntry || !source.startsWith("zod"))) return null;
      const resolved = await this.resolve(source, importer.replace(START_COPY, ""), { ...options, skipSelf: true });
      if (!resolved || resolved.external || !resolved.id.includes("/node_modules/zod/")) return null;
      return { ...resolved, id: resolved.id + START_COPY };
    },
    load(id) {
      if (!id.endsWith(START_COPY)) return null;
      return readFile(id.slice(0, -START_COPY.length), "utf8");
    },
  };
}
