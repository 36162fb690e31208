import { describe, expect, it } from "vitest";
import type { TableInfo } from "../../core/db/types";
import type { PruneResult } from "../../core/schema/types";
import { filterSchema, foldForMatch } from "./schema-filter";

function table(name: string, columns: string[]): TableInfo {
  return {
    name,
    kind: "table",
    rowCount: 0,
    columns: columns.map((column) => ({ name: column, type: "TEXT", notNull: false, defaultValue: null, primaryKeyPosition: 0, comment: null })),
    foreignKeys: [],
    indexes: [],
    sql: "",
  };
}

const TABLES = [table("Cafés", ["id", "name", "city"]), table("orders", ["id", "café_id", "total"]), table("staff", ["id", "NAME"])];
const names = (shown: ReturnType<typeof filterSchema>) => shown.map((entry) => `${entry.table.name}:${entry.columns.map((column) => column.name).join(",")}`);

/** Only the fields filterSchema reads; the rest of a pruning does not matter here. */
function pruning(kept: Record<string, string[]>): PruneResult {
  return { kept } as unknown as PruneResult;
}

describe("foldForMatch", () => {
  it("drops case and accents", () => {
    expect(foldForMatch("CAFÉ Ñandú")).toBe("cafe nandu");
  });
});

describe("filterSchema", () => {
  it("shows everything with an empty filter and no pruning", () => {
    expect(names(filterSchema(TABLES, { text: "  ", keptOnly: false }, null))).toEqual(["Cafés:id,name,city", "orders:id,café_id,total", "staff:id,NAME"]);
  });

  it("matches table names without case or accents, listing all their columns", () => {
    const shown = filterSchema(TABLES, { text: "CAFE", keptOnly: false }, null);
    expect(names(shown)).toEqual(["Cafés:id,name,city", "orders:café_id"]);
    expect(shown.map((entry) => entry.narrowed)).toEqual([false, true]);
  });

  it("shows a table for a matching column, with only the matching columns", () => {
    expect(names(filterSchema(TABLES, { text: "name", keptOnly: false }, null))).toEqual(["Cafés:name", "staff:NAME"]);
    expect(filterSchema(TABLES, { text: "nothing like it", keptOnly: false }, null)).toEqual([]);
  });

  it("kept only shows the kept tables and their kept columns, and combines with the text", () => {
    const result = pruning({ orders: ["id", "total"], staff: ["NAME"] });
    expect(names(filterSchema(TABLES, { text: "", keptOnly: true }, result))).toEqual(["orders:id,total", "staff:NAME"]);
    expect(names(filterSchema(TABLES, { text: "tot", keptOnly: true }, result))).toEqual(["orders:total"]);
    expect(names(filterSchema(TABLES, { text: "city", keptOnly: true }, result))).toEqual([]);
  });

  it("kept only without a pruning changes nothing", () => {
    expect(filterSchema(TABLES, { text: "", keptOnly: true }, null)).toHaveLength(3);
  });
});
