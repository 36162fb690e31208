import { describe, expect, it } from "vitest";
import { columnCommentsFromCreateSql } from "./introspect";

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
