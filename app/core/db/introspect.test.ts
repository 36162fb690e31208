import BetterSqlite3 from "better-sqlite3";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import initSqlJs, { type Database } from "sql.js";
import { describe, expect, it } from "vitest";
import { columnCommentsFromCreateSql, readSchema } from "./introspect";
import type { DatabaseSchema, ForeignKeyInfo, TableInfo } from "./types";

const SAMPLES = join(import.meta.dirname, "../../../public/samples");

describe("columnCommentsFromCreateSql", () => {
  it("reads the comment after each column, quoted names included", () => {
    const sql = `CREATE TABLE "order items" (
  id INTEGER PRIMARY KEY, -- Line id
  "unit price" REAL NOT NULL, -- Price per unit, in euros
  [qty] INTEGER,
  note TEXT -- Free text; may be empty
)`;
    const comments = columnCommentsFromCreateSql(sql, ["id", "unit price", "qty", "note"]);
    expect(Object.fromEntries(comments)).toEqual({
      id: "Line id",
      "unit price": "Price per unit, in euros",
      note: "Free text; may be empty",
    });
  });
  it("takes a comment on its own line for the column below it", () => {
    const sql = "CREATE TABLE t (\n  -- The key\n  id INTEGER,\n  name TEXT\n)";
    expect(Object.fromEntries(columnCommentsFromCreateSql(sql, ["id", "name"]))).toEqual({ id: "The key" });
  });
  it("ignores comments on table constraints", () => {
    const sql = "CREATE TABLE t (\n  a INTEGER,\n  FOREIGN KEY (a) REFERENCES u(id) -- link\n)";
    expect(columnCommentsFromCreateSql(sql, ["a"]).size).toBe(0);
  });
});

/**
 * The schema as readSchema used to read it, table by table (a statement per table for its columns, indexes and
 * foreign keys, and one per index): the reference the one-statement-per-kind reads must match exactly.
 */
