// Reads the distinct text values of a database's columns in bounded chunks (per column, in all, per query), for the value index.
import { quoteIdentifier } from "../db/identifiers";
import type { ReadOnlyDatabase } from "../db/read-only-query";
import type { DatabaseSchema, TableInfo } from "../db/types";

export interface ValueLimits {
  /** Distinct values kept per column: a column of a hundred thousand codes is named by its first ones as well as by all. */
  perColumn: number;
  /** Distinct values kept in all: what bounds the index's memory, whatever the database's size. */
  total: number;
  /** Rows read per query: what bounds one step of the reading, so other calls on the connection wait at most that long. */
  chunkRows: number;
}

export const DEFAULT_VALUE_LIMITS: ValueLimits = { perColumn: 100_000, total: 500_000, chunkRows: 5_000 };

/** New distinct values of one column, in the order they were met. */
export interface ValueChunk {
  table: string;
  column: string;
  values: string[];
}

/** Where the reading is: what the status text says while indexing. */
export interface ValueReadProgress {
  /** Distinct values read so far. */
  values: number;
  tablesDone: number;
  tables: number;
}

/** A chunk of one query is cut off after this long rather than hold the connection. */
const CHUNK_TIME_LIMIT_MS = 5_000;

/** Whether a column may hold text worth matching: TEXT affinity by SQLite's rules, no type, or a date/time type. */
export function mayHoldText(type: string): boolean {
  const upper = type.toUpperCase();
  if (upper === "") return true;
  if (upper.includes("INT")) return false;
  // DATE, DATETIME and TIMESTAMP columns usually hold ISO text (their years are matched); only text values are read.
  return (
    upper.includes("CHAR") ||
    upper.includes("CLOB") ||
    upper.includes("TEXT") ||
    upper.includes("DATE") ||
    upper.includes("TIME") ||
    !/(REAL|FLOA|DOUB|NUM|DEC|BOOL|BLOB)/.test(upper)
  );
}

/** Tables whose values are read (views repeat their tables), with their columns that may hold text. */
export function textColumnsOf(schema: DatabaseSchema): Array<{ table: TableInfo; columns: string[] }> {
  return schema.tables
    .filter((table) => table.kind === "table")
    .map((table) => ({ table, columns: table.columns.filter((column) => mayHoldText(column.type)).map((column) => column.name) }))
    .filter((entry) => entry.columns.length > 0);
}

/**
 * What one query of the reading gave: the new values of each column that had any. Often none: once a column of a few
 * codes has given them all, the rest of its table is read for the other columns' values.
 */
export type ValueStep = ValueChunk[];

/**
 * Yields each text column's distinct values, one step per query, until every column has given `perColumn` or all
 * of them `total`. A table is read once for all its text columns, in rowid order, `chunkRows` rows per query, each
 * query starting after the last rowid seen: every step costs the same however far in the table it is (OFFSET would
 * re-read what came before), and no statement stays open between steps, so a save or a write between them finds
 * the connection free. A step is yielded after every query, also one that found nothing new, so the caller can pause
 * there: a table read to its end for one column's rare values (millions of rows) would otherwise hold the connection
 * for the whole read. Distinct is kept per column in a set, bounded by `perColumn`. A table without rowid is read
 * the way it always was, one capped SELECT DISTINCT per column.
 */
