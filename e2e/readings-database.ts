// A generated database for tests and the bench of databases read on demand: one table of readings keyed by id
// (a point lookup by key touches a few pages, a scan all of them), written by SQLite itself so a 2 GB file takes
// seconds per gigabyte rather than minutes.
import Database from "better-sqlite3";
import { existsSync, renameSync, statSync, unlinkSync } from "node:fs";

/** About this many bytes per row (id, station, value, a 60-character note, and SQLite's overhead). */
const BYTES_PER_ROW = 100;

export interface ReadingsDatabase {
  path: string;
  rows: number;
  sizeBytes: number;
}

/** The station a reading with this id has, as the generator writes it (tests check a lookup against it). */
export function stationOf(id: number): string {
  return `station ${id % 997}`;
}

/**
 * Writes about `targetBytes` of readings to `path`, or reuses the file already there when it was made for the same
 * row count (the name should say the size). Written beside and renamed, so an interrupted run leaves no half file.
 */
export function makeReadingsDatabase(path: string, targetBytes: number): ReadingsDatabase {
  const rows = Math.max(1000, Math.round(targetBytes / BYTES_PER_ROW));
  if (existsSync(path)) {
    const existing = new Database(path, { readonly: true });
    const count = (existing.prepare("SELECT max(id) AS n FROM readings").get() as { n: number }).n;
    existing.close();
    if (count === rows) return { path, rows, sizeBytes: statSync(path).size };
  }
  const partial = `${path}.partial`;
  if (existsSync(partial)) unlinkSync(partial);
  const database = new Database(partial);
  database.pragma("journal_mode = OFF");
  database.pragma("synchronous = OFF");
  database.exec("CREATE TABLE readings(id INTEGER PRIMARY KEY, station TEXT NOT NULL, value REAL NOT NULL, note TEXT NOT NULL)");
  const insert = database.prepare(`
    WITH RECURSIVE n(x) AS (SELECT CAST(? AS INTEGER) UNION ALL SELECT x + 1 FROM n WHERE x < ?)
    INSERT INTO readings SELECT x, 'station ' || (x % 997), (x % 1000) * 0.25, hex(randomblob(30)) FROM n`);
  // Numbers are bound as REAL by better-sqlite3: the CAST keeps ids (and the station text made from them) integers.
  const batch = 1_000_000;
  for (let first = 1; first <= rows; first += batch) insert.run(first, Math.min(rows, first + batch - 1));
  database.close();
  renameSync(partial, path);
  return { path, rows, sizeBytes: statSync(path).size };
}
