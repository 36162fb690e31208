// Reads tables, views, columns, keys, indexes and column comments from an open sql.js database.
import type { Database } from "sql.js";
import { quoteIdentifier } from "./identifiers";
import type { ColumnInfo, DatabaseSchema, ForeignKeyInfo, IndexInfo, TableInfo } from "./types";

/**
 * The statement's rows as objects keyed by column name. The names are read once: getAsObject reads them again for every
 * row, which was a third of reading a schema of 5,000 tables (60,000 columns: ~165 of ~470 ms in Node).
 */
function rows(database: Database, sql: string, params: (string | number)[] = []): Record<string, unknown>[] {
  const statement = database.prepare(sql, params);
  const out: Record<string, unknown>[] = [];
  try {
    const names = statement.getColumnNames();
    while (statement.step()) {
      const values = statement.get();
      const row: Record<string, unknown> = {};
      for (let index = 0; index < names.length; index += 1) row[names[index]!] = values[index];
      out.push(row);
    }
  } finally {
    statement.free();
  }
  return out;
}

/**
 * Column comments live only in the CREATE TABLE text (SQLite keeps it verbatim). A `-- comment` belongs to the
 * column whose definition starts on the same line; a comment alone on the line before a column also belongs to it.
 */
export function columnCommentsFromCreateSql(createSql: string, columnNames: string[]): Map<string, string> {
  const comments = new Map<string, string>();
  const wanted = new Map(columnNames.map((name) => [name.toLowerCase(), name]));
  let pending: string | null = null;
  const openParen = createSql.indexOf("(");
  if (openParen < 0) return comments;
  for (const rawLine of createSql.slice(openParen + 1).split("\n")) {
    const commentAt = rawLine.indexOf("--");
    const code = (commentAt >= 0 ? rawLine.slice(0, commentAt) : rawLine).trim();
    const comment = commentAt >= 0 ? rawLine.slice(commentAt + 2).trim() : null;
    if (code === "" || code === ")" || code === ");") {
      if (comment && code === "") pending = comment;
      continue;
    }
    const firstToken = code.match(/^(?:"((?:[^"]|"")+)"|`([^`]+)`|\[([^\]]+)\]|([^\s,(]+))/);
    const name = firstToken ? (firstToken[1]?.replaceAll('""', '"') ?? firstToken[2] ?? firstToken[3] ?? firstToken[4]) : undefined;
    const column = name ? wanted.get(name.toLowerCase()) : undefined;
    const text = comment ?? pending;
    if (column && text && !comments.has(column)) comments.set(column, text);
    pending = null;
  }
  return comments;
}

/**
 * The names SQLite keeps for itself (sqlite_schema, sqlite_sequence, sqlite_stat1…): `sqlite_` with the underscore
 * taken literally, so a table of the person's named sqlitefoo is listed (LIKE's `_` matches any one character).
 */
export const NOT_INTERNAL_NAME = "NOT LIKE 'sqlite\\_%' ESCAPE '\\'";
/** The tables and views readSchema lists (`m`: sqlite_schema), and the tables among them. */
const LISTED = `m.type IN ('table', 'view') AND m.name ${NOT_INTERNAL_NAME}`;
const LISTED_TABLES = `m.type = 'table' AND m.name ${NOT_INTERNAL_NAME}`;

