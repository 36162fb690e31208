// The floor page beside a build: bench/floor/ (a tiny page running sql.js on the main thread, and a worker that echoes
// messages, the floor of a worker round trip), sql.js's browser files and a 1 KB database, copied into <build>/floor/
// and precompressed like the build, so both are served alike.
import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { precompressDirectory } from "../scripts/precompress";
import { BLANK_PAGE } from "./page-load";
import { REPOSITORY_ROOT } from "./serve";

export const FLOOR_FOLDER = "floor/";
const FLOOR_SOURCE = join(REPOSITORY_ROOT, "bench/floor");
const SQL_JS_DIST = join(REPOSITORY_ROOT, "node_modules/sql.js/dist");

/** A `books` table (the name the ready probe looks for) in two 512-byte pages: the 1 KB demo database. */
export function floorDatabase(): Buffer {
  const database = new Database(":memory:");
  try {
    database.pragma("page_size = 512");
    database.exec(`CREATE TABLE books (id INTEGER PRIMARY KEY, title TEXT, author TEXT);
      INSERT INTO books (title, author) VALUES ('Emma', 'Jane Austen'), ('Middlemarch', 'George Eliot'), ('Dracula', 'Bram Stoker');`);
    database.exec("VACUUM");
    return database.serialize();
  } finally {
    database.close();
  }
}

/** Writes the floor into `distDirectory`/floor/ and returns its path under the site. */
export async function installFloor(distDirectory: string): Promise<string> {
  const folder = join(distDirectory, FLOOR_FOLDER);
  mkdirSync(folder, { recursive: true });
  for (const file of ["index.html", "floor.js", "echo-worker.js", "worker.html", "worker-floor.js", "sqlite-floor-worker.js"])
    copyFileSync(join(FLOOR_SOURCE, file), join(folder, file));
  for (const file of ["sql-wasm-browser.js", "sql-wasm-browser.wasm"]) copyFileSync(join(SQL_JS_DIST, file), join(folder, file));
  writeFileSync(join(folder, "demo.sqlite"), floorDatabase());
  // Where the bench's "arriving from another site" loads start (bench/page-load.ts: arrivingFromAnotherSite).
  writeFileSync(
    join(folder, BLANK_PAGE),
    '<!doctype html>\n<html lang="en"><head><meta charset="UTF-8" /><title>Another site</title></head><body></body></html>\n',
  );
  // All of the floor's files are on its first visit: compressed as the build's first-visit files are.
  await precompressDirectory(folder, { best: () => true });
  return FLOOR_FOLDER;
}
