// diagnose_sql over the scripted LLM server and real HTTP: the tool runs, its observation (stages, row counts, the
// first stage without rows) reaches the next request, and it obeys the data-sharing setting like run_sql.
import initSqlJs from "sql.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lastToolResult, startScriptedLlmServer, textTurn, toolCall, toolTurn, type ScriptedServer } from "../../../e2e/llm-server/scripted-llm-server";
import { SqliteEngine } from "../db/sqljs-engine";
import type { DataSharing } from "../data-sharing";
import { createLanguageModel, DEFAULT_LLM_SETTINGS } from "../llm/providers";
import { unprunedSchema } from "../schema/prune";
import { runAgent } from "./agent-loop";
import type { AgentEvent } from "./events";
import { systemPrompt } from "./prompts";
import { parseTextAction } from "./text-protocol";

const FIXTURE = `
CREATE TABLE city (id INTEGER PRIMARY KEY, name TEXT, country TEXT, population INTEGER);
INSERT INTO city VALUES (1, 'Paris', 'France', 2102650), (2, 'Lyon', 'France', 522250), (3, 'Zurich', 'Switzerland', 421878);
`;
const EMPTY_SQL = "SELECT name FROM city WHERE country = 'France' AND population > 5000000";
const GOOD_SQL = "SELECT name FROM city WHERE country = 'France' ORDER BY population DESC LIMIT 1";

let server: ScriptedServer;
let engine: SqliteEngine;

beforeAll(async () => {
  server = await startScriptedLlmServer({ models: ["scripted-model"] });
  const SQL = await initSqlJs();
  const database = new SQL.Database();
  database.exec(FIXTURE);
  engine = new SqliteEngine(SQL);
  await engine.open(database.export());
});

afterAll(async () => {
  await server?.close();
});

async function run(sharing: DataSharing, protocol: "tools" | "text" = "tools"): Promise<AgentEvent[]> {
  server.setScript(
    protocol === "tools"
      ? [
          toolTurn(toolCall("run_sql", { sql: EMPTY_SQL })),
          toolTurn(toolCall("diagnose_sql", { sql: EMPTY_SQL })),
          toolTurn(toolCall("submit_sql", { sql: GOOD_SQL })),
        ]
      : [
          textTurn(`The result was empty; diagnose it.\nACTION: diagnose_sql\n\`\`\`sql\n${EMPTY_SQL}\n\`\`\``),
          textTurn(`FINAL ANSWER:\n\`\`\`sql\n${GOOD_SQL}\n\`\`\``),
        ],
  );
  server.reset();
  const settings = { ...DEFAULT_LLM_SETTINGS, providerId: "custom", baseUrl: server.url, model: "scripted-model", protocol, timeoutMs: 5000 };
  const events: AgentEvent[] = [];
  for await (const event of runAgent({
    question: "Which French city has more than five million people?",
    database: engine,
    model: createLanguageModel(settings),
    settings,
    schema: unprunedSchema(await engine.schema(), { includeValues: sharing !== "schema" }),
    sharing,
  })) {
    events.push(event);
  }
  return events;
}

describe("diagnose_sql", () => {
  it("is offered as a tool and its observation, with the WHERE condition at fault, reaches the next request", async () => {
    const events = await run("results");
    const requests = server.chatRequests();
    expect(requests[0]!.tools?.map((entry) => entry.function.name)).toContain("diagnose_sql");
    const observation = lastToolResult(requests[2]!) ?? "";
    expect(observation).toContain("1. FROM/JOIN: 3 rows");
    expect(observation).toContain("2. WHERE country = 'France': 2 rows");
    expect(observation).toContain("3. WHERE population > 5000000: 0 rows  <- FIRST STAGE WITH NO ROWS");
    expect(observation).toContain("Rows drop to zero at stage 3");
    // Results may be shared: the rows that reached the condition are shown.
    expect(observation).toContain("Lyon");
    expect(events.find((event) => event.type === "run-end")).toMatchObject({ status: "submitted" });
  });

  it("under schema only, gives the row counts but no value from the data", async () => {
    await run("schema");
    const observation = lastToolResult(server.chatRequests()[2]!) ?? "";
    expect(observation).toContain("3. WHERE population > 5000000: 0 rows  <- FIRST STAGE WITH NO ROWS");
    expect(JSON.stringify(server.chatRequests())).not.toContain("Lyon");
  });

  it("works through the plain-text protocol too", async () => {
    expect(parseTextAction(`Let me see.\nACTION: diagnose_sql\n\`\`\`sql\n${EMPTY_SQL}\n\`\`\``)).toEqual({
      ok: true,
      name: "diagnose_sql",
      input: { sql: EMPTY_SQL },
    });
    await run("results", "text");
    const second = JSON.stringify(server.chatRequests()[1]!.messages);
    expect(second).toContain("FIRST STAGE WITH NO ROWS");
  });

  it("says in the system prompt when to use it", () => {
    const prompt = systemPrompt({ schema: "CREATE TABLE t(x)", protocol: "tools" });
    expect(prompt).toMatch(/returns no rows.*diagnose_sql/);
  });

  it("answers a statement it cannot break down with the reason", async () => {
    server.setScript([toolTurn(toolCall("diagnose_sql", { sql: "DELETE FROM city" })), toolTurn(toolCall("submit_sql", { sql: GOOD_SQL }))]);
    server.reset();
    const settings = { ...DEFAULT_LLM_SETTINGS, providerId: "custom", baseUrl: server.url, model: "scripted-model", timeoutMs: 5000 };
    for await (const _event of runAgent({
      question: "q",
      database: engine,
      model: createLanguageModel(settings),
      settings,
      schema: unprunedSchema(await engine.schema(), { includeValues: false }),
    }));
    expect(lastToolResult(server.chatRequests()[1]!)).toContain("Only SELECT queries can be broken down into clauses; this is DELETE.");
  });
});
