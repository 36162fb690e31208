// Reads from disk the files of a Spider/BIRD-layout benchmark that describe one database, for harvestBenchmarkDescriptions.
import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { harvestBenchmarkDescriptions, isDescriptionFile, type BenchmarkFile, type HarvestResult } from "../core/schema/descriptions";

/** Folders that hold databases in the known layouts (Spider: database/, BIRD: dev_databases/). */
const DATABASE_FOLDERS = ["database", "dev_databases", "databases", "train_databases"];

async function listFiles(directory: string): Promise<string[]> {
  try {
    return (await readdir(directory, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}

/** The tables.json files at the top and the database's own database_description/*.csv, as bytes (the encoding is guessed later). */
export async function readDescriptionFiles(directory: string, dbId: string): Promise<BenchmarkFile[]> {
  const top = (await readdir(directory).catch(() => [] as string[])).map((name) => join(directory, name));
  const nested = (await Promise.all(DATABASE_FOLDERS.map((folder) => listFiles(join(directory, folder, dbId, "database_description"))))).flat();
  const paths = [...top, ...nested].filter((path) => isDescriptionFile(dbId, relative(directory, path)));
  return Promise.all(paths.map(async (path) => ({ path: relative(directory, path), content: new Uint8Array(await readFile(path)) })));
}

/** Descriptions of `dbId` harvested from a benchmark folder on disk. */
export async function readBenchmarkDescriptions(directory: string, dbId: string): Promise<HarvestResult> {
  return harvestBenchmarkDescriptions(dbId, await readDescriptionFiles(directory, dbId));
}
