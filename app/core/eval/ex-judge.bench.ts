// Throughput of the EX judge, kept out of the unit tests: `npx vitest bench --run app/core/eval/`.
import initSqlJs from "sql.js";
import { bench, describe } from "vitest";
import { runReadOnlyQuery } from "../db/read-only-query";
import type { SqlValue } from "../db/types";
import { judgeExecution, judgeQueries } from "./ex-judge";
import { createSqlJsQueryRunner, type QueryOutcome } from "./query-runner";

function table(rowCount: number, shuffle: boolean): QueryOutcome {
  const rows: SqlValue[][] = [];
  for (let index = 0; index < rowCount; index++) rows.push([index, `name ${index % 1000}`, (index % 97) / 7, index % 3 === 0 ? null : "x", index % 10]);
  if (shuffle) rows.reverse();
  return { ok: true, columns: ["a", "b", "c", "d", "e"], rows };
}

const gold = table(100_000, false);
const reversedRows = table(100_000, true);
const permutedColumns: QueryOutcome = gold.ok ? { ...gold, rows: gold.rows.map((row) => [row[4]!, row[3]!, row[2]!, row[1]!, row[0]!]) } : gold;
const oneValueOff: QueryOutcome = gold.ok ? { ...gold, rows: gold.rows.map((row, index) => (index === 50_000 ? [...row.slice(0, 4), -1] : row)) } : gold;

describe("judgeExecution, 100,000 rows × 5 columns", () => {
  bench("match, rows in another order", () => {
    judgeExecution(gold, reversedRows, { semantics: "spider" });
  });
  bench("match, columns permuted", () => {
    judgeExecution(gold, permutedColumns, { semantics: "spider" });
  });
  bench("miss, one value off", () => {
    judgeExecution(gold, oneValueOff, { semantics: "spider" });
  });
  bench("ordered match", () => {
    judgeExecution(gold, gold, { semantics: "spider", goldHasOrderBy: true });
  });
  bench("bird match", () => {
    judgeExecution(gold, reversedRows, { semantics: "bird" });
  });
});

const SQL = await initSqlJs();
const database = new SQL.Database();
database.exec(`
  CREATE TABLE singer (id INTEGER PRIMARY KEY, name TEXT, country TEXT, age INTEGER);
  WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 2000)
  INSERT INTO singer SELECT x, 'singer ' || x, 'country ' || (x % 30), 20 + x % 50 FROM c;
`);
const runner = createSqlJsQueryRunner(database);

describe("judgeQueries, a typical Spider pair on a 2,000-row table", () => {
  bench("group by with column permutation", async () => {
    await judgeQueries(runner, "SELECT country, count(*) FROM singer GROUP BY country", "SELECT count(*), country FROM singer GROUP BY 2", {
      semantics: "spider",
    });
  });
});

// The judge's runner reads INTEGERs as bigint to tell them from whole REALs (quick_rej's Python types): its cost on a large result.
database.exec(`
  CREATE TABLE wide (a INTEGER, b REAL, c TEXT, d INTEGER, e REAL);
  WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 100000)
  INSERT INTO wide SELECT x, x * 1.0, 'v' || x, x % 7, x / 3.0 FROM c;
`);

describe("reading 100,000 rows × 5 columns", () => {
  bench("as the agent's tools do", () => {
    runReadOnlyQuery(database, "SELECT * FROM wide", { maxRows: 1_000_000 });
  });
  bench("as the judge does, marking whole REALs", () => {
    runReadOnlyQuery(database, "SELECT * FROM wide", { maxRows: 1_000_000, markWholeReals: true });
  });
});
