import { describe, expect, it } from "vitest";
import { sameSchemaApartFromRowCounts } from "./schema-shape";
import type { DatabaseSchema, TableInfo } from "./types";

const table = (name: string, rowCount: number | null, columns = ["id"]): TableInfo => ({
  name,
  kind: "table",
  rowCount,
  columns: columns.map((column) => ({
    name: column,
    type: "INTEGER",
    notNull: false,
    defaultValue: null,
    primaryKeyPosition: column === "id" ? 1 : 0,
    comment: null,
  })),
  foreignKeys: [],
  indexes: [],
  sql: `CREATE TABLE ${name} (${columns.join(", ")})`,
});

describe("sameSchemaApartFromRowCounts", () => {
  it("takes counts filled in later for the same schema", () => {
    const uncounted: DatabaseSchema = { tables: [table("books", null), table("authors", null)] };
    const counted: DatabaseSchema = { tables: [table("books", 1600), table("authors", 900)] };
    expect(sameSchemaApartFromRowCounts(uncounted, counted)).toBe(true);
  });

  it("tells a table or column added or renamed, and a schema from none", () => {
    const before: DatabaseSchema = { tables: [table("books", 1600)] };
    expect(sameSchemaApartFromRowCounts(before, { tables: [table("books", 1600), table("notes", 0)] })).toBe(false);
    expect(sameSchemaApartFromRowCounts(before, { tables: [table("books", 1600, ["id", "title"])] })).toBe(false);
    expect(sameSchemaApartFromRowCounts(before, { tables: [table("volumes", 1600)] })).toBe(false);
    expect(sameSchemaApartFromRowCounts(null, before)).toBe(false);
    expect(sameSchemaApartFromRowCounts(null, null)).toBe(true);
  });
});

describe("sameSchemaApartFromRowCounts, field by field", () => {
  const base = table("books", 10, ["id", "title"]);
  const variants: [string, TableInfo][] = [
    ["a column's type", { ...base, columns: base.columns.map((column, index) => (index === 1 ? { ...column, type: "TEXT" } : column)) }],
    ["a column's comment", { ...base, columns: base.columns.map((column, index) => (index === 1 ? { ...column, comment: "The title" } : column)) }],
    ["a foreign key", { ...base, foreignKeys: [{ fromColumns: ["title"], toTable: "titles", toColumns: ["id"] }] }],
    ["an index", { ...base, indexes: [{ name: "by_title", unique: false, columns: ["title"], origin: "c" }] }],
    ["the kind", { ...base, kind: "view" }],
    ["the SQL", { ...base, sql: `${base.sql} STRICT` }],
  ];

  it.each(variants)("tells %s changed", (_change, changed) => {
    expect(sameSchemaApartFromRowCounts({ tables: [base] }, { tables: [changed] })).toBe(false);
  });

  it("takes the same schema read again (new objects, keys in another order) as the same", () => {
    const reread = JSON.parse(JSON.stringify({ tables: [{ ...base, rowCount: null }] })) as DatabaseSchema;
    const reordered = { sql: base.sql, indexes: [], foreignKeys: [], columns: base.columns, rowCount: 99, kind: "table", name: "books" } as TableInfo;
    expect(sameSchemaApartFromRowCounts({ tables: [base] }, reread)).toBe(true);
    expect(sameSchemaApartFromRowCounts({ tables: [base] }, { tables: [reordered] })).toBe(true);
  });

  it("tells tables in another order, or a table more", () => {
    const other = table("authors", 5);
    expect(sameSchemaApartFromRowCounts({ tables: [base, other] }, { tables: [other, base] })).toBe(false);
    expect(sameSchemaApartFromRowCounts({ tables: [base] }, { tables: [base, other] })).toBe(false);
  });
});