/** Rows grouped by the value of their `of` column (a table's or an index's name), each group in the rows' order. */
function groupedBy(found: Record<string, unknown>[]): Map<string, Record<string, unknown>[]> {
  const groups = new Map<string, Record<string, unknown>[]>();
  for (const row of found) {
    const key = String(row.of);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

type Details = Record<"columns" | "indexes" | "indexColumns" | "foreignKeys", Map<string, Record<string, unknown>[]>>;

/**
 * Every listed table's and view's columns, indexes and foreign keys, one statement each: the pragma functions joined
 * to sqlite_schema. Asked table by table, a schema took three to five statements per table and one per index (about
 * sixty for a sample; tens of ms in a worker that has just started, and on every schema refresh after a write).
 * Each pragma is asked of 'main': by name alone SQLite looks in temp first, where a temp table or index may shadow
 * one of main's. `only` restricts the reads to one object (see readSchema).
 */
function readDetails(database: Database, only: string | null = null): Details {
  const filter = only === null ? "" : " AND m.name = ?";
  const read = (sql: string) => groupedBy(rows(database, sql, only === null ? [] : [only]));
  return {
    columns: read(
      // table_xinfo, not table_info: generated columns (hidden 2 and 3) are columns a query reads; a virtual table's
      // hidden columns (1) are not listed, as SELECT * leaves them out.
      `SELECT m.name AS "of", p.name, p.type, p."notnull" AS not_null, p.dflt_value, p.pk, p.hidden FROM sqlite_schema AS m, pragma_table_xinfo(m.name, 'main') AS p WHERE ${LISTED} AND p.hidden <> 1${filter} ORDER BY m.name, p.cid`,
    ),
    indexes: read(
      `SELECT m.name AS "of", l.name, l."unique" AS is_unique, l.origin FROM sqlite_schema AS m, pragma_index_list(m.name, 'main') AS l WHERE ${LISTED_TABLES}${filter} ORDER BY m.name, l.seq`,
    ),
    // Index names are unique within a schema, so an index's columns are found by its name alone.
    indexColumns: read(
      `SELECT l.name AS "of", i.name FROM sqlite_schema AS m, pragma_index_list(m.name, 'main') AS l, pragma_index_info(l.name, 'main') AS i WHERE ${LISTED_TABLES}${filter} ORDER BY l.name, i.seqno`,
    ),
    foreignKeys: read(
      `SELECT m.name AS "of", f.id, f."table" AS to_table, f."from" AS from_column, f."to" AS to_column FROM sqlite_schema AS m, pragma_foreign_key_list(m.name, 'main') AS f WHERE ${LISTED_TABLES}${filter} ORDER BY m.name, f.id, f.seq`,
    ),
  };
}

/**
 * readDetails for the whole schema; when that fails (a view over a dropped table, a virtual table whose module this
 * SQLite lacks, such as FTS5), object by object, an object that cannot be read left without columns, indexes or
 * keys: one bad object no longer hides the rest of the schema.
 */
function readDetailsOf(database: Database, names: readonly string[]): Details {
  try {
    return readDetails(database);
  } catch {
    const merged: Details = { columns: new Map(), indexes: new Map(), indexColumns: new Map(), foreignKeys: new Map() };
    for (const name of names) {
      let details: Details;
      try {
        details = readDetails(database, name);
      } catch {
        continue;
      }
      for (const kind of Object.keys(merged) as (keyof Details)[]) for (const [key, found] of details[kind]) merged[kind].set(key, found);
    }
    return merged;
  }
}

function columnsFrom(info: Record<string, unknown>[], createSql: string): ColumnInfo[] {
  const comments = columnCommentsFromCreateSql(
    createSql,
    info.map((row) => String(row.name)),
  );
  return info.map((row) => ({
    name: String(row.name),
    type: String(row.type ?? ""),
    notNull: Number(row.not_null) === 1,
    defaultValue: row.dflt_value === null || row.dflt_value === undefined ? null : String(row.dflt_value),
    primaryKeyPosition: Number(row.pk ?? 0),
    comment: comments.get(String(row.name)) ?? null,
    ...(Number(row.hidden) === 2 ? { generated: "virtual" as const } : Number(row.hidden) === 3 ? { generated: "stored" as const } : {}),
  }));
}

function foreignKeysFrom(found: Record<string, unknown>[], primaryKeyOf: (table: string) => string[]): ForeignKeyInfo[] {
  const byId = new Map<number, ForeignKeyInfo>();
  for (const row of found) {
    const id = Number(row.id);
    const key = byId.get(id) ?? { fromColumns: [], toTable: String(row.to_table), toColumns: [] };
    key.fromColumns.push(String(row.from_column));
    if (row.to_column !== null && row.to_column !== undefined) key.toColumns.push(String(row.to_column));
    byId.set(id, key);
  }
  for (const key of byId.values()) {
    // `REFERENCES parent` without columns means the parent's primary key.
    if (key.toColumns.length === 0) key.toColumns = primaryKeyOf(key.toTable);
  }
  return [...byId.values()];
}

function indexesFrom(found: Record<string, unknown>[], indexColumns: Map<string, Record<string, unknown>[]>): IndexInfo[] {
  return found.map((row) => ({
    name: String(row.name),
    unique: Number(row.is_unique) === 1,
    origin: String(row.origin),
    columns: (indexColumns.get(String(row.name)) ?? []).map((column) => (column.name === null ? "(expression)" : String(column.name))),
  }));
}

/** A damaged table must not hide the rest of the schema: its count is unknown (null) rather than an exception. */
function countRows(database: Database, table: string): number | null {
  try {
    return Number(database.exec(`SELECT count(*) FROM ${quoteIdentifier(table)}`)[0]?.values[0]?.[0] ?? 0);
  } catch {
    return null;
  }
}

export interface ReadSchemaOptions {
  /** False leaves rowCount null: counting reads every page of a table, too much for a database read on demand. */
  countRows?: boolean;
}

export function readSchema(database: Database, options: ReadSchemaOptions = {}): DatabaseSchema {
  const countTables = options.countRows ?? true;
  const objects = rows(
    database,
    `SELECT name, type, sql FROM sqlite_schema WHERE type IN ('table', 'view') AND name ${NOT_INTERNAL_NAME} ORDER BY type, name COLLATE NOCASE`,
  );
  const details = readDetailsOf(
    database,
    objects.map((object) => String(object.name)),
  );
  const tables: TableInfo[] = objects.map((object) => {
    const name = String(object.name);
    const kind = object.type === "view" ? "view" : "table";
    const sql = String(object.sql ?? "");
    return {
      name,
      kind,
      rowCount: kind === "table" && countTables ? countRows(database, name) : null,
      columns: columnsFrom(details.columns.get(name) ?? [], sql),
      foreignKeys: [],
      indexes: kind === "table" ? indexesFrom(details.indexes.get(name) ?? [], details.indexColumns) : [],
      sql,
    };
  });
  const byName = new Map(tables.map((table) => [table.name.toLowerCase(), table]));
  const primaryKeyOf = (tableName: string) =>
    (byName.get(tableName.toLowerCase())?.columns ?? [])
      .filter((column) => column.primaryKeyPosition > 0)
      .sort((a, b) => a.primaryKeyPosition - b.primaryKeyPosition)
      .map((column) => column.name);
  for (const table of tables) {
    if (table.kind === "table") table.foreignKeys = foreignKeysFrom(details.foreignKeys.get(table.name) ?? [], primaryKeyOf);
  }
  return { tables };
}
