// A model that never calls submit_sql: its prose answer is read as a submission, and a query it runs twice without
// submitting is taken as the answer and said so in the trace. Through runAgent and the scripted server over HTTP.
import initSqlJs from "sql.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startScriptedLlmServer, textTurn, toolCall, toolTurn, type ScriptedServer } from "../../../e2e/llm-server/scripted-llm-server";
import { SqliteEngine } from "../db/sqljs-engine";
import { createLanguageModel, DEFAULT_LLM_SETTINGS, type LlmSettings } from "../llm/providers";
import { unprunedSchema } from "../schema/prune";
import type { PromptSchema } from "../schema/pruning-summary";
import { runAgent, type AgentRunOptions } from "./agent-loop";
import type { AgentEvent } from "./events";
import { sameQuerySucceededTwice, turnCap, type AgentStep, type StepAction } from "./stop-conditions";
import { sqlNormalForm } from "./sql-normal-form";
import type { ToolCall } from "./tool-call";
import { traceSchema, traceView } from "./trace";

const FIXTURE = `
CREATE TABLE city (id INTEGER PRIMARY KEY, name TEXT, country TEXT, population INTEGER);
INSERT INTO city VALUES (1, 'Paris', 'France', 2102650), (2, 'Lyon', 'France', 522250), (3, 'Berlin', 'Germany', 3850809);
`;
const ANSWER = "SELECT name FROM city WHERE country = 'France' ORDER BY population DESC LIMIT 1";
/** The same query as the model might retype it: other case, spacing, a trailing semicolon. */
const ANSWER_RETYPED = "select name\n  from city\n where country = 'France'\n order by population desc limit 1;";

let server: ScriptedServer;
let engine: SqliteEngine;
let schema: PromptSchema;

beforeAll(async () => {
  server = await startScriptedLlmServer({ requiredApiKey: "test-key", models: ["scripted-model"], chunkSize: 9 });
  const SQL = await initSqlJs();
  const database = new SQL.Database();
  database.exec(FIXTURE);
  engine = new SqliteEngine(SQL);
  await engine.open(database.export());
  schema = unprunedSchema(await engine.schema(), { includeValues: true });
});

afterAll(async () => {
  await server?.close();
});

async function run(
  script: Parameters<ScriptedServer["setScript"]>[0],
  overrides: Partial<LlmSettings> = {},
  extra: Partial<AgentRunOptions> = {},
): Promise<AgentEvent[]> {
  server.setScript(script);
  server.reset();
  const settings: LlmSettings = {
    ...DEFAULT_LLM_SETTINGS,
    providerId: "custom",
    baseUrl: server.url,
    model: "scripted-model",
    apiKey: "test-key",
    timeoutMs: 5000,
    maxTurns: 10,
    ...overrides,
  };
  const events: AgentEvent[] = [];
  for await (const event of runAgent({
    question: "Which French city has the most people?",
    database: engine,
    model: createLanguageModel(settings),
    settings,
    schema,
    sharing: "results",
    sleep: async () => {},
    ...extra,
  })) {
    events.push(event);
  }
  return events;
}

function ofType<T extends AgentEvent["type"]>(events: AgentEvent[], type: T): Extract<AgentEvent, { type: T }>[] {
  return events.filter((event): event is Extract<AgentEvent, { type: T }> => event.type === type);
}

const fenced = (sql: string) => `\`\`\`sql\n${sql}\n\`\`\``;

describe("a reply with the final-answer marker after the query (the issue's case)", () => {
  for (const protocol of ["text", "tools"] as const) {
    it(`ends the run in one turn as a submission (${protocol} protocol), not ten runs and max-turns`, async () => {
      // The model says the same thing every turn, as the one in the issue did.
      const events = await run(() => textTurn(`The French city with the most people:\n\n${fenced(ANSWER)}\n\nFINAL ANSWER`), { protocol });
      expect(ofType(events, "tool-call").map((event) => event.tool)).toEqual(["submit_sql"]);
      expect(ofType(events, "final")[0]?.sql).toBe(ANSWER);
      expect(ofType(events, "run-end")[0]).toMatchObject({ status: "submitted", turns: 1 });
    });
  }
});

