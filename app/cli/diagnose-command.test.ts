// `querylab diagnose` run as a person runs it: a child process over a real database file, each printed stage re-run.
import { execFile } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import initSqlJs, { type Database } from "sql.js";
import { beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
let databasePath = "";
let database: Database;

beforeAll(async () => {
  const SQL = await initSqlJs();
  database = new SQL.Database();
  database.exec(`
    CREATE TABLE authors (author_id INTEGER PRIMARY KEY, name TEXT, country TEXT);
    CREATE TABLE books (book_id INTEGER PRIMARY KEY, title TEXT, author_id INTEGER, price REAL);
    INSERT INTO authors VALUES (1, 'Ada', 'UK'), (2, 'Alan', 'UK'), (3, 'Grace', 'US');
    INSERT INTO books VALUES (1, 'Notes', 1, 9.5), (2, 'Computing', 2, 12), (3, 'Compilers', 3, 30), (4, 'Machines', 2, 18);
  `);
  databasePath = join(await mkdtemp(join(tmpdir(), "querylab-diagnose-")), "books.sqlite");
  await writeFile(databasePath, database.export());
}, 30_000);

function querylab(...args: string[]) {
  return run(process.execPath, ["--import", "tsx", "app/cli/querylab.ts", ...args]);
}

function countDirectly(sql: string): number {
  const statement = database.prepare(sql);
  let rows = 0;
  while (statement.step()) rows++;
  statement.free();
  return rows;
}

const QUERY =
  "SELECT a.name, count(*) AS books FROM authors a JOIN books b ON b.author_id = a.author_id WHERE a.country = 'UK' AND b.price > 50 GROUP BY a.name ORDER BY books DESC";

describe("querylab diagnose", () => {
  it("prints one JSON object on the last line whose stages run as printed and return the printed counts", async () => {
    const { stdout } = await querylab("diagnose", "--db", databasePath, "--json", QUERY);
    const report = JSON.parse(stdout.trim().split("\n").at(-1)!) as { stages: { clause: string; sql: string; rows: number }[]; firstEmptyStage: number };
    expect(report.stages.map((stage) => [stage.clause, stage.rows])).toEqual([
      ["FROM/JOIN", 4],
      ["WHERE a.country = 'UK'", 3],
      ["WHERE b.price > 50", 0],
      ["GROUP BY", 0],
      ["ORDER BY/LIMIT", 0],
    ]);
    expect(report.stages.at(-1)!.sql).toBe(QUERY);
    for (const stage of report.stages) expect(countDirectly(stage.sql), stage.sql).toBe(stage.rows);
    expect(report.firstEmptyStage).toBe(2);
  }, 30_000);

  it("prints a table of stages with the first one without rows marked", async () => {
    const { stdout } = await querylab("diagnose", "--db", databasePath, QUERY);
    expect(stdout).toMatch(/3 \| query \| WHERE b\.price > 50\s+\| 0\s+\| <- first stage with no rows/);
    expect(stdout).toContain("Rows drop to zero at stage 3: WHERE b.price > 50");
    expect(stdout).toContain("Query plan:");
    expect(stdout).toMatch(/SCAN|SEARCH/);
  }, 30_000);

  it("exits non-zero with a clear message when the statement cannot be broken down", async () => {
    await expect(querylab("diagnose", "--db", databasePath, "DELETE FROM books")).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("Only SELECT queries can be broken down into clauses; this is DELETE."),
    });
    await expect(querylab("diagnose", "--db", databasePath, "SELECT nope FROM books")).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("no such column: nope"),
    });
  }, 30_000);
});
