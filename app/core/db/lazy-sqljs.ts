// Opens a sql.js database over a LazyFile: SQLite reads the pages it needs through the file's cache, and nothing
// else of the file is ever read or held.
//
// Why this way: sql.js 1.17's build exports neither Emscripten's FS (so no FS.createLazyFile, no WORKERFS mount) nor
// sqlite3_vfs_register, so no VFS of our own can be installed from outside. What it does do is hand the constructor's
// argument to MEMFS, which keeps it as the file's contents (a first write to an empty file takes `data.slice(0, n)`)
// and answers every later read with `contents.subarray(position, end)`. An object with those two methods is
// therefore a read-only file whose reads come to us. The tests in lazy-sqljs.test.ts run this against the installed
// sql.js, so an upgrade that changes MEMFS fails there rather than in the page.
import type { Database, SqlJsStatic } from "sql.js";
import type { LazyFile } from "./lazy-file";

/** The refusal SQLite never sees in practice (the connection is query_only); kept as the last line of defence. */
export const LAZY_WRITE_REFUSED = "This database is read on demand and cannot be written.";

/** The shape MEMFS reads a file's contents through: a length, subarray for reads, slice for the first write. */
interface MemfsContents {
  readonly length: number;
  subarray(start: number, end: number): Uint8Array;
  slice(start: number, end: number): MemfsContents;
  set(): never;
}

function memfsContents(file: LazyFile): MemfsContents {
  const contents: MemfsContents = {
    length: file.sizeBytes,
    subarray: (start, end) => file.read(start, end),
    slice(start, end) {
      // MEMFS asks for exactly the whole file once, when the constructor writes it: keep the object itself.
      if (start === 0 && end === file.sizeBytes) return contents;
      throw new Error(LAZY_WRITE_REFUSED);
    },
    set() {
      throw new Error(LAZY_WRITE_REFUSED);
    },
  };
  return contents;
}

/**
 * `bytes` in the shape MEMFS takes as a new file's contents without copying them (see the top of this file: its
 * first write keeps `data.slice(0, n)`, here the bytes themselves). SQLite's writes then change `bytes`.
 */
export function keptByMemfs(bytes: Uint8Array): ArrayLike<number> {
  const contents = {
    length: bytes.length,
    subarray: (start: number, end: number) => bytes.subarray(start, end),
    slice: (start: number, end: number) => (start === 0 && end === bytes.length ? bytes : bytes.slice(start, end)),
  };
  return contents as unknown as ArrayLike<number>;
}

/** Makes a connection refuse every change itself (see openLazyDatabase). */
export const QUERY_ONLY_PRAGMA = "PRAGMA query_only = 1";

/**
 * A connection to the file, with PRAGMA query_only on: SQLite refuses every change itself, so it never asks MEMFS to
 * write (a write would throw through the WASM, which sql.js cannot recover from). With `queryOnlyLater` the caller
 * runs QUERY_ONLY_PRAGMA itself before any other statement (SqliteEngine.finishOpening): a cold worker's first
 * statement also compiles SQLite's parser and VDBE, which a first visit's sample leaves until after its first screen.
 */
export function openLazyDatabase(sql: SqlJsStatic, file: LazyFile, options: { queryOnlyLater?: boolean } = {}): Database {
  const database = new sql.Database(memfsContents(file) as unknown as ArrayLike<number>);
  if (options.queryOnlyLater) return database;
  try {
    database.exec(QUERY_ONLY_PRAGMA);
  } catch (error) {
    database.close();
    throw error;
  }
  return database;
}
