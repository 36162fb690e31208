import { describe, expect, it } from "vitest";
import { refuseChangesOnLazy } from "./lazy-writes";

describe("refuseChangesOnLazy", () => {
  it("lets statements that read through", () => {
    for (const sql of [
      "SELECT 1",
      "with t as (select 1) select * from t",
      "VALUES (1)",
      "EXPLAIN QUERY PLAN SELECT * FROM t",
      "PRAGMA table_info(t)",
      "PRAGMA page_size",
      "PRAGMA query_only",
      "-- a comment\nSELECT 2; SELECT 3;",
    ]) {
      expect(refuseChangesOnLazy(sql, "big.sqlite"), sql).toBeNull();
    }
  });

  it("refuses what writes, names it and places the error on that statement", () => {
    const sql = "SELECT 1; UPDATE t SET x = 1; SELECT 2";
    const refusal = refuseChangesOnLazy(sql, "big.sqlite");
    expect(refusal?.message).toMatch(/^big\.sqlite is open read-only, read on demand, so UPDATE is refused/);
    expect(refusal?.statementIndex).toBe(1);
    expect(sql.slice(refusal!.statementStart, refusal!.statementEnd)).toBe("UPDATE t SET x = 1;");
  });

  it("refuses pragmas that set something, switching query_only off above all", () => {
    for (const sql of ["PRAGMA query_only = 0", "PRAGMA query_only(0)", "PRAGMA user_version = 3", "PRAGMA user_version(3)", "PRAGMA main.journal_mode=WAL"]) {
      expect(refuseChangesOnLazy(sql, "big.sqlite")?.message, sql).toMatch(/PRAGMA is refused/);
    }
    for (const sql of ["INSERT INTO t VALUES (1)", "CREATE TABLE u(x)", "ATTACH 'x' AS y", "VACUUM", "BEGIN"]) {
      expect(refuseChangesOnLazy(sql, "big.sqlite"), sql).not.toBeNull();
    }
  });
});
