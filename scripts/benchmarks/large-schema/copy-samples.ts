// Copies the bundled samples' tables (their CREATE TABLE text with its comments, and every row) into the warehouse.
// Only tables: their views and secondary indexes stay behind, since tables.json lists tables and the file must stay small.
import { readFileSync } from "node:fs";
import type { Database, SqlJsStatic, SqlValue } from "sql.js";
import { insertRows, queryRows, type Row } from "../../sample-data/sample-kit";

/** The samples merged into the warehouse, in this order; their table names do not collide. */
export const MERGED_SAMPLES = ["bookshop", "flights", "clinic"] as const;

export function copySampleTables(SQL: SqlJsStatic, target: Database, samplePath: string): string[] {
  const source = new SQL.Database(readFileSync(samplePath));
  try {
    const tables = queryRows(source, "SELECT name, sql FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY rowid");
    for (const [, sql] of tables) target.run(String(sql));
    // A sample's tables may point at each other both ways (clinic's departments and doctors), so the rows go in with
    // the keys unchecked; the warehouse's foreign_key_check after the build still proves every key resolves.
    target.run("PRAGMA foreign_keys = OFF");
    for (const [name] of tables) {
      const columns = queryRows(source, `SELECT name FROM pragma_table_info('${String(name)}') ORDER BY cid`).map((row) => String(row[0]));
      const statement = source.prepare(`SELECT * FROM "${String(name)}" ORDER BY rowid`);
      const rows: Row[] = [];
      try {
        while (statement.step()) rows.push(statement.get() as SqlValue[]);
      } finally {
        statement.free();
      }
      insertRows(target, `"${String(name)}"`, columns, rows);
    }
    target.run("PRAGMA foreign_keys = ON");
    return tables.map(([name]) => String(name));
  } finally {
    source.close();
  }
}