export async function* streamColumnValues(
  database: ReadOnlyDatabase,
  schema: DatabaseSchema,
  limits: ValueLimits = DEFAULT_VALUE_LIMITS,
  onProgress?: (progress: ValueReadProgress) => void,
): AsyncGenerator<ValueStep> {
  const tables = textColumnsOf(schema);
  const progress: ValueReadProgress = { values: 0, tablesDone: 0, tables: tables.length };
  const room = () => limits.total - progress.values;
  for (const { table, columns } of tables) {
    if (room() <= 0) break;
    const seen = columns.map(() => new Set<string>());
    const open = () => columns.some((_column, position) => seen[position]!.size < limits.perColumn);
    let afterRowid: number | null = null;
    while (open() && room() > 0) {
      // Only the columns still short of perColumn are read: once a column of long distinct texts is full, reading it on
      // for a column of a few codes decoded millions of strings that were thrown away (a 401 MB table: 20 s).
      const reading = columns.flatMap((_column, position) => (seen[position]!.size < limits.perColumn ? [position] : []));
      const page = await readRowsAfter(
        database,
        table.name,
        reading.map((position) => columns[position]!),
        afterRowid,
        limits.chunkRows,
      );
      if (page === "no-rowid") {
        yield* readDistinctPerColumn(database, table.name, columns, limits, room, progress, onProgress);
        break;
      }
      if (page === null) {
        yield []; // unreadable (a damaged page, a time limit): the other tables are still read, after the pause
        break;
      }
      const fresh = columns.map(() => [] as string[]);
      let taken = 0;
      rows: for (const row of page.rows) {
        for (let read = 0; read < reading.length; read += 1) {
          const position = reading[read]!;
          const value = row[read + 1];
          const values = seen[position]!;
          if (typeof value !== "string" || values.size >= limits.perColumn || values.has(value)) continue;
          if (taken >= room()) break rows;
          values.add(value);
          fresh[position]!.push(value);
          taken += 1;
        }
      }
      progress.values += taken;
      onProgress?.({ ...progress });
      yield columns.flatMap((column, position) => (fresh[position]!.length > 0 ? [{ table: table.name, column, values: fresh[position]! }] : []));
      if (page.rows.length < limits.chunkRows) break;
      afterRowid = page.lastRowid;
    }
    progress.tablesDone += 1;
    onProgress?.({ ...progress });
  }
}

type RowsPage = { rows: unknown[][]; lastRowid: number } | "no-rowid" | null;

async function readRowsAfter(database: ReadOnlyDatabase, table: string, columns: string[], afterRowid: number | null, limit: number): Promise<RowsPage> {
  const after = afterRowid === null ? "" : ` WHERE _rowid_ > ${afterRowid}`;
  const outcome = await database.executeReadOnly(
    `SELECT _rowid_, ${columns.map(quoteIdentifier).join(", ")} FROM ${quoteIdentifier(table)}${after} ORDER BY _rowid_ LIMIT ${limit}`,
    { maxRows: limit, timeoutMs: CHUNK_TIME_LIMIT_MS },
  );
  if (!outcome.ok) return afterRowid === null && /_rowid_/.test(outcome.error.message) ? "no-rowid" : null;
  const last = outcome.rows.at(-1)?.[0];
  return { rows: outcome.rows, lastRowid: typeof last === "number" ? last : Number.MAX_SAFE_INTEGER };
}

/** WITHOUT ROWID tables: one capped DISTINCT query per column (no rowid to resume from). */
async function* readDistinctPerColumn(
  database: ReadOnlyDatabase,
  table: string,
  columns: string[],
  limits: ValueLimits,
  room: () => number,
  progress: ValueReadProgress,
  onProgress?: (progress: ValueReadProgress) => void,
): AsyncGenerator<ValueStep> {
  for (const column of columns) {
    const cap = Math.min(limits.perColumn, room());
    if (cap <= 0) return;
    const name = quoteIdentifier(column);
    const outcome = await database.executeReadOnly(`SELECT DISTINCT ${name} FROM ${quoteIdentifier(table)} WHERE typeof(${name}) = 'text' LIMIT ${cap}`, {
      maxRows: cap,
      timeoutMs: CHUNK_TIME_LIMIT_MS,
    });
    if (!outcome.ok) {
      yield [];
      continue;
    }
    const values = outcome.rows.map((row) => row[0]).filter((value): value is string => typeof value === "string");
    progress.values += values.length;
    onProgress?.({ ...progress });
    yield values.length > 0 ? [{ table, column, values }] : [];
  }
}