describe("the same query run twice without a submission", () => {
  it("is taken as the answer, said in the trace as the loop's own submit_sql, and the trace schema keeps it", async () => {
    const events = await run([
      toolTurn(toolCall("run_sql", { sql: ANSWER }), "Let me check."),
      toolTurn(toolCall("run_sql", { sql: ANSWER_RETYPED }), "Checking once more."),
      // Never reached: the run ends after the repeat.
      toolTurn(toolCall("run_sql", { sql: ANSWER })),
    ]);
    expect(server.chatRequests()).toHaveLength(2);
    const calls = ofType(events, "tool-call");
    expect(calls.map((event) => [event.turn, event.tool, event.by])).toEqual([
      [1, "run_sql", undefined],
      [2, "run_sql", undefined],
      [2, "submit_sql", "agent"],
    ]);
    const taken = ofType(events, "observation").at(-1)!;
    expect(taken).toMatchObject({ turn: 2, tool: "submit_sql", ok: true, toolCallId: calls[2]!.toolCallId });
    expect(taken.text).toBe("Taken as the answer: the model ran this query without error in turns 1 and 2 and did not submit it.");
    expect(taken.result?.rows).toEqual([["Paris"]]);
    expect(ofType(events, "final")[0]).toMatchObject({ turn: 2, sql: ANSWER_RETYPED });
    expect(ofType(events, "run-end")[0]).toMatchObject({ status: "submitted", turns: 2 });
    expect(ofType(events, "error")).toEqual([]);

    // A stored or exported trace keeps who made the call, and the timeline shows it in the turn that repeated.
    const trace = traceSchema.parse({ version: 1, id: "t", question: "q", databaseName: "fixture", model: "m", baseUrl: server.url, createdAt: 0, events });
    const view = traceView(trace.events);
    expect(view.turns[1]!.actions.at(-1)).toMatchObject({ call: { tool: "submit_sql", by: "agent" }, observation: { text: taken.text } });
    expect(view.final?.sql).toBe(ANSWER_RETYPED);
  });

  it("also when the model only writes the query in prose, with a look at a table in between", async () => {
    const events = await run(
      [textTurn(`Let me run:\n${fenced(ANSWER)}`), toolTurn(toolCall("describe_table", { table: "city" })), textTurn(`Running it again:\n${fenced(ANSWER)}`)],
      { protocol: "tools" },
    );
    expect(ofType(events, "tool-call").map((event) => event.tool)).toEqual(["run_sql", "describe_table", "run_sql", "submit_sql"]);
    expect(ofType(events, "final")[0]).toMatchObject({ turn: 3, sql: ANSWER });
    expect(ofType(events, "run-end")[0]).toMatchObject({ status: "submitted", turns: 3 });
  });

  it("is not taken when a different query ran in between, or when the repeat failed", async () => {
    const changed = await run(
      [
        toolTurn(toolCall("run_sql", { sql: ANSWER })),
        toolTurn(toolCall("run_sql", { sql: "SELECT count(*) FROM city" })),
        toolTurn(toolCall("run_sql", { sql: ANSWER })),
      ],
      { maxTurns: 3 },
    );
    expect(ofType(changed, "final")).toEqual([]);
    expect(ofType(changed, "run-end")[0]).toMatchObject({ status: "max-turns", turns: 3 });

    const failing = await run([toolTurn(toolCall("run_sql", { sql: "SELECT nme FROM city" })), toolTurn(toolCall("run_sql", { sql: "SELECT nme FROM city" }))]);
    expect(ofType(failing, "error")[0]?.kind).toBe("repeated-failure");
  });

  it("is left to the caller's own stop conditions when it gives them", async () => {
    const repeat = toolTurn(toolCall("run_sql", { sql: ANSWER }));
    const events = await run([repeat, repeat, repeat], {}, { stopWhen: [turnCap(3)] });
    expect(ofType(events, "final")).toEqual([]);
    expect(ofType(events, "run-end")[0]).toMatchObject({ status: "max-turns", turns: 3 });
  });
});

describe("sameQuerySucceededTwice", () => {
  const runSql = (sql: string): ToolCall => ({ id: `run-${sql.length}`, name: "run_sql", input: { sql } });
  const action = (call: ToolCall, ok = true): StepAction => ({
    requested: { id: call.id, toolName: call.name, input: call.input, source: "tools" },
    call,
    observation: { ok, text: ok ? "(1 row)" : "Error" },
  });
  const step = (turn: number, actions: StepAction[]): AgentStep => ({ turn, usage: { inputTokens: 1, outputTokens: 1 }, actions });

  it("needs two turns: the same query twice in one turn (parallel calls) is not a repeat", () => {
    expect(sameQuerySucceededTwice()([step(1, [action(runSql(ANSWER)), action(runSql(ANSWER))])])).toBeNull();
    expect(sameQuerySucceededTwice()([step(1, [action(runSql(ANSWER))]), step(2, [action(runSql(ANSWER))])])).toMatchObject({ kind: "taken", sql: ANSWER });
  });

  it("does not take over a turn in which the model submitted", () => {
    const submit: ToolCall = { id: "s", name: "submit_sql", input: { sql: "SELECT 1" } };
    expect(sameQuerySucceededTwice()([step(1, [action(runSql(ANSWER))]), step(2, [action(runSql(ANSWER)), action(submit, false)])])).toBeNull();
  });
});

describe("sqlNormalForm", () => {
  it("ignores case, spacing, comments, quotes around plain names and a trailing semicolon, but not string case", () => {
    expect(sqlNormalForm(ANSWER_RETYPED)).toBe(sqlNormalForm(ANSWER));
    expect(sqlNormalForm('SELECT "name" FROM [city] -- the cities\n/* all */;')).toBe(sqlNormalForm("select name from city"));
    expect(sqlNormalForm("SELECT count( * ) FROM city")).toBe(sqlNormalForm("SELECT count(*) FROM city"));
    expect(sqlNormalForm("SELECT 1 WHERE 'a' = 'Paris'")).not.toBe(sqlNormalForm("SELECT 1 WHERE 'a' = 'paris'"));
    expect(sqlNormalForm('SELECT "my col" FROM t')).not.toBe(sqlNormalForm("SELECT my col FROM t"));
  });
});
