// For the CLI's tests that run `querylab` as a person would: the command as a child process, and a small benchmark
// folder in the Spider layout (database/<db_id>/<db_id>.sqlite and dev.json) to point --benchmark at.
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import initSqlJs from "sql.js";

const run = promisify(execFile);

/** `querylab <args>` in a child process, with no API key from the environment (the scripted server needs none). */
export function runQuerylab(...args: string[]) {
  return run(process.execPath, ["--import", "tsx", "app/cli/querylab.ts", ...args], { env: { ...process.env, QUERYLAB_API_KEY: "" } });
}

/** The shop the ask/eval tests question: four products, one under 5, one at exactly 5 (so "< 5" and "<= 5" differ). */
export const SHOP_SETUP_SQL =
  "CREATE TABLE product(id INTEGER PRIMARY KEY, name TEXT, price REAL); INSERT INTO product VALUES (1,'pen',2.5),(2,'book',12),(3,'mug',5),(4,'lamp',30);";

/** A benchmark folder in a fresh temporary directory: one database built by `setupSql`, and the questions as dev.json. */
export async function writeBenchmarkFolder(options: {
  dbId: string;
  setupSql: string;
  questions: { db_id: string; question: string; query: string }[];
  /** Names the temporary directory, so a leftover one says which test made it. */
  prefix: string;
}): Promise<string> {
  const SQL = await initSqlJs();
  const database = new SQL.Database();
  database.exec(options.setupSql);
  const folder = await mkdtemp(join(tmpdir(), options.prefix));
  await mkdir(join(folder, "database", options.dbId), { recursive: true });
  await writeFile(join(folder, "database", options.dbId, `${options.dbId}.sqlite`), database.export());
  await writeFile(join(folder, "dev.json"), JSON.stringify(options.questions));
  return folder;
}
