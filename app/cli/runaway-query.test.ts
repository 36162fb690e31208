// A model that asks for an endless query cannot hang the command line: `querylab eval` and `ask` end the query at
// the query time limit (the SQLite thread is ended and the database reopened), show it as the observation, and
// end a question that runs past its own limit.
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import initSqlJs from "sql.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  conversationTurnOf,
  lastToolResult,
  startScriptedLlmServer,
  toolCall,
  toolTurn,
  type ChatRequest,
  type ScriptedServer,
} from "../../e2e/llm-server/scripted-llm-server";

const run = promisify(execFile);
const RUNAWAY = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c";
let server: ScriptedServer;
let benchmark = "";

beforeAll(async () => {
  server = await startScriptedLlmServer({
    script: (request) => {
      const question = request.messages.find((message) => message.role === "user");
      const endless = JSON.stringify(question ?? "").includes("forever");
      // "forever": the model asks for a new runaway every turn (so no repeated-failure rule ends it) and never
      // submits. Otherwise: one runaway, then a real answer.
      const turn = conversationTurnOf(request);
      if (endless) return toolTurn(toolCall("run_sql", { sql: `${RUNAWAY} WHERE ${turn} = ${turn}` }), "Counting again.");
      if (turn === 0) return toolTurn(toolCall("run_sql", { sql: RUNAWAY }), "Counting.");
      return toolTurn(toolCall("submit_sql", { sql: "SELECT count(*) FROM product" }), `It said: ${lastToolResult(request)?.slice(0, 40)}`);
    },
  });
  const SQL = await initSqlJs();
  const database = new SQL.Database();
  database.exec("CREATE TABLE product(id INTEGER PRIMARY KEY, name TEXT); INSERT INTO product VALUES (1,'pen'),(2,'book');");
  benchmark = await mkdtemp(join(tmpdir(), "querylab-runaway-"));
  await mkdir(join(benchmark, "database", "shop"), { recursive: true });
  await writeFile(join(benchmark, "database", "shop", "shop.sqlite"), database.export());
  await writeFile(
    join(benchmark, "dev.json"),
    JSON.stringify([
      { db_id: "shop", question: "How many products are there?", query: "SELECT count(*) FROM product" },
      { db_id: "shop", question: "Count them forever", query: "SELECT count(*) FROM product" },
    ]),
  );
});

afterAll(async () => {
  await server?.close();
});

function querylab(...args: string[]) {
  return run(process.execPath, ["--import", "tsx", "app/cli/querylab.ts", ...args], { env: { ...process.env, QUERYLAB_API_KEY: "" }, timeout: 150_000 });
}

describe("a runaway query on the command line", () => {
  it("querylab eval ends the query, lets the agent go on, and ends a question past its own limit", async () => {
    const out = join(benchmark, "results.jsonl");
    const { stdout } = await querylab(
      "eval",
      ...["--benchmark", benchmark, "--base-url", server.url, "--model", "scripted", "--out", out],
      ...["--query-time-limit", "1", "--question-time-limit", "12", "--max-turns", "50"],
    );
    expect(stdout).toContain("Execution accuracy (spider): 1/2 = 50.0%");
    const lines = (await readFile(out, "utf8"))
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    const byQuestion = Object.fromEntries(lines.map((line) => [line.question, line]));
    // The model read the stop as its observation, then answered.
    expect(byQuestion["How many products are there?"]).toMatchObject({ match: true, turns: 2, error: null });
    const told = server.requests
      .filter((request) => typeof request.body === "object" && request.body !== null && "messages" in request.body)
      .map((request) => lastToolResult(request.body as ChatRequest) ?? "")
      .find((text) => text.startsWith("Error: Stopped after"));
    expect(told).toMatch(/^Error: Stopped after \d+(\.\d)? s: the query ran past the 1 s time limit/);
    // The endless one was ended by its question limit, as a failed result saying so.
    expect(byQuestion["Count them forever"]).toMatchObject({ match: false, error: expect.stringContaining("ran past its 12 s limit") });
  }, 160_000);

  it("querylab ask ends the query and answers", async () => {
    const { stdout } = await querylab(
      "ask",
      ...["--db", join(benchmark, "database", "shop", "shop.sqlite"), "--question", "How many products are there?"],
      ...["--base-url", server.url, "--model", "scripted", "--query-time-limit", "1"],
    );
    expect(stdout).toContain("Stopped after");
    expect(stdout).toContain("Final SQL:\n  SELECT count(*) FROM product");
  }, 160_000);
});
