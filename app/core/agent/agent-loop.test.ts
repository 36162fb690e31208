// The agent loop against the scripted server over real HTTP, on each wire the page speaks (OpenAI-compatible, Anthropic Messages, Gemini): turns, faults, protocols, read-only.
import initSqlJs from "sql.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startScriptedLlmServer,
  textTurn,
  toolCall,
  toolTurn,
  WIRE_NAMES,
  type ScriptedServer,
  type ScriptedTurn,
  type WireName,
} from "../../../e2e/llm-server/scripted-llm-server";
import { SqliteEngine } from "../db/sqljs-engine";
import type { PromptSchema } from "../schema/pruning-summary";
import { profileDatabase } from "../schema/profile";
import { unprunedSchema } from "../schema/prune";
import { createLanguageModel, DEFAULT_LLM_SETTINGS, type LlmSettings } from "../llm/providers";
import { createRecordingFetch } from "../llm/recording-fetch";
import { runAgent, type AgentRunOptions } from "./agent-loop";
import { tokenBudget, turnCap } from "./stop-conditions";
import type { AgentEvent } from "./events";

const FIXTURE = `
CREATE TABLE city (id INTEGER PRIMARY KEY, name TEXT, country TEXT, population INTEGER);
INSERT INTO city VALUES (1, 'Paris', 'France', 2102650), (2, 'Lyon', 'France', 522250), (3, 'Berlin', 'Germany', 3850809);
`;

let server: ScriptedServer;
let engine: SqliteEngine;
/** The whole fixture schema with its value notes, as a caller without a pruner sends it. */
let schema: PromptSchema;

beforeAll(async () => {
  server = await startScriptedLlmServer({ requiredApiKey: "test-key", models: ["scripted-model"], chunkSize: 5 });
  const SQL = await initSqlJs();
  const database = new SQL.Database();
  database.exec(FIXTURE);
  engine = new SqliteEngine(SQL);
  await engine.open(database.export());
  const tables = await engine.schema();
  schema = unprunedSchema(tables, { profile: profileDatabase(database, tables, "fixture"), includeValues: true });
});

afterAll(async () => {
  await server?.close();
});

/** The wire the running describe block speaks: the provider preset picks the SDK provider, as the Settings dialog does. */
let wire: WireName = "openai";
const PROVIDER_OF: Record<WireName, string> = { openai: "custom", anthropic: "anthropic", google: "google" };

function settings(overrides: Partial<LlmSettings> = {}): LlmSettings {
  return {
    ...DEFAULT_LLM_SETTINGS,
    providerId: PROVIDER_OF[wire],
    baseUrl: server.baseUrlFor(wire),
    model: "scripted-model",
    apiKey: "test-key",
    timeoutMs: 5000,
    ...overrides,
  };
}

const sleeps: number[] = [];
async function run(
  script: ScriptedTurn[] | Parameters<ScriptedServer["setScript"]>[0],
  overrides: Partial<LlmSettings> = {},
  extra: Partial<AgentRunOptions> = {},
): Promise<AgentEvent[]> {
  server.setScript(script);
  server.reset();
  sleeps.length = 0;
  const llm = settings(overrides);
  const recorder = createRecordingFetch();
  const events: AgentEvent[] = [];
  for await (const event of runAgent({
    question: "Which French city has the most people?",
    database: engine,
    model: createLanguageModel(llm, recorder.fetch),
    settings: llm,
    recorder,
    schema,
    // These tests look at values (sample_values, results); the default, schema only, has its own test.
    sharing: "results",
    sleep: async (milliseconds) => {
      sleeps.push(milliseconds);
    },
    ...extra,
  })) {
    events.push(event);
  }
  return events;
}

function ofType<T extends AgentEvent["type"]>(events: AgentEvent[], type: T): Extract<AgentEvent, { type: T }>[] {
  return events.filter((event): event is Extract<AgentEvent, { type: T }> => event.type === type);
}

