// Reads a production build's chunks and which chunk refers to which, to tell the editor's deferred code from the rest.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export interface Chunk {
  file: string;
  /** Source module the chunk was built from, from Vite's manifest, when it names one. */
  source: string | null;
  bytes: Buffer;
  /** Other JavaScript chunks this one loads: static imports, dynamic imports and worker URLs alike. */
  references: string[];
}

export interface ChunkGraph {
  chunks: Map<string, Chunk>;
  /** Chunks index.html loads itself. */
  entries: string[];
}

interface ManifestEntry {
  file: string;
  src?: string;
}

/**
 * Builds the graph from the chunks' text rather than from Vite's manifest alone, because worker chunks
 * (sqlite.worker, editor.worker) are separate bundles the manifest lists only as assets: a chunk refers to
 * another when its code mentions the other's hashed file name (`import("./x-HASH.js")`, `from "./x-HASH.js"`,
 * `new URL("x-HASH.js", import.meta.url)`, Vite's preload lists).
 */
export function readChunkGraph(distDirectory: string): ChunkGraph {
  const assetsDirectory = join(distDirectory, "assets");
  const files = readdirSync(assetsDirectory).filter((name) => name.endsWith(".js"));
  const texts = new Map(files.map((file) => [file, readFileSync(join(assetsDirectory, file))]));
  const sources = new Map<string, string>();
  const manifestPath = join(distDirectory, ".vite", "manifest.json");
  if (existsSync(manifestPath)) {
    const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Record<string, ManifestEntry>;
    for (const entry of Object.values(manifest)) {
      if (entry.src) sources.set(entry.file.replace(/^assets\//, ""), entry.src);
    }
  }
  const chunks = new Map<string, Chunk>();
  for (const [file, bytes] of texts) {
    const text = bytes.toString("utf8");
    const references = files.filter((other) => other !== file && text.includes(other));
    chunks.set(file, { file, source: sources.get(file) ?? null, bytes, references });
  }
  const html = readFileSync(join(distDirectory, "index.html"), "utf8");
  const entries = files.filter((file) => html.includes(`assets/${file}`));
  return { chunks, entries };
}

/** Chunks reachable from `starts`, not walking into any chunk for which `stopAt` is true. */
function reachable(graph: ChunkGraph, starts: readonly string[], stopAt: (file: string) => boolean): Set<string> {
  const seen = new Set<string>();
  const pending = starts.filter((file) => !stopAt(file));
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const next of graph.chunks.get(file)?.references ?? []) {
      if (!seen.has(next) && !stopAt(next)) pending.push(next);
    }
  }
  return seen;
}

/** Monaco's chunks (named monaco-* by vite.config.ts) and its editor worker: the editor panel loads them after ready. */
export function isDeferredRoot(file: string): boolean {
  return file.startsWith("monaco-") || file.startsWith("editor.worker");
}

/**
 * Deferred JavaScript: the deferred roots plus every chunk reachable from them that the rest of the app
 * cannot reach without going through them (e.g. Monaco's SQL language definitions). A chunk shared with
 * the app's own code (the rolldown runtime, index itself, which Monaco imports back) stays initial.
 */
export function deferredChunks(graph: ChunkGraph): Set<string> {
  const roots = [...graph.chunks.keys()].filter(isDeferredRoot);
  const fromApp = reachable(graph, graph.entries, isDeferredRoot);
  const fromEditor = reachable(graph, roots, () => false);
  return new Set([...fromEditor].filter((file) => !fromApp.has(file)));
}
