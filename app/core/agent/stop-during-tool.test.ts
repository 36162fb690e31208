// Stop pressed while a tool's query runs: the run ends "stopped" and no further request goes to the model (an
// already-aborted signal fires no abort event, so each model turn must check it).
import initSqlJs from "sql.js";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startScriptedLlmServer, toolCall, toolTurn, type ScriptedServer } from "../../../e2e/llm-server/scripted-llm-server";
import type { ReadOnlyDatabase } from "../db/read-only-query";
import { SqliteEngine } from "../db/sqljs-engine";
import { createLanguageModel, DEFAULT_LLM_SETTINGS, type LlmSettings } from "../llm/providers";
import { unprunedSchema } from "../schema/prune";
import { runAgent } from "./agent-loop";
import type { AgentEvent } from "./events";

let server: ScriptedServer;
let engine: SqliteEngine;

beforeAll(async () => {
  server = await startScriptedLlmServer({ models: ["scripted-model"] });
  const SQL = await initSqlJs();
  engine = new SqliteEngine(SQL);
  await engine.open(null);
});

afterAll(async () => {
  await server?.close();
});

it("ends the run as stopped, without another model request, when Stop comes while a tool runs", async () => {
  server.setScript([toolTurn(toolCall("run_sql", { sql: "SELECT 1" })), toolTurn(toolCall("run_sql", { sql: "SELECT 2" }))]);
  const controller = new AbortController();
  // The person presses Stop while the query runs; the query itself is ended by the watchdog (a rejection).
  const database: ReadOnlyDatabase = {
    schema: () => engine.schema(),
    executeReadOnly: async () => {
      controller.abort(new Error("stopped"));
      throw new Error("stopped");
    },
  };
  const settings: LlmSettings = { ...DEFAULT_LLM_SETTINGS, providerId: "custom", baseUrl: server.url, model: "scripted-model", maxTurns: 5 };
  const events: AgentEvent[] = [];
  for await (const event of runAgent({
    question: "anything",
    database,
    model: createLanguageModel(settings),
    settings,
    signal: controller.signal,
    schema: unprunedSchema(await engine.schema(), { includeValues: false }),
  })) {
    events.push(event);
  }
  expect(events.at(-1)).toMatchObject({ type: "run-end", status: "stopped" });
  expect(server.chatRequests()).toHaveLength(1);
});