const GOOD_SQL = "SELECT name FROM city WHERE country = 'France' ORDER BY population DESC LIMIT 1";

describe.each(WIRE_NAMES)("the agent loop on the %s wire", (name) => {
  beforeAll(() => {
    wire = name;
  });

  it("observes a failing query, fixes it, and submits; every turn is an event", async () => {
    const events = await run([
      toolTurn(toolCall("sample_values", { table: "city", column: "country", like: "%fr%" }), "Let me see how France is written."),
      toolTurn(toolCall("run_sql", { sql: "SELECT nme FROM city WHERE country = 'France'" }), "Now the query."),
      toolTurn(toolCall("run_sql", { sql: GOOD_SQL }), "The column is name, not nme."),
      toolTurn(toolCall("submit_sql", { sql: GOOD_SQL })),
    ]);
    const observations = ofType(events, "observation");
    expect(observations.map((event) => [event.tool, event.ok])).toEqual([
      ["sample_values", true],
      ["run_sql", false],
      ["run_sql", true],
      ["submit_sql", true],
    ]);
    expect(observations[0]!.text).toContain("France | 2");
    expect(observations[1]!.text).toContain("no such column: nme");
    expect(observations[2]!.result?.rows).toEqual([["Paris"]]);
    expect(ofType(events, "final")[0]?.sql).toBe(GOOD_SQL);
    const text = ofType(events, "text-delta")
      .filter((event) => event.turn === 3)
      .map((event) => event.text);
    expect(text.length).toBeGreaterThan(1); // streamed in pieces
    expect(text.join("")).toBe("The column is name, not nme.");
    const end = ofType(events, "run-end")[0]!;
    expect(end.status).toBe("submitted");
    expect(end.turns).toBe(4);
    expect(end.usage.inputTokens).toBeGreaterThan(0);
    // The model saw the error text as the tool result of its call.
    const thirdRequest = server.chatRequests()[2]!;
    expect(JSON.stringify(thirdRequest.messages)).toContain("no such column: nme");
    // Raw exchanges are kept per turn, without the key.
    const turnEnds = ofType(events, "turn-end");
    expect(turnEnds[0]!.raw[0]!.request).toContain('"tools"');
    expect(turnEnds[0]!.raw[0]!.response).toContain("data:");
    expect(JSON.stringify(events)).not.toContain("test-key");
  });

  it("offers exactly the six tools, with the schema in the system prompt", async () => {
    await run([toolTurn(toolCall("submit_sql", { sql: GOOD_SQL }))]);
    const request = server.chatRequests()[0]!;
    expect(request.tools?.map((entry) => entry.function.name).sort()).toEqual([
      "describe_table",
      "diagnose_sql",
      "list_tables",
      "run_sql",
      "sample_values",
      "submit_sql",
    ]);
    const system = request.messages.find((message) => message.role === "system");
    expect(JSON.stringify(system)).toContain("CREATE TABLE city");
    expect(JSON.stringify(system)).toContain("Paris");
  });

  it("retries a 429 after the Retry-After delay, then goes on", async () => {
    const events = await run([
      { fault: { kind: "status", status: 429, retryAfterSeconds: 2 }, times: 1, ...toolTurn(toolCall("submit_sql", { sql: GOOD_SQL })) },
    ]);
    const retry = ofType(events, "turn-retry")[0]!;
    expect(retry.delayMs).toBe(2000);
    expect(retry.reason).toContain("rate-limiting");
    expect(sleeps).toEqual([2000]);
    expect(ofType(events, "run-end")[0]!.status).toBe("submitted");
  });

  it("retries 500s a bounded number of times with backoff, then says so", async () => {
    const events = await run([{ fault: { kind: "status", status: 500 }, times: "always" }], { maxRetries: 2 });
    expect(ofType(events, "turn-retry")).toHaveLength(2);
    expect(sleeps[1]!).toBeGreaterThan(sleeps[0]!);
    const error = ofType(events, "error")[0]!;
    expect(error.kind).toBe("server");
    expect(error.message).toContain("HTTP 500");
    expect(error.message).toContain("after 2 retries");
    expect(ofType(events, "run-end")[0]!.status).toBe("failed");
  });

  it("reports a bad key without retrying", async () => {
    const events = await run([toolTurn(toolCall("submit_sql", { sql: GOOD_SQL }))], { apiKey: "wrong" });
    const error = ofType(events, "error")[0]!;
    expect(error.kind).toBe("auth");
    expect(error.message).toContain("Check the key");
    expect(ofType(events, "turn-retry")).toHaveLength(0);
  });

  it("reports an unknown model", async () => {
    const events = await run([toolTurn(toolCall("submit_sql", { sql: GOOD_SQL }))], { model: "no-such-model" });
    const error = ofType(events, "error")[0]!;
    expect(error.kind).toBe("model-not-found");
    expect(error.message).toContain('"no-such-model"');
  });

  // Gemini sends function-call args as a JSON object: arguments that are not JSON cannot happen on that wire.
  it.skipIf(name === "google")("feeds malformed tool arguments back to the model, which retries", async () => {
    const events = await run([toolTurn(toolCall("run_sql", '{"sql": "SELECT 1')), toolTurn(toolCall("submit_sql", { sql: GOOD_SQL }))]);
    const first = ofType(events, "observation")[0]!;
    expect(first.ok).toBe(false);
    expect(first.text).toMatch(/not valid JSON|invalid arguments/i);
    expect(ofType(events, "run-end")[0]!.status).toBe("submitted");
    expect(JSON.stringify(server.chatRequests()[1]!.messages)).toMatch(/not valid JSON|invalid arguments/i);
  });

  it("retries a stream cut midway", async () => {
    const events = await run([
      { fault: { kind: "cut-stream", afterChunks: 3 }, times: 1, ...toolTurn(toolCall("submit_sql", { sql: GOOD_SQL }), "Thinking about it") },
    ]);
    const retry = ofType(events, "turn-retry")[0]!;
    expect(retry.reason).toContain("cut");
    expect(ofType(events, "run-end")[0]!.status).toBe("submitted");
  });

  it("times out a model that does not answer", async () => {
    const events = await run([{ fault: { kind: "hang" }, times: "always" }], { timeoutMs: 300, maxRetries: 1 });
    expect(ofType(events, "turn-retry")).toHaveLength(1);
    const error = ofType(events, "error")[0]!;
    expect(error.kind).toBe("timeout");
    expect(error.message).toContain("did not answer in time");
  });

  it("stops when asked, mid-request", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const events = await run([{ fault: { kind: "hang" }, times: "always" }], {}, { signal: controller.signal });
    expect(ofType(events, "run-end")[0]!.status).toBe("stopped");
    expect(ofType(events, "error")[0]!.kind).toBe("stopped");
  });

  it("says when max turns are reached and offers the last successful query", async () => {
    const events = await run(
      [toolTurn(toolCall("run_sql", { sql: "SELECT count(*) FROM city" })), toolTurn(toolCall("list_tables")), toolTurn(toolCall("list_tables"))],
      { maxTurns: 3 },
    );
    const error = ofType(events, "error")[0]!;
    expect(error.kind).toBe("max-turns");
    expect(error.lastSuccessfulSql).toBe("SELECT count(*) FROM city");
    expect(ofType(events, "run-end")[0]!.status).toBe("max-turns");
  });

  it("cannot change the database, whatever the model tries", async () => {
    const events = await run([
      toolTurn(toolCall("run_sql", { sql: "DELETE FROM city" })),
      toolTurn(toolCall("run_sql", { sql: "WITH x AS (SELECT 1) UPDATE city SET population = 0" })),
      toolTurn(toolCall("submit_sql", { sql: "DROP TABLE city" })),
      toolTurn(toolCall("submit_sql", { sql: GOOD_SQL })),
    ]);
    expect(
      ofType(events, "observation")
        .slice(0, 3)
        .every((event) => !event.ok),
    ).toBe(true);
    const check = await engine.execute("SELECT count(*), sum(population) FROM city");
    expect(check.ok && check.firstRows[0]).toEqual([3, 6475709]);
  });

  it("stops when a question goes over its token budget", async () => {
    const events = await run(
      [toolTurn(toolCall("run_sql", { sql: "SELECT count(*) FROM city" })), toolTurn(toolCall("list_tables")), toolTurn(toolCall("list_tables"))],
      { tokenBudget: 1000 },
    );
    const error = ofType(events, "error")[0]!;
    expect(error.kind).toBe("token-budget");
    expect(error.message).toContain("over the budget of 1000");
    expect(error.lastSuccessfulSql).toBe("SELECT count(*) FROM city");
    expect(ofType(events, "run-end")[0]!.turns).toBeLessThan(3);
  });

  it("stops early when the same query fails the same way twice", async () => {
    const bad = toolTurn(toolCall("run_sql", { sql: "SELECT nme FROM city" }));
    const events = await run([bad, bad, bad, bad]);
    const error = ofType(events, "error")[0]!;
    expect(error.kind).toBe("repeated-failure");
    expect(ofType(events, "run-end")[0]!.turns).toBe(2);
  });

  it("stops by the caller's conditions, not the settings', when given", async () => {
    const list = toolTurn(toolCall("list_tables"));
    const events = await run([list, list, list, list], { maxTurns: 10 }, { stopWhen: [turnCap(2), tokenBudget(1_000_000)] });
    const error = ofType(events, "error")[0]!;
    expect(error.kind).toBe("max-turns");
    expect(error.message).toContain("all 2 turns");
    expect(ofType(events, "run-end")[0]!).toMatchObject({ status: "max-turns", turns: 2 });
  });

  it("ends on a submission even when the caller's conditions do not list it", async () => {
    const events = await run([toolTurn(toolCall("submit_sql", { sql: GOOD_SQL }))], {}, { stopWhen: [turnCap(5)] });
    expect(ofType(events, "final")[0]?.sql).toBe(GOOD_SQL);
    expect(ofType(events, "run-end")[0]!).toMatchObject({ status: "submitted", turns: 1 });
  });

  it("runs no tool on invalid arguments: the model reads why", async () => {
    const events = await run([toolTurn(toolCall("describe_table", { name: "city" })), toolTurn(toolCall("submit_sql", { sql: GOOD_SQL }))]);
    const first = ofType(events, "observation")[0]!;
    expect(first).toMatchObject({ tool: "describe_table", ok: false });
    expect(first.text).toContain("wrong arguments for describe_table");
    expect(first.text).not.toContain("Sample rows");
    expect(JSON.stringify(server.chatRequests()[1]!.messages)).toContain("wrong arguments for describe_table");
  });

  it("sends the schema text it is given, and records how it was pruned in run-start", async () => {
    const events = await run([toolTurn(toolCall("submit_sql", { sql: GOOD_SQL }))]);
    const start = ofType(events, "run-start")[0]!;
    expect(start.schema).toEqual(schema.pruning);
    expect(start.systemPrompt.endsWith(`Database schema:\n${schema.text}`)).toBe(true);
  });

  it("speaks the plain-text protocol when set", async () => {
    const events = await run(
      [
        textTurn("I will look at the tables first.\nACTION: list_tables"),
        textTurn("Let me try:\n```sql\nSELECT name FROM city WHERE country = 'France'\n```"),
        textTurn(`FINAL ANSWER:\n\`\`\`sql\n${GOOD_SQL}\n\`\`\``),
      ],
      { protocol: "text" },
    );
    expect(server.chatRequests().every((request) => !request.tools)).toBe(true);
    expect(ofType(events, "tool-call").map((event) => event.tool)).toEqual(["list_tables", "run_sql", "submit_sql"]);
    expect(JSON.stringify(server.chatRequests()[1]!.messages)).toContain("Observation:");
    expect(ofType(events, "final")[0]?.sql).toBe(GOOD_SQL);
  });

  it("switches to the text protocol when the provider refuses tools", async () => {
    const events = await run((request) =>
      request.tools
        ? { fault: { kind: "status", status: 400, body: { error: { message: "This model does not support tools" } } }, times: "always" }
        : textTurn(`FINAL ANSWER:\n\`\`\`sql\n${GOOD_SQL}\n\`\`\``),
    );
    expect(ofType(events, "protocol-switch")[0]?.protocol).toBe("text");
    expect(ofType(events, "run-end")[0]!.status).toBe("submitted");
  });

  it("retries an error the provider reports mid-stream, then goes on", async () => {
    const events = await run([
      {
        fault: { kind: "stream-error", afterChunks: 3, message: "Overloaded" },
        times: 1,
        ...toolTurn(toolCall("submit_sql", { sql: GOOD_SQL }), "Thinking about it"),
      },
    ]);
    const retry = ofType(events, "turn-retry")[0]!;
    expect(retry.reason).toContain("Overloaded");
    expect(ofType(events, "run-end")[0]!.status).toBe("submitted");
  });

  it("retries a stream that arrives garbled (a line that is not JSON), then goes on", async () => {
    const events = await run([
      { fault: { kind: "malformed", afterChunks: 3 }, times: 1, ...toolTurn(toolCall("submit_sql", { sql: GOOD_SQL }), "Thinking about it") },
    ]);
    const retry = ofType(events, "turn-retry")[0]!;
    expect(retry.reason).toContain("could not be read");
    expect(ofType(events, "run-end")[0]!.status).toBe("submitted");
  });

  it("runs several tool calls of one turn, each answered in the next request", async () => {
    const events = await run([
      toolTurn([toolCall("list_tables"), toolCall("run_sql", { sql: "SELECT count(*) FROM city" })], "Two things at once."),
      toolTurn(toolCall("submit_sql", { sql: GOOD_SQL })),
    ]);
    expect(ofType(events, "observation").map((event) => [event.tool, event.ok])).toEqual([
      ["list_tables", true],
      ["run_sql", true],
      ["submit_sql", true],
    ]);
    // Each service refuses a call left unanswered (the server checks as it does); the second request went through.
    const second = server.chatRequests()[1]!;
    expect(second.messages.filter((message) => message.role === "tool")).toHaveLength(2);
    expect(ofType(events, "run-end")[0]!.status).toBe("submitted");
  });

  it("sends the key where the service reads it, never in the URL, with Anthropic's browser opt-in", async () => {
    await run([toolTurn(toolCall("submit_sql", { sql: GOOD_SQL }))]);
    const [request] = server.modelRequests();
    expect(request!.protocol).toBe(name);
    expect(request!.path).not.toContain("test-key");
    const keyHeader = { openai: "authorization", anthropic: "x-api-key", google: "x-goog-api-key" }[name];
    expect(request!.headers[keyHeader]).toBe(name === "openai" ? "Bearer test-key" : "test-key");
    if (name === "anthropic") expect(request!.headers["anthropic-dangerous-direct-browser-access"]).toBe("true");
  });

  it("explains an unreachable endpoint, naming CORS", async () => {
    const events = await run([textTurn("hi")], { baseUrl: "http://127.0.0.1:9/v1", maxRetries: 0 });
    const error = ofType(events, "error")[0]!;
    expect(error.kind).toBe("network");
    expect(error.message).toContain("Could not reach http://127.0.0.1:9/v1");
    expect(error.message).toContain("CORS");
  });
});
