// Reads a Spider-layout benchmark folder from disk: the questions file and each database's bytes.
import { access, readFile } from "node:fs/promises";
import { join } from "node:path";
import { parseBenchmarkQuestions, type BenchmarkQuestion } from "../core/eval/benchmark";

const QUESTION_FILES = ["dev.json", "questions.json", "test.json"];

export async function readBenchmarkQuestions(directory: string): Promise<BenchmarkQuestion[]> {
  for (const name of QUESTION_FILES) {
    const path = join(directory, name);
    try {
      await access(path);
    } catch {
      continue;
    }
    const parsed = parseBenchmarkQuestions(await readFile(path, "utf8"));
    if (!parsed.ok) throw new Error(`${path}: ${parsed.message}`);
    return parsed.questions;
  }
  throw new Error(`${directory} has no questions file (looked for ${QUESTION_FILES.join(", ")}).`);
}

/** Spider keeps databases at database/<db_id>/<db_id>.sqlite; BIRD at dev_databases/<db_id>/<db_id>.sqlite. */
export async function databasePath(directory: string, dbId: string): Promise<string> {
  for (const folder of ["database", "dev_databases", "databases"]) {
    const path = join(directory, folder, dbId, `${dbId}.sqlite`);
    try {
      await access(path);
      return path;
    } catch {
      // try the next layout
    }
  }
  // The bundled teaching benchmark (public/benchmark) uses the sample databases beside it.
  const sample = join(directory, "..", "samples", `${dbId}.sqlite`);
  try {
    await access(sample);
    return sample;
  } catch {
    throw new Error(`No database file for ${dbId} under ${directory} (expected database/${dbId}/${dbId}.sqlite).`);
  }
}
