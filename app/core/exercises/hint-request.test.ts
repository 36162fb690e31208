import { readFileSync } from "node:fs";
import initSqlJs from "sql.js";
import { describe, expect, it } from "vitest";
import { DatabaseService } from "../database-service";
import { diagnoseSql } from "../db/sql-diagnosis";
import { buildHintRequest, HINT_SYSTEM_PROMPT } from "./hint-request";

async function bookshop() {
  const SQL = await initSqlJs();
  const engine = DatabaseService.create(SQL);
  await engine.open(readFileSync("public/samples/bookshop.sqlite"));
  return engine;
}

describe("the hint request", () => {
  it("tells the model not to give the answer away", () => {
    expect(HINT_SYSTEM_PROMPT).toMatch(/Do not give the answer away: never write the corrected query or any complete SQL statement/);
  });

  it("holds the schema, the question, the student's query, the verdict and the stage row counts, and no stored value", async () => {
    const engine = await bookshop();
    const studentSql = "SELECT name FROM stores WHERE closed_date = NULL";
    const outcome = await diagnoseSql(engine, studentSql, { sampleRows: 5 });
    if (!outcome.ok) throw new Error(outcome.error.message);
    const { system, prompt } = buildHintRequest({
      question: "Which stores are still open? Give their names.",
      schema: await engine.schema(),
      studentSql,
      verdict: "Not yet: the reference returns 9 rows, yours 0 rows.",
      diagnosis: outcome.diagnosis,
    });
    expect(system).toBe(HINT_SYSTEM_PROMPT);
    expect(prompt).toContain("CREATE TABLE stores");
    expect(prompt).toContain("Exercise question: Which stores are still open? Give their names.");
    expect(prompt).toContain("```sql\nSELECT name FROM stores WHERE closed_date = NULL\n```");
    expect(prompt).toContain("Checking it against the expected result: Not yet: the reference returns 9 rows, yours 0 rows.");
    expect(prompt).toMatch(/1\. FROM\/JOIN: 10 rows\n2\. WHERE closed_date = NULL: 0 rows/);
    // The stage sample rows (store names) stay in the page.
    const storeNames = outcome.diagnosis.stages[0]!.sampleRows.map((row) => String(row[row.length - 1]));
    expect(storeNames.length).toBeGreaterThan(0);
    for (const name of storeNames) expect(prompt).not.toContain(name);
  });

  it("leaves out the verdict and the stages before any Check", async () => {
    const engine = await bookshop();
    const { prompt } = buildHintRequest({ question: "Q?", schema: await engine.schema(), studentSql: "SELECT 1", verdict: null, diagnosis: null });
    expect(prompt).not.toContain("Checking it against");
    expect(prompt).not.toContain("clause by clause");
  });
});
