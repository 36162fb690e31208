// Finds the parts of a Spider- or BIRD-layout benchmark among a set of file paths: the questions file, each
// database's file and the files that describe it. One reading of the layout for the CLI (a folder on disk) and the
// page (a chosen folder, a .zip, the bundled teaching benchmark).
import { isDescriptionFile } from "../schema/benchmark-descriptions";

/** Questions files, in the order a folder holding several is read. */
const QUESTION_FILES = ["dev.json", "questions.json", "test.json"];
/** Folders that hold databases: Spider's database/, BIRD's dev_databases/ and train_databases/. */
const DATABASE_FOLDERS = ["database", "dev_databases", "databases", "train_databases"];
/** The bundled teaching benchmark (public/benchmark) uses the sample databases beside it (public/samples). */
const SIBLING_SAMPLES = "../samples";

export interface BenchmarkLayout {
  /** The questions file's path among the given ones. */
  questionsPath: string;
  /** The folder the layout sits in ("" or ending in "/"): a folder or .zip may hold it one level down. */
  root: string;
  /** The path of a database's file, or null when the set has none. */
  databasePath(dbId: string): string | null;
  /** The paths of the files that may describe a database (tables.json, BIRD's description CSVs). */
  descriptionPaths(dbId: string): string[];
}

function depth(path: string): number {
  return path.split("/").length;
}

function questionsRank(path: string): number {
  const name = path.slice(path.lastIndexOf("/") + 1);
  return QUESTION_FILES.indexOf(name);
}

/** The layout of a benchmark among `paths` (relative, `/`-separated), or why there is none. */
export function locateBenchmark(paths: string[]): { ok: true; layout: BenchmarkLayout } | { ok: false; message: string } {
  const normalized = paths.map((path) => path.replaceAll("\\", "/"));
  const questionsPath = normalized
    .filter((path) => !path.startsWith("../") && questionsRank(path) >= 0)
    .sort((a, b) => depth(a) - depth(b) || questionsRank(a) - questionsRank(b))[0];
  if (!questionsPath) {
    return {
      ok: false,
      message: `There is no questions file (${QUESTION_FILES.join(", ")}); the Spider layout is dev.json and database/<db_id>/<db_id>.sqlite.`,
    };
  }
  const root = questionsPath.slice(0, questionsPath.lastIndexOf("/") + 1);
  const present = new Set(normalized);
  return {
    ok: true,
    layout: {
      questionsPath,
      root,
      databasePath(dbId) {
        const candidates = DATABASE_FOLDERS.map((folder) => `${root}${folder}/${dbId}/${dbId}.sqlite`);
        if (root === "") candidates.push(`${SIBLING_SAMPLES}/${dbId}.sqlite`);
        return candidates.find((candidate) => present.has(candidate)) ?? null;
      },
      descriptionPaths(dbId) {
        return normalized.filter((path) => path.startsWith(root) && !path.startsWith("../") && isDescriptionFile(dbId, path.slice(root.length)));
      },
    },
  };
}
