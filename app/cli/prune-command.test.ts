// `querylab prune` as a person runs it: a child process over a Spider-layout benchmark with hundreds of columns.
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import initSqlJs from "sql.js";
import { beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
let benchmark = "";

function querylab(...args: string[]) {
  return run(process.execPath, ["--import", "tsx", "app/cli/querylab.ts", ...args], { maxBuffer: 16 * 1024 * 1024 });
}

/**
 * A warehouse of 40 tables × 9 columns (360 columns): one "hub" table every other one references, names of the
 * kind real schemas have, and a few text values to match. Questions name a table by its words and a value.
 */
beforeAll(async () => {
  const SQL = await initSqlJs();
  const database = new SQL.Database();
  const subjects = ["invoice", "shipment", "supplier", "warehouse", "vehicle", "driver", "customer", "product", "category", "region"];
  const aspects = ["archive", "ledger", "plan", "audit"];
  const statements = [
    "CREATE TABLE company (company_id INTEGER PRIMARY KEY, company_name TEXT, country TEXT);",
    "INSERT INTO company VALUES (1, 'Acme', 'Norway');",
  ];
  const tables: Array<{ name: string; columns: string[] }> = [{ name: "company", columns: ["company_id", "company_name", "country"] }];
  for (const subject of subjects) {
    for (const aspect of aspects) {
      const name = `${subject}_${aspect}`;
      const columns = [`${name}_id`, "company_id", `${subject}Code`, `${aspect}Status`, "created_at", "amountTotal", "notes", `${subject}_label`, "is_active"];
      statements.push(
        `CREATE TABLE ${name} (${name}_id INTEGER PRIMARY KEY, company_id INTEGER REFERENCES company(company_id), ${subject}Code TEXT, ${aspect}Status TEXT, created_at TEXT, amountTotal REAL, notes TEXT, ${subject}_label TEXT, is_active INTEGER);`,
        `INSERT INTO ${name} VALUES (1, 1, '${subject.toUpperCase()}-1', '${aspect === "audit" ? "Flagged" : "Open"}', '2024-05-01', 10.5, 'n', '${subject} one', 1);`,
      );
      tables.push({ name, columns });
    }
  }
  database.exec(statements.join("\n"));
  benchmark = await mkdtemp(join(tmpdir(), "querylab-prune-"));
  await mkdir(join(benchmark, "database", "warehouse"), { recursive: true });
  await writeFile(join(benchmark, "database", "warehouse", "warehouse.sqlite"), database.export());
  const questions = [
    { db_id: "warehouse", question: "How many driver audits are flagged?", query: "SELECT count(*) FROM driver_audit WHERE auditStatus = 'Flagged'" },
    {
      db_id: "warehouse",
      question: "What is the total amount of invoice ledgers for Acme?",
      query: "SELECT sum(T1.amountTotal) FROM invoice_ledger AS T1 JOIN company AS T2 ON T1.company_id = T2.company_id WHERE T2.company_name = 'Acme'",
    },
    {
      db_id: "warehouse",
      question: "List the vehicle codes in the vehicle plan created in 2024.",
      query: "SELECT vehicleCode FROM vehicle_plan WHERE created_at LIKE '2024%'",
    },
  ];
  await writeFile(join(benchmark, "dev.json"), JSON.stringify(questions));
  const columnNames: Array<[number, string]> = [[-1, "*"]];
  tables.forEach((table, index) => table.columns.forEach((column) => columnNames.push([index, column])));
  await writeFile(
    join(benchmark, "tables.json"),
    JSON.stringify([
      {
        db_id: "warehouse",
        table_names_original: tables.map((table) => table.name),
        table_names: tables.map((table) => table.name.replace(/_/g, " ")),
        column_names_original: columnNames,
        column_names: columnNames,
      },
    ]),
  );
});

describe("querylab prune", () => {
  it("writes one line per question in the documented shape, within the budget, keeping the gold columns", async () => {
    const out = join(benchmark, "pruned.jsonl");
    const { stdout } = await querylab("prune", "--benchmark", benchmark, "--budget", "400", "--sharing", "profiles", "--out", out);
    const lines = (await readFile(out, "utf8"))
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines).toHaveLength(3);
    for (const [index, line] of lines.entries()) {
      expect(Object.keys(line).slice(0, 5)).toEqual(["index", "db_id", "kept", "schema_tokens_full", "schema_tokens_kept"]);
      expect(line.index).toBe(index);
      expect(line.schema_tokens_kept).toBeLessThanOrEqual(400);
      // 361 columns in the full schema: the kept part is a small fraction.
      expect(line.schema_tokens_full).toBeGreaterThan(8 * line.schema_tokens_kept);
      expect(line.gold_columns_kept).toBe(line.gold_columns);
    }
    expect(lines[0].kept.driver_audit).toEqual(expect.arrayContaining(["auditStatus"]));
    expect(lines[1].kept.company).toEqual(expect.arrayContaining(["company_id", "company_name"]));
    expect(lines[1].kept.invoice_ledger).toEqual(expect.arrayContaining(["amountTotal", "company_id"]));
    expect(lines[2].kept.vehicle_plan).toEqual(expect.arrayContaining(["vehicleCode", "created_at"]));
    expect(stdout).toMatch(/3 questions: column recall 1\.000/);
  });

  it("falls back to lexical and value matching when the model folder cannot load, and says so", async () => {
    const out = join(benchmark, "fallback.jsonl");
    const { stdout, stderr } = await querylab("prune", "--benchmark", benchmark, "--embed", join(benchmark, "no-such-model"), "--out", out, "--limit", "1");
    expect(stderr).toMatch(/could not load .*names, descriptions and values only/);
    expect((await readFile(out, "utf8")).trim().split("\n")).toHaveLength(1);
    expect(stdout).toMatch(/1 questions: column recall/);
  });

  it("runs the dense stage with a model folder (the repo's tiny test model, no downloads)", async () => {
    const out = join(benchmark, "dense.jsonl");
    const { stderr } = await querylab("prune", "--benchmark", benchmark, "--embed", "test-models/querylab/tiny-embed", "--out", out);
    expect(stderr).not.toMatch(/could not load/);
    const lines = (await readFile(out, "utf8"))
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines).toHaveLength(3);
    expect(lines[0].kept.driver_audit).toBeDefined();
  });

  it("refuses a budget that is not a positive number", async () => {
    await expect(querylab("prune", "--benchmark", benchmark, "--budget", "lots", "--out", join(benchmark, "x.jsonl"))).rejects.toMatchObject({
      stderr: expect.stringContaining("--budget must be a positive number"),
    });
  });
});
