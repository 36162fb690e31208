// A Spider- or BIRD-layout benchmark folder on disk, read through the core's one reading of the layout.
import { readdir, readFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { parseBenchmarkQuestions, type BenchmarkQuestion } from "../core/eval/benchmark";
import { locateBenchmark } from "../core/eval/benchmark-layout";
import type { BenchmarkSource } from "../core/eval/benchmark-session";
import { errorMessage } from "../core/error-message";
import { createEngine } from "./node-engine";
import { openWatchedDatabase, type WatchedDatabase } from "./watched-database";

export interface BenchmarkFolder {
  questions: BenchmarkQuestion[];
  /** Opens each database (the same service the page's worker exposes) and reads its description files. */
  source: BenchmarkSource;
  /** Ends the databases' worker threads, if any; the process cannot exit before. */
  close(): Promise<void>;
}

export interface BenchmarkFolderOptions {
  /**
   * With a limit, each database opens in a watched worker thread and every query (the agent's, the judge's) ends
   * within it, even one stuck inside one SQLite step (`querylab eval`). Without, databases open in process: pruning
   * and the bench only run the engine's own bounded queries.
   */
  queryLimitMs?: number;
}

async function filesUnder(directory: string): Promise<string[]> {
  try {
    const entries = await readdir(directory, { recursive: true, withFileTypes: true });
    return entries.filter((entry) => entry.isFile()).map((entry) => relative(directory, join(entry.parentPath, entry.name)).split(sep).join("/"));
  } catch {
    return [];
  }
}

export async function openBenchmarkFolder(directory: string, options: BenchmarkFolderOptions = {}): Promise<BenchmarkFolder> {
  // The samples beside the folder too: the bundled teaching benchmark (public/benchmark) uses public/samples.
  const siblings = (await filesUnder(join(directory, "..", "samples"))).map((path) => `../samples/${path}`);
  const located = locateBenchmark([...(await filesUnder(directory)), ...siblings]);
  if (!located.ok) throw new Error(`${directory}: ${located.message}`);
  const { layout } = located;
  const parsed = parseBenchmarkQuestions(await readFile(join(directory, layout.questionsPath), "utf8"));
  if (!parsed.ok) throw new Error(`${join(directory, layout.questionsPath)}: ${parsed.message}`);
  const threads: WatchedDatabase[] = [];
  return {
    questions: parsed.questions,
    close: async () => {
      await Promise.all(threads.splice(0).map((thread) => thread.close()));
    },
    source: {
      async openDatabase(dbId) {
        const path = layout.databasePath(dbId);
        if (!path) throw new Error(`No database file for ${dbId} under ${directory} (expected database/${dbId}/${dbId}.sqlite).`);
        const bytes = new Uint8Array(await readFile(join(directory, path)));
        if (options.queryLimitMs !== undefined) {
          const watched = await openWatchedDatabase(bytes, options.queryLimitMs).catch((error: unknown) => {
            throw new Error(`${dbId}: ${errorMessage(error)}`, { cause: error });
          });
          threads.push(watched);
          return watched.database;
        }
        const engine = await createEngine();
        const opened = await engine.open(bytes);
        if (!opened.ok) throw new Error(`${dbId}: ${opened.error.message}`);
        return engine;
      },
      async descriptionFiles(dbId) {
        const paths = layout.descriptionPaths(dbId);
        return Promise.all(
          paths.map(async (path) => ({ path: path.slice(layout.root.length), content: new Uint8Array(await readFile(join(directory, path))) })),
        );
      },
    },
  };
}
