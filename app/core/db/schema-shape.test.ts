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
