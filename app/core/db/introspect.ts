// Reads tables, views, columns, keys, indexes and column comments from an open sql.js database.
import type { Database } from "sql.js";
import { quoteIdentifier } from "./identifiers";
import type { ColumnInfo, DatabaseSchema, ForeignKeyInfo, IndexInfo, TableInfo } from "./types";

function rows(database: Database, sql: string, params: (string | number)[] = []): Record<string, unknown>[] {
  const statement = database.prepare(sql, params);
  const out: Record<string, unknown>[] = [];
  try {
    while (statement.step()) out.push(statement.getAsObject());
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

function readColumns(database: Database, table: string, createSql: string): ColumnInfo[] {
  const info = rows(database, 'SELECT name, type, "notnull" AS not_null, dflt_value, pk FROM pragma_table_info(?)', [table]);
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
  }));
}

function readForeignKeys(database: Database, table: string, primaryKeyOf: (table: string) => string[]): ForeignKeyInfo[] {
  const byId = new Map<number, ForeignKeyInfo>();
  for (const row of rows(
    database,
    'SELECT id, "table" AS to_table, "from" AS from_column, "to" AS to_column FROM pragma_foreign_key_list(?) ORDER BY id, seq',
    [table],
  )) {
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

function readIndexes(database: Database, table: string): IndexInfo[] {
  return rows(database, 'SELECT name, "unique" AS is_unique, origin FROM pragma_index_list(?)', [table]).map((row) => ({
    name: String(row.name),
    unique: Number(row.is_unique) === 1,
    origin: String(row.origin),
    columns: rows(database, "SELECT name FROM pragma_index_info(?) ORDER BY seqno", [String(row.name)]).map((column) =>
      column.name === null ? "(expression)" : String(column.name),
    ),
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
    "SELECT name, type, sql FROM sqlite_schema WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' ORDER BY type, name COLLATE NOCASE",
  );
  const tables: TableInfo[] = objects.map((object) => {
    const name = String(object.name);
    const kind = object.type === "view" ? "view" : "table";
    const sql = String(object.sql ?? "");
    return {
      name,
      kind,
      rowCount: kind === "table" && countTables ? countRows(database, name) : null,
      columns: readColumns(database, name, sql),
      foreignKeys: [],
      indexes: kind === "table" ? readIndexes(database, name) : [],
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
    if (table.kind === "table") table.foreignKeys = readForeignKeys(database, table.name, primaryKeyOf);
  }
  return { tables };
}
