// `querylab ask --follow-up FILE`: the earlier question's SQL reaches the model, as in the page's threads.
import { execFile } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import initSqlJs from "sql.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Trace } from "../core/agent/trace";
import { messageText, startScriptedLlmServer, toolCall, toolTurn, type ScriptedServer } from "../../e2e/llm-server/scripted-llm-server";

const run = promisify(execFile);
let server: ScriptedServer;
let folder = "";

const EARLIER: Trace = {
  version: 1,
  id: "trace-earlier",
  question: "How many products cost more than 3?",
  databaseName: "shop",
  model: "m",
  baseUrl: "http://127.0.0.1",
  createdAt: 1,
  events: [
    { type: "final", turn: 1, sql: "SELECT count(*) AS n FROM product WHERE price > 3", result: { columns: ["n"], rows: [[3]], rowCount: 1, elapsedMs: 1 } },
    { type: "run-end", status: "submitted", turns: 1, usage: { inputTokens: 1, outputTokens: 1 }, elapsedMs: 1, overheadMs: 0 },
  ],
};

beforeAll(async () => {
  server = await startScriptedLlmServer({ script: [toolTurn(toolCall("submit_sql", { sql: "SELECT count(*) FROM product WHERE price > 10" }))] });
  const SQL = await initSqlJs();
  const database = new SQL.Database();
  database.exec("CREATE TABLE product(id INTEGER PRIMARY KEY, name TEXT, price REAL); INSERT INTO product VALUES (1,'pen',2.5),(2,'book',12),(3,'mug',5);");
  folder = await mkdtemp(join(tmpdir(), "querylab-follow-up-"));
  await writeFile(join(folder, "shop.sqlite"), database.export());
  await writeFile(join(folder, "trace.json"), JSON.stringify(EARLIER));
  await writeFile(join(folder, "junk.json"), '{"hello": 1}');
});

afterAll(async () => {
  await server?.close();
});

function ask(...extra: string[]) {
  const args = ["ask", "--db", join(folder, "shop.sqlite"), "--question", "now more than 10", "--base-url", server.url, "--model", "scripted-model", ...extra];
  return run(process.execPath, ["--import", "tsx", "app/cli/querylab.ts", ...args], { env: { ...process.env, QUERYLAB_API_KEY: "" } });
}

describe("querylab ask --follow-up", () => {
  it("tells the model what the earlier question concluded (no values under the default 'schema only')", async () => {
    server.reset();
    await ask("--follow-up", join(folder, "trace.json"));
    const first = messageText(server.chatRequests()[0]!.messages.find((message) => message.role === "user")!);
    expect(first).toContain("Q1: How many products cost more than 3?");
    expect(first).toContain("→ final SQL: SELECT count(*) AS n FROM product WHERE price > 3");
    expect(first).toContain("→ 1 row (columns n)");
    expect(first).not.toContain("[3]");
    expect(first.endsWith("New question: now more than 10")).toBe(true);
  });

  it("refuses a file that is neither a trace nor a thread, with the reason", async () => {
    await expect(ask("--follow-up", join(folder, "junk.json"))).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("neither a QueryLab trace nor a thread"),
    });
  });
});
