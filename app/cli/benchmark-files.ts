// A Spider- or BIRD-layout benchmark folder on disk, read through the core's one reading of the layout.
import { readdir, readFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { parseBenchmarkQuestions, type BenchmarkQuestion } from "../core/eval/benchmark";
import { locateBenchmark } from "../core/eval/benchmark-layout";
import type { BenchmarkSource } from "../core/eval/benchmark-session";
import { createEngine } from "./node-engine";

export interface BenchmarkFolder {
  questions: BenchmarkQuestion[];
  /** Opens each database in process (the same service the page's worker exposes) and reads its description files. */
  source: BenchmarkSource;
}

async function filesUnder(directory: string): Promise<string[]> {
  try {
    const entries = await readdir(directory, { recursive: true, withFileTypes: true });
    return entries.filter((entry) => entry.isFile()).map((entry) => relative(directory, join(entry.parentPath, entry.name)).split(sep).join("/"));
  } catch {
    return [];
  }
}

export async function openBenchmarkFolder(directory: string): Promise<BenchmarkFolder> {
  // The samples beside the folder too: the bundled teaching benchmark (public/benchmark) uses public/samples.
  const siblings = (await filesUnder(join(directory, "..", "samples"))).map((path) => `../samples/${path}`);
  const located = locateBenchmark([...(await filesUnder(directory)), ...siblings]);
  if (!located.ok) throw new Error(`${directory}: ${located.message}`);
  const { layout } = located;
  const parsed = parseBenchmarkQuestions(await readFile(join(directory, layout.questionsPath), "utf8"));
  if (!parsed.ok) throw new Error(`${join(directory, layout.questionsPath)}: ${parsed.message}`);
  return {
    questions: parsed.questions,
    source: {
      async openDatabase(dbId) {
        const path = layout.databasePath(dbId);
        if (!path) throw new Error(`No database file for ${dbId} under ${directory} (expected database/${dbId}/${dbId}.sqlite).`);
        const engine = await createEngine();
        const opened = await engine.open(new Uint8Array(await readFile(join(directory, path))));
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
