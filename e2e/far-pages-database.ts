// A database of 4.3 GB whose tables lie past 2 GiB and past 4 GiB into the file, though only a few hundred KB of it is
// not zeros: where a reader that keeps file offsets in 32 bits (a signed or an unsigned int, anywhere between SQLite's
// read, the WASM's file system, a File slice and an HTTP range) reads the wrong page or fails. Issue #14 asks for
// 2–4 GB files; a generated file that size takes ~40 s and 4 GB of disk, so the tests use this one instead: in memory
// (read) or as a sparse file (writeSparseFile), which a file system keeps in a few hundred KB.
//
// How it is made: sql.js writes four 64 KB pages (the schema, then one table per page, each a single leaf), the two far
// tables' root pages are moved in the schema (writable_schema) to page numbers past 2 GiB and past 4 GiB, and every
// page between is put on SQLite's freelist, so the file is a whole, valid database (`PRAGMA integrity_check` says ok).
import { closeSync, ftruncateSync, openSync, writeSync } from "node:fs";
import initSqlJs from "sql.js";

export const FAR_PAGE_BYTES = 65_536;
const GIB = 1024 * 1024 * 1024;

/** The rows each table holds; its notes say which table and row they are (the tests look for them). */
export const FAR_ROWS = 120;

export interface FarTable {
  name: string;
  /** 1-based page number of its one page, and that page's first byte in the file. */
  page: number;
  firstByte: number;
}

/** The tables: one at the file's start, one just past 2 GiB (2^31, a signed int's limit), one past 4 GiB (2^32). */
export const FAR_TABLES: readonly FarTable[] = [
  { name: "near_start", page: 2 },
  { name: "past_2_gib", page: (2 * GIB) / FAR_PAGE_BYTES + 8 },
  { name: "past_4_gib", page: (4 * GIB) / FAR_PAGE_BYTES + 8 },
].map((table) => ({ ...table, firstByte: (table.page - 1) * FAR_PAGE_BYTES }));

export function farNote(table: string, id: number): string {
  return `${table} row ${id}`;
}

export interface FarPagesDatabase {
  sizeBytes: number;
  /** The pages that are not all zeros, by 1-based page number. */
  pages: ReadonlyMap<number, Uint8Array>;
  /** The file's bytes from `start` to `end` (exclusive): the pages above, zeros elsewhere. */
  read(start: number, end: number): Uint8Array;
}

/** The most leaf pages a freelist trunk lists: SQLite reads up to usable/4 - 2, and writes at most usable/4 - 8. */
const LEAVES_PER_TRUNK = FAR_PAGE_BYTES / 4 - 8;

export async function makeFarPagesDatabase(): Promise<FarPagesDatabase> {
  const SQL = await initSqlJs();
  const database = new SQL.Database();
  let written: Uint8Array;
  try {
    database.exec("PRAGMA page_size = 65536");
    for (const { name } of FAR_TABLES) {
      database.exec(`CREATE TABLE ${name} (id INTEGER PRIMARY KEY, note TEXT NOT NULL)`);
      const insert = database.prepare(`INSERT INTO ${name} VALUES (?, ?)`);
      for (let id = 1; id <= FAR_ROWS; id += 1) insert.run([id, farNote(name, id)]);
      insert.free();
    }
    // Created in order, the tables sit on pages 2, 3 and 4: their schema rows now name the far pages instead.
    database.exec("PRAGMA writable_schema = ON");
    for (const { name, page } of FAR_TABLES) database.exec(`UPDATE sqlite_schema SET rootpage = ${page} WHERE name = '${name}'`);
    database.exec("PRAGMA writable_schema = OFF");
    written = database.export();
  } finally {
    database.close();
  }
  if (written.byteLength !== 4 * FAR_PAGE_BYTES) throw new Error(`Expected four 64 KB pages, sql.js wrote ${written.byteLength} bytes.`);
  const writtenPage = (page: number) => written.slice((page - 1) * FAR_PAGE_BYTES, page * FAR_PAGE_BYTES);

  const pageCount = Math.max(...FAR_TABLES.map((table) => table.page));
  const pages = new Map<number, Uint8Array>([[1, writtenPage(1)]]);
  FAR_TABLES.forEach((table, index) => pages.set(table.page, writtenPage(index + 2)));

  // Every other page goes on the freelist: trunk pages from page 3 on, each listing the next unused pages as leaves.
  // All but the page holding the byte at 1 GiB, which SQLite keeps for its file locks and never uses.
  const lockBytePage = GIB / FAR_PAGE_BYTES + 1;
  const unused: number[] = [];
  for (let page = 3; page <= pageCount; page += 1) if (!pages.has(page) && page !== lockBytePage) unused.push(page);
  let trunkCount = 1;
  while (trunkCount + trunkCount * LEAVES_PER_TRUNK < unused.length) trunkCount += 1;
  const trunks = unused.slice(0, trunkCount);
  const leaves = unused.slice(trunkCount);
  trunks.forEach((trunk, index) => {
    const bytes = new Uint8Array(FAR_PAGE_BYTES);
    const view = new DataView(bytes.buffer);
    const listed = leaves.slice(index * LEAVES_PER_TRUNK, (index + 1) * LEAVES_PER_TRUNK);
    view.setUint32(0, trunks[index + 1] ?? 0);
    view.setUint32(4, listed.length);
    listed.forEach((leaf, position) => view.setUint32(8 + 4 * position, leaf));
    pages.set(trunk, bytes);
  });
  const header = new DataView(pages.get(1)!.buffer);
  header.setUint32(28, pageCount); // the database's size in pages (valid: its change counter is unchanged)
  header.setUint32(32, trunks[0]); // the first freelist trunk page
  header.setUint32(36, unused.length); // every page on the freelist, trunks included

  const sizeBytes = pageCount * FAR_PAGE_BYTES;
  return {
    sizeBytes,
    pages,
    read(start, end) {
      const bytes = new Uint8Array(Math.max(0, Math.min(end, sizeBytes) - start));
      for (let page = Math.floor(start / FAR_PAGE_BYTES) + 1; (page - 1) * FAR_PAGE_BYTES < start + bytes.byteLength; page += 1) {
        const content = pages.get(page);
        if (!content) continue;
        const pageStart = (page - 1) * FAR_PAGE_BYTES;
        const from = Math.max(start, pageStart);
        const to = Math.min(start + bytes.byteLength, pageStart + FAR_PAGE_BYTES);
        bytes.set(content.subarray(from - pageStart, to - pageStart), from - start);
      }
      return bytes;
    },
  };
}

/** Writes `database` to `path` as a sparse file: its pages at their offsets, and the file's length set, holes between. */
export function writeSparseFile(database: FarPagesDatabase, path: string): void {
  const descriptor = openSync(path, "w");
  try {
    for (const [page, bytes] of database.pages) writeSync(descriptor, bytes, 0, bytes.byteLength, (page - 1) * FAR_PAGE_BYTES);
    ftruncateSync(descriptor, database.sizeBytes);
  } finally {
    closeSync(descriptor);
  }
}
