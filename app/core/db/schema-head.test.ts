import BetterSqlite3 from "better-sqlite3";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import initSqlJs from "sql.js";
import { afterAll, describe, expect, it } from "vitest";
import { readSchema } from "./introspect";
import { schemaHeadBytes, schemaPageNumbers, schemaPageRanges, sparseSchemaHead } from "./schema-head";

const directory = mkdtempSync(join(tmpdir(), "schema-head-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** SQLite's own account of sqlite_schema's pages (the dbstat table, compiled into better-sqlite3's SQLite). */
function pagesByDbstat(path: string): number[] {
  const database = new BetterSqlite3(path, { readonly: true });
  try {
    return database
      .prepare("SELECT pageno FROM dbstat WHERE name = 'sqlite_schema' ORDER BY pageno")
      .all()
      .map((row) => (row as { pageno: number }).pageno);
  } finally {
    database.close();
  }
}

/** A database whose schema spans several levels of b-tree pages and holds records longer than a page. */
function awkwardDatabase(pageSize: number): string {
  const path = join(directory, `awkward-${pageSize}.sqlite`);
  const database = new BetterSqlite3(path);
  database.pragma(`page_size = ${pageSize}`);
  for (let table = 0; table < 300; table += 1) {
    database.exec(`CREATE TABLE t${table} (id INTEGER PRIMARY KEY, name TEXT UNIQUE, note TEXT); INSERT INTO t${table} VALUES (1, 'a', 'b');`);
    if (table % 7 === 0) database.exec(`CREATE INDEX t${table}_note ON t${table}(note)`);
  }
  // Views whose text is several pages long: their records continue on overflow pages.
  for (let view = 0; view < 5; view += 1) {
    const columns = Array.from({ length: 400 + view * 50 }, (_, index) => `name AS column_with_a_long_name_${index}`).join(", ");
    database.exec(`CREATE VIEW long_view_${view} AS SELECT ${columns} FROM t${view}`);
  }
  database.close();
  return path;
}

describe("schemaPageNumbers", () => {
  it.each(["bookshop", "flights", "clinic"])("finds the pages SQLite lists for sqlite_schema in the %s sample", (sample) => {
    const path = `public/samples/${sample}.sqlite`;
    expect(schemaPageNumbers(new Uint8Array(readFileSync(path)))?.sort((a, b) => a - b)).toEqual(pagesByDbstat(path));
  });

  it.each([1024, 4096, 65536])("follows interior pages and overflow chains (page size %i)", (pageSize) => {
    const path = awkwardDatabase(pageSize);
    const found = schemaPageNumbers(new Uint8Array(readFileSync(path)))?.sort((a, b) => a - b);
    const listed = pagesByDbstat(path);
    expect(found).toEqual(listed);
    expect(listed.length).toBeGreaterThan(pageSize === 65536 ? 1 : 10);
  });

  it("says null for what is not a SQLite database", () => {
    expect(schemaPageNumbers(new TextEncoder().encode("not a database, only some text that is long enough to have a header".repeat(3)))).toBeNull();
    expect(schemaPageNumbers(new Uint8Array(50))).toBeNull();
  });
});

describe("schemaHeadBytes", () => {
  it("is a prefix from which SQLite reads the whole schema: every other page zeroed, the schema is the same", async () => {
    const SQL = await initSqlJs();
    const bytes = new Uint8Array(readFileSync("public/samples/bookshop.sqlite"));
    const head = schemaHeadBytes(bytes)!;
    expect(head).toBeLessThan(bytes.byteLength / 10);
    const onlyHead = new Uint8Array(bytes.byteLength);
    onlyHead.set(bytes.subarray(0, head));
    const whole = new SQL.Database(bytes);
    const fromHead = new SQL.Database(onlyHead);
    try {
      const tablesAndColumns = (schema: ReturnType<typeof readSchema>) =>
        schema.tables.map((table) => [table.name, table.columns.map((column) => column.name)]);
      expect(tablesAndColumns(readSchema(fromHead, { countRows: false }))).toEqual(tablesAndColumns(readSchema(whole, { countRows: false })));
    } finally {
      whole.close();
      fromHead.close();
    }
  });
});

describe("sparseSchemaHead", () => {
  it.each(["bookshop", "flights", "clinic"])(
    "keeps the %s sample's schema pages where they are and zeroes the others; the same pages are found in it",
    (sample) => {
      const bytes = new Uint8Array(readFileSync(`public/samples/${sample}.sqlite`));
      const head = sparseSchemaHead(bytes)!;
      expect(head.byteLength).toBe(schemaHeadBytes(bytes));
      const ranges = schemaPageRanges(bytes)!;
      expect(schemaPageRanges(head)).toEqual(ranges);
      let kept = 0;
      for (let offset = 0; offset < head.byteLength; offset += 1) {
        const inSchema = ranges.some((range) => range.start <= offset && offset < range.end);
        expect(head[offset]).toBe(inSchema ? bytes[offset] : 0);
        if (inSchema) kept += 1;
      }
      // Most of the prefix is other tables' pages.
      expect(kept).toBeLessThan(head.byteLength / 2);
    },
  );

  it("gives SQLite the whole schema, read from the head with every other page of the file zeroed", async () => {
    const SQL = await initSqlJs();
    const bytes = new Uint8Array(readFileSync("public/samples/bookshop.sqlite"));
    const padded = new Uint8Array(bytes.byteLength);
    padded.set(sparseSchemaHead(bytes)!);
    const whole = new SQL.Database(bytes);
    const fromHead = new SQL.Database(padded);
    try {
      expect(readSchema(fromHead, { countRows: false })).toEqual(readSchema(whole, { countRows: false }));
    } finally {
      whole.close();
      fromHead.close();
    }
  });

  it("says null for what is not a SQLite database", () => {
    expect(sparseSchemaHead(new Uint8Array(50))).toBeNull();
    expect(schemaPageRanges(new Uint8Array(50))).toBeNull();
  });
});
