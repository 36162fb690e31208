import { readFileSync } from "node:fs";
import initSqlJs, { type Database } from "sql.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSqlJsQueryRunner, type QueryRunner } from "../eval/query-runner";
import { checkAnswer, verdictText } from "./check-answer";

let database: Database;
let runner: QueryRunner;

beforeAll(async () => {
  const SQL = await initSqlJs();
  database = new SQL.Database(readFileSync("public/samples/bookshop.sqlite"));
  runner = createSqlJsQueryRunner(database);
});

afterAll(() => database.close());

const check = (reference: string, answer: string) => checkAnswer(runner, reference, answer, { timeoutMs: 10_000 });

describe("checking an exercise answer", () => {
  it("accepts the same result with other column names and another column order", async () => {
    const result = await check("SELECT name, city FROM stores WHERE state = 'OR'", "SELECT city AS town, name AS store FROM stores WHERE state = 'OR'");
    expect(result.judgement.match).toBe(true);
    expect(verdictText(result)).toBe("Correct: your query returns the same result as the reference.");
    // Compared in the order written every row would differ; a correct answer marks none.
    expect(result.answerUnmatched).toEqual([]);
  });

  it("refuses '= NULL' where IS NULL is meant, and marks every reference row as missing from the answer", async () => {
    const result = await check("SELECT name FROM stores WHERE closed_date IS NULL", "SELECT name FROM stores WHERE closed_date = NULL");
    expect(result.judgement).toMatchObject({ match: false, reason: "different-row-count" });
    expect(verdictText(result)).toBe("Not yet: the reference returns 9 rows, yours 0 rows.");
    expect(result.referenceUnmatched).toEqual(Array(9).fill(true));
    expect(result.answerUnmatched).toEqual([]);
  });

  it("counts duplicates, so a missing DISTINCT is wrong (the official Spider score would drop DISTINCT)", async () => {
    const result = await check("SELECT DISTINCT state FROM stores", "SELECT state FROM stores");
    expect(result.judgement.match).toBe(false);
    expect(verdictText(result)).toBe("Not yet: the reference returns 8 rows, yours 10 rows.");
    // The two extra rows are the second store of each two-store state.
    expect(result.answerUnmatched.filter(Boolean)).toHaveLength(2);
  });

  it("compares row order only when the reference sorts its result", async () => {
    const sorted = await check("SELECT name FROM stores ORDER BY name", "SELECT name FROM stores ORDER BY name DESC");
    expect(sorted).toMatchObject({ orderMatters: true, judgement: { match: false, reason: "different-order" } });
    expect(verdictText(sorted)).toMatch(/right but in a different order/);
    // An ORDER BY inside a subquery does not sort the outer result.
    const unsorted = await check("SELECT name FROM (SELECT name FROM stores ORDER BY name LIMIT 100)", "SELECT name FROM stores ORDER BY name DESC");
    expect(unsorted).toMatchObject({ orderMatters: false, judgement: { match: true } });
  });

  it("marks the rows that differ when the counts agree", async () => {
    const result = await check("SELECT name FROM stores WHERE state = 'OR'", "SELECT name FROM stores WHERE state = 'WA'");
    expect(result.judgement.reason).toBe("different-rows");
    expect(verdictText(result)).toBe("Not yet: as many rows as the reference (2 rows), but not the same values.");
    expect(result.referenceUnmatched).toEqual([true, true]);
    expect(result.answerUnmatched).toEqual([true, true]);
  });

  it("says what SQLite said when the answer fails, and blames the exercise when the reference fails", async () => {
    const failing = await check("SELECT name FROM stores", "SELECT nme FROM stores");
    expect(failing.judgement.reason).toBe("prediction-error");
    expect(verdictText(failing)).toMatch(/^Not yet: your query failed\. .*no such column: nme/);
    const broken = await check("SELECT missing FROM stores", "SELECT name FROM stores");
    expect(verdictText(broken)).toMatch(/^This exercise's reference query failed.*tell the teacher/);
  });

  it("never writes to the database: a student's DELETE is refused by the read-only executor", async () => {
    const result = await check("SELECT COUNT(*) FROM stores", "DELETE FROM stores");
    expect(result.judgement.match).toBe(false);
    expect(database.exec("SELECT COUNT(*) FROM stores")[0]!.values[0]![0]).toBe(10);
  });
});