function readSchemaTableByTable(database: Database): DatabaseSchema {
  const all = (sql: string, params: string[] = []) => {
    const statement = database.prepare(sql, params);
    const found: Record<string, unknown>[] = [];
    while (statement.step()) found.push(statement.getAsObject());
    statement.free();
    return found;
  };
  const objects = all(
    "SELECT name, type, sql FROM sqlite_schema WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY type, name COLLATE NOCASE",
  );
  const tables: TableInfo[] = objects.map((object) => {
    const name = String(object.name);
    const kind = object.type === "view" ? "view" : "table";
    const sql = String(object.sql ?? "");
    const info = all('SELECT name, type, "notnull" AS not_null, dflt_value, pk, hidden FROM pragma_table_xinfo(?) WHERE hidden <> 1', [name]);
    const comments = columnCommentsFromCreateSql(
      sql,
      info.map((row) => String(row.name)),
    );
    return {
      name,
      kind,
      rowCount: null,
      columns: info.map((row) => ({
        name: String(row.name),
        type: String(row.type ?? ""),
        notNull: Number(row.not_null) === 1,
        defaultValue: row.dflt_value === null || row.dflt_value === undefined ? null : String(row.dflt_value),
        primaryKeyPosition: Number(row.pk ?? 0),
        comment: comments.get(String(row.name)) ?? null,
        ...(row.hidden === 2 ? { generated: "virtual" as const } : row.hidden === 3 ? { generated: "stored" as const } : {}),
      })),
      foreignKeys: [],
      indexes:
        kind === "table"
          ? all('SELECT name, "unique" AS is_unique, origin FROM pragma_index_list(?)', [name]).map((row) => ({
              name: String(row.name),
              unique: Number(row.is_unique) === 1,
              origin: String(row.origin),
              columns: all("SELECT name FROM pragma_index_info(?) ORDER BY seqno", [String(row.name)]).map((column) =>
                column.name === null ? "(expression)" : String(column.name),
              ),
            }))
          : [],
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
    if (table.kind !== "table") continue;
    const byId = new Map<number, ForeignKeyInfo>();
    for (const row of all('SELECT id, "table" AS to_table, "from" AS from_column, "to" AS to_column FROM pragma_foreign_key_list(?) ORDER BY id, seq', [
      table.name,
    ])) {
      const key = byId.get(Number(row.id)) ?? { fromColumns: [], toTable: String(row.to_table), toColumns: [] };
      key.fromColumns.push(String(row.from_column));
      if (row.to_column !== null && row.to_column !== undefined) key.toColumns.push(String(row.to_column));
      byId.set(Number(row.id), key);
    }
    for (const key of byId.values()) if (key.toColumns.length === 0) key.toColumns = primaryKeyOf(key.toTable);
    table.foreignKeys = [...byId.values()];
  }
  return { tables };
}

const AWKWARD_SCHEMA = `
CREATE TABLE "Order Items" (
  "line id" INTEGER PRIMARY KEY, -- The line
  [order] INTEGER NOT NULL REFERENCES orders, -- no column list: the parent's key
  qty INTEGER DEFAULT 1,
  price REAL,
  total REAL GENERATED ALWAYS AS (qty * price) VIRTUAL,
  FOREIGN KEY (qty, price) REFERENCES pairs(a, b)
);
CREATE TABLE orders (id INTEGER, region TEXT, PRIMARY KEY (region, id)) WITHOUT ROWID;
CREATE TABLE pairs (a INTEGER, b REAL, note TEXT UNIQUE, UNIQUE (a, b));
CREATE TABLE "of" ("of" TEXT, l TEXT);
CREATE INDEX lower_note ON pairs (lower(note), a DESC);
CREATE INDEX partial_qty ON "Order Items" (qty) WHERE qty > 1;
CREATE UNIQUE INDEX "Odd ""index"" name" ON "of" (l, "of");
CREATE VIEW big_orders AS SELECT "line id", qty * price AS amount FROM "Order Items" WHERE qty > 10;
CREATE VIEW "Another view" AS SELECT region FROM orders;
CREATE TABLE sqlitefoo (id INTEGER PRIMARY KEY, label TEXT, shout TEXT GENERATED ALWAYS AS (upper(label)) STORED);
CREATE VIRTUAL TABLE notes USING fts4(body, title);
`;

describe("readSchema", () => {
  it("reads the same schema as reading it table by table: the samples, and names, keys, indexes and views that are awkward", async () => {
    const SQL = await initSqlJs();
    const databases = ["bookshop", "clinic", "flights"].map((sample) => new SQL.Database(readFileSync(join(SAMPLES, `${sample}.sqlite`))));
    const awkward = new SQL.Database();
    awkward.exec(AWKWARD_SCHEMA);
    databases.push(awkward);
    for (const database of databases) {
      const expected = readSchemaTableByTable(database);
      expect(expected.tables.length).toBeGreaterThan(3);
      expect(readSchema(database, { countRows: false })).toEqual(expected);
      database.close();
    }
  });

  it("reads the expression, partial and composite indexes, generated columns and foreign keys of an awkward schema", async () => {
    const database = new (await initSqlJs()).Database();
    database.exec(AWKWARD_SCHEMA);
    const schema = readSchema(database);
    const items = schema.tables.find((table) => table.name === "Order Items")!;
    expect(items.columns.map((column) => [column.name, column.comment])).toEqual([
      ["line id", "The line"],
      ["order", "no column list: the parent's key"],
      ["qty", null],
      ["price", null],
      ["total", null],
    ]);
    expect(items.columns.find((column) => column.name === "total")?.generated).toBe("virtual");
    expect(items.columns.find((column) => column.name === "qty")).not.toHaveProperty("generated");
    expect(items.foreignKeys).toEqual([
      { fromColumns: ["qty", "price"], toTable: "pairs", toColumns: ["a", "b"] },
      { fromColumns: ["order"], toTable: "orders", toColumns: ["region", "id"] },
    ]);
    expect(items.indexes.map((index) => index.name)).toEqual(["partial_qty"]);
    const pairs = schema.tables.find((table) => table.name === "pairs")!;
    expect(pairs.indexes.find((index) => index.name === "lower_note")?.columns).toEqual(["(expression)", "a"]);
    expect(schema.tables.find((table) => table.name === "of")!.indexes[0]).toMatchObject({ name: 'Odd "index" name', unique: true, columns: ["l", "of"] });
    expect(schema.tables.filter((table) => table.kind === "view").map((table) => table.name)).toEqual(["Another view", "big_orders"]);
    expect(pairs.rowCount).toBe(0);
    // A name that only looks internal to LIKE's '_' (sqlite_ is reserved; sqlitefoo is the person's) is listed.
    const lookalike = schema.tables.find((table) => table.name === "sqlitefoo")!;
    expect(lookalike.columns.map((column) => [column.name, column.generated ?? null])).toEqual([
      ["id", null],
      ["label", null],
      ["shout", "stored"],
    ]);
    // A virtual table's hidden columns (FTS4's own table-named column, docid, __langid) are not columns SELECT * shows.
    expect(schema.tables.find((table) => table.name === "notes")!.columns.map((column) => column.name)).toEqual(["body", "title"]);
    database.close();
  });
});

describe("readSchema over objects SQLite cannot fully read, or shadows", () => {
  it("reads main's tables and indexes, not the temp ones that shadow them by name", async () => {
    const database = new (await initSqlJs()).Database();
    database.exec("CREATE TABLE a (x, y); CREATE TABLE b (p, q); CREATE INDEX ia ON b (p); CREATE TEMP TABLE a (m, n); CREATE INDEX temp.ia ON a (n);");
    const schema = readSchema(database);
    expect(schema.tables.find((table) => table.name === "a")!.columns.map((column) => column.name)).toEqual(["x", "y"]);
    expect(schema.tables.find((table) => table.name === "b")!.indexes).toMatchObject([{ name: "ia", columns: ["p"] }]);
    database.close();
  });

  it("still lists every other object when a view's table was dropped or a virtual table's module is missing (FTS5 is not in sql.js)", async () => {
    const SQL = await initSqlJs();
    const broken = new SQL.Database();
    broken.exec("CREATE TABLE t (a); CREATE TABLE u (id INTEGER PRIMARY KEY, t_a REFERENCES t); CREATE VIEW v AS SELECT a FROM t; DROP TABLE t;");
    const schema = readSchema(broken);
    expect(schema.tables.map((table) => [table.name, table.columns.map((column) => column.name)])).toEqual([
      ["u", ["id", "t_a"]],
      ["v", []],
    ]);
    broken.close();
    // A file with an FTS5 table, as better-sqlite3 (whose SQLite has FTS5) writes it.
    const native = new BetterSqlite3(":memory:");
    native.exec(
      "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); CREATE VIRTUAL TABLE notes_search USING fts5(body); INSERT INTO notes VALUES (1, 'hello');",
    );
    const withFts = new SQL.Database(native.serialize());
    native.close();
    const tables = readSchema(withFts).tables;
    expect(tables.find((table) => table.name === "notes")).toMatchObject({ rowCount: 1, columns: [{ name: "id" }, { name: "body" }] });
    expect(tables.find((table) => table.name === "notes_search")).toMatchObject({ columns: [], rowCount: null });
    // Its shadow tables are ordinary tables, read as such.
    expect(tables.find((table) => table.name === "notes_search_config")?.columns.length).toBeGreaterThan(0);
    withFts.close();
  });
});
