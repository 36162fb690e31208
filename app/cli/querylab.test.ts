// The querylab command, run as a person runs it: a child process over a real database file.
import { execFile } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import initSqlJs from "sql.js";
import { beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
let databasePath = "";

beforeAll(async () => {
  const SQL = await initSqlJs();
  const database = new SQL.Database();
  database.exec("CREATE TABLE t(id INTEGER, name TEXT, data BLOB); INSERT INTO t VALUES (1, 'Ada', x'0102'), (2, NULL, NULL);");
  databasePath = join(await mkdtemp(join(tmpdir(), "querylab-")), "t.sqlite");
  await writeFile(databasePath, database.export());
});

function querylab(...args: string[]) {
  return run(process.execPath, ["--import", "tsx", "app/cli/querylab.ts", ...args]);
}

describe("querylab sql", () => {
  it("prints a table with the row count", async () => {
    const { stdout } = await querylab("sql", "--db", databasePath, "SELECT id, name FROM t ORDER BY id");
    expect(stdout).toContain("id | name");
    expect(stdout).toContain("1  | Ada");
    expect(stdout).toContain("2  | NULL");
    expect(stdout).toMatch(/\(2 rows, [\d.]+ ms\)/);
  });

  it("prints JSON lines with --json, BLOBs as hex literals", async () => {
    const { stdout } = await querylab("sql", "--db", databasePath, "--json", "SELECT * FROM t ORDER BY id");
    expect(
      stdout
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line)),
    ).toEqual([
      { id: 1, name: "Ada", data: "x'0102'" },
      { id: 2, name: null, data: null },
    ]);
  });

  it("exits non-zero with SQLite's message on a bad query", async () => {
    await expect(querylab("sql", "--db", databasePath, "SELECT nope FROM t")).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("no such column: nope"),
    });
  });

  it("explains a file that is not a database", async () => {
    await expect(querylab("sql", "--db", "package.json", "SELECT 1")).rejects.toMatchObject({
      stderr: expect.stringContaining("not a SQLite database"),
    });
  });
});
