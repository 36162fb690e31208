// Settings every sql.js connection the engine opens gets: sql.js keeps SQLite's defaults, which are made for a file on
// disk shared with other processes, while here the file is in the worker's memory (MEMFS) and this connection is the
// only one that will ever use it.
import type { Database } from "sql.js";

/**
 * SQLite's page cache, in KiB (negative: a size, not a page count). The default (2 MB) is smaller than the samples
 * (the bookshop is 3.4 MB), so a scan re-read its pages from MEMFS through JavaScript on every run; the cache grows
 * only as pages are read, so a small database costs no more than its size, a large one at most this on top of it.
 */
export const PAGE_CACHE_KIB = 32 * 1024;

/** What tuneConnection sets: each is read back by the tests. */
export const CONNECTION_PRAGMAS = [
  `PRAGMA cache_size = -${PAGE_CACHE_KIB}`,
  // Sorters and temporary b-trees in SQLite's heap rather than in MEMFS files, which are memory too but read and
  // written a page at a time through JavaScript.
  "PRAGMA temp_store = MEMORY",
  // No other connection or process can reach this file, so the lock is taken once and kept: without it every
  // statement re-took it, re-read page 1 to see whether another writer had changed the file, and looked for a hot
  // journal, each a system call answered in JavaScript (about a third of a point lookup's time).
  "PRAGMA locking_mode = EXCLUSIVE",
  // In exclusive mode the rollback journal is kept between transactions instead of deleted; 0 truncates it after
  // each one, so a large write does not leave its journal's pages in memory.
  "PRAGMA journal_size_limit = 0",
] as const;

/** Applies CONNECTION_PRAGMAS to a connection the engine has just opened (or reopened: sql.js's export does). */
export function tuneConnection(database: Database): void {
  database.exec(CONNECTION_PRAGMAS.join(";\n"));
}
