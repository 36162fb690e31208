// Vite plugin: every module the page's entry imports statically goes into one chunk ("app"), so the first screen costs
// two script requests (the entry and it) instead of ~30. Left alone, the bundler gives each module that the entry
// shares with a part loaded on demand a chunk of its own (0.1–16 KB each), and the page asked for them all at start:
// on HTTP/1.1 (vite preview, many static hosts) six at a time, beside the sample's download and SQLite's WASM.
// What the entry imports only dynamically stays in chunks of its own, loaded on demand as before.
import type { Plugin } from "vite";

interface ModuleGraph {
  getModuleInfo(moduleId: string): { isEntry: boolean; importedIds: readonly string[] } | null;
}

/** The modules reachable from `entries` through static imports (dynamic imports are not followed). */
export function staticClosure(entries: readonly string[], graph: ModuleGraph): Set<string> {
  const reached = new Set<string>();
  const pending = [...entries];
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (reached.has(id)) continue;
    reached.add(id);
    pending.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return reached;
}

/** Names the chunk of each module statically reachable from the page's entry (`entryPath`, absolute): "app". */
export function startChunk(entryPath: string): Plugin {
  return {
    name: "querylab-start-chunk",
    apply: "build",
    config() {
      let startModules: Set<string> | null = null;
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  {
                    name: (moduleId, context) => {
                      startModules ??= staticClosure([entryPath], context);
                      return startModules.has(moduleId) ? "app" : null;
                    },
                  },
                ],
              },
            },
          },
        },
      };
    },
  };
}
