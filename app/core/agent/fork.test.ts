// Forking a trace: the conversation rebuilt up to an edited step (the query run again read-only), then the model goes on;
// over real HTTP with the scripted server, whose model submits the last query it ran (so it visibly follows the edit).
import initSqlJs from "sql.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  messageText,
  startScriptedLlmServer,
  textTurn,
  toolCall,
  toolTurn,
  type ScriptedServer,
  type ScriptedTurn,
} from "../../../e2e/llm-server/scripted-llm-server";
import type { ChatRequest } from "../../../e2e/llm-server/openai-wire-format";
import { SqliteEngine } from "../db/sqljs-engine";
import type { DataSharing } from "../data-sharing";
import type { PromptSchema } from "../schema/pruning-summary";
import { profileDatabase } from "../schema/profile";
import { unprunedSchema } from "../schema/prune";
import { createLanguageModel, DEFAULT_LLM_SETTINGS, type LlmSettings } from "../llm/providers";
import { runAgent, type AgentRunOptions } from "./agent-loop";
import { branchOutcome, divergence } from "./branch-compare";
import { forkEditProblem, type ForkEdit, type SqlEdit } from "./branches";
import type { AgentEvent } from "./events";
import { runFork } from "./fork";
import { parseTrace, traceView, TRACE_LIMITS, type Trace } from "./trace";

const FIXTURE = `
CREATE TABLE city (id INTEGER PRIMARY KEY, name TEXT, country TEXT, population INTEGER);
INSERT INTO city VALUES (1, 'Paris', 'France', 2102650), (2, 'Lyon', 'France', 522250), (3, 'Berlin', 'Germany', 3850809);
`;
const QUESTION = "Which French city has the most people?";
const BAD_SQL = "SELECT nme FROM city";
const FIRST_SQL = "SELECT name FROM city WHERE country = 'France' ORDER BY population DESC LIMIT 1";
const EDITED_SQL = "SELECT name FROM city WHERE country = 'Germany' ORDER BY population DESC LIMIT 1";

let server: ScriptedServer;
let engine: SqliteEngine;
let schema: PromptSchema;
/** The same schema without its value notes, as a caller sends it under "schema only". */
let schemaOnly: PromptSchema;

beforeAll(async () => {
  server = await startScriptedLlmServer({ models: ["scripted-model"], chunkSize: 8 });
  const SQL = await initSqlJs();
  const database = new SQL.Database();
  database.exec(FIXTURE);
  engine = new SqliteEngine(SQL);
  await engine.open(database.export());
  const tables = await engine.schema();
  schema = unprunedSchema(tables, { profile: profileDatabase(database, tables, "fixture"), includeValues: true });
  schemaOnly = unprunedSchema(tables, { includeValues: false });
});

afterAll(async () => {
  await server?.close();
});

/** The last run_sql query the request's conversation holds, as a native call or written in a text reply. */
function lastQueryRun(request: ChatRequest): string | null {
  for (const message of [...request.messages].reverse()) {
    const call = message.tool_calls?.findLast((candidate) => candidate.function.name === "run_sql");
    if (call) return (JSON.parse(call.function.arguments) as { sql: string }).sql;
    const written = message.role === "assistant" ? /```sql\n([\s\S]*?)\n```/.exec(messageText(message)) : null;
    if (written) return written[1]!;
  }
  return null;
}

/** A model that fails once, corrects itself, then submits whatever it ran last: a fork's edit changes its answer. */
function followingModel(protocol: "tools" | "text", queries: string[]) {
  return (request: ChatRequest, { conversationTurn }: { conversationTurn: number }): ScriptedTurn => {
    const sql = queries[conversationTurn];
    if (protocol === "text") {
      return textTurn(sql ? `Let me try:\n\`\`\`sql\n${sql}\n\`\`\`` : `FINAL ANSWER:\n\`\`\`sql\n${lastQueryRun(request)}\n\`\`\``);
    }
    return sql ? toolTurn(toolCall("run_sql", { sql }), "Trying a query.") : toolTurn(toolCall("submit_sql", { sql: lastQueryRun(request) }), "That is it.");
  };
}

function options(overrides: Partial<LlmSettings> = {}, sharing: DataSharing = "results"): AgentRunOptions {
  const llm: LlmSettings = {
    ...DEFAULT_LLM_SETTINGS,
    providerId: "custom",
    baseUrl: server.url,
    model: "scripted-model",
    timeoutMs: 5000,
    ...overrides,
  };
  return { question: QUESTION, database: engine, model: createLanguageModel(llm), settings: llm, schema, sharing, sleep: async () => {} };
}

async function collect(events: AsyncIterable<AgentEvent>): Promise<AgentEvent[]> {
  const list: AgentEvent[] = [];
  for await (const event of events) list.push(event);
  return list;
}

async function original(protocol: "tools" | "text" = "tools", queries = [BAD_SQL, FIRST_SQL]): Promise<AgentEvent[]> {
  server.setScript(followingModel(protocol, queries));
  server.reset();
  const events = await collect(runAgent(options({ protocol })));
  expect(traceView(events).final?.sql).toBe(queries.at(-1));
  return events;
}

/** The call of turn 2 (the query that worked), where the tests fork. */
function turnTwoQuery(events: AgentEvent[]): SqlEdit {
  const call = traceView(events).turns[1]!.actions[0]!.call;
  return { kind: "sql", turn: 2, toolCallId: call.toolCallId, sql: EDITED_SQL };
}

describe("a fork from an edited query", () => {
  it("rebuilds the turns up to the edit, runs the new SQL read-only, and the model goes on from there", async () => {
    const events = await original();
    const edit = turnTwoQuery(events);
    expect(forkEditProblem(events, edit)).toBeNull();
    server.reset();
    const fork = await collect(runFork(options(), events, edit));
    const view = traceView(fork);

    // Turns 1 and 2 are the original's, turn 2 with the person's query and its own result; turn 3 is the model's.
    expect(view.turns.map((turn) => turn.actions.map((action) => [action.call.tool, action.call.by ?? "model"]))).toEqual([
      [["run_sql", "model"]],
      [["run_sql", "person"]],
      [["submit_sql", "model"]],
    ]);
    expect(view.turns[0]!.actions[0]!.observation?.text).toContain("no such column: nme");
    expect(view.turns[1]!.actions[0]!.call.input).toEqual({ sql: EDITED_SQL });
    expect(view.turns[1]!.actions[0]!.observation?.result?.rows).toEqual([["Berlin"]]);
    expect(view.final?.sql).toBe(EDITED_SQL);
    expect(view.final?.result?.rows).toEqual([["Berlin"]]);

    // One model call: the fork's turn 3, told the edited query and its rows, never the original's.
    const requests = server.chatRequests();
    expect(requests).toHaveLength(1);
    const told = JSON.stringify(requests[0]!.messages);
    expect(told).toContain("no such column: nme");
    expect(told).toContain("Germany");
    expect(told).toContain("Berlin");
    expect(told).not.toContain("'France' ORDER BY");

    // The run counts every turn but only the tokens it spent itself.
    const end = view.end!;
    expect(end.status).toBe("submitted");
    expect(end.turns).toBe(3);
    expect(end.usage).toEqual(view.turns[2]!.end!.usage);
    expect(fork.filter((event) => event.type === "run-start")).toHaveLength(1);
  });

  it("parts from the original at the edited turn, with another answer", async () => {
    const events = await original();
    server.reset();
    const fork = await collect(runFork(options(), events, turnTwoQuery(events)));
    expect(divergence({ question: QUESTION, events }, { question: QUESTION, events: fork })).toEqual({ at: "turn", turn: 2 });
    expect(divergence({ question: QUESTION, events }, { question: QUESTION, events })).toEqual({ at: "nowhere" });
    const [before, after] = [branchOutcome(traceView(events)), branchOutcome(traceView(fork))];
    expect([before.sql, before.result?.rows]).toEqual([FIRST_SQL, [["Paris"]]]);
    expect([after.sql, after.result?.rows, after.submitted]).toEqual([EDITED_SQL, [["Berlin"]], true]);
  });

  it("ends at once when the edited call is the submission and its query runs", async () => {
    const events = await original();
    const submit = traceView(events).turns[2]!.actions[0]!.call;
    server.reset();
    const fork = await collect(runFork(options(), events, { kind: "sql", turn: 3, toolCallId: submit.toolCallId, sql: EDITED_SQL }));
    expect(server.chatRequests()).toHaveLength(0);
    expect(traceView(fork).final?.sql).toBe(EDITED_SQL);
    expect(traceView(fork).end?.status).toBe("submitted");
  });

  it("tells the model only what the fork's data sharing allows, whatever the original was allowed", async () => {
    // Turn 1 read Paris under "results"; the fork is asked under "schema only".
    const events = await original("tools", [FIRST_SQL, "SELECT count(*) FROM city"]);
    expect(traceView(events).turns[0]!.actions[0]!.observation?.text).toContain("Paris");
    const edit: ForkEdit = { ...turnTwoQuery(events), sql: "SELECT count(*) AS cities FROM city" };
    server.reset();
    await collect(runFork({ ...options({}, "schema"), schema: schemaOnly }, events, edit));
    const told = JSON.stringify(server.chatRequests()[0]!.messages);
    expect(told).toContain("1 row (values withheld");
    expect(told).not.toContain("Paris");
    // Under "results" the same fork is told the rows: the test above sees the sharing, not a missing observation.
    server.reset();
    await collect(runFork(options({}, "results"), events, edit));
    expect(JSON.stringify(server.chatRequests()[0]!.messages)).toContain("Paris");
  });

  it("in the plain-text protocol, the reply that wrote the query is rewritten with the edited SQL", async () => {
    const events = await original("text");
    const edit = turnTwoQuery(events);
    server.reset();
    const fork = await collect(runFork(options({ protocol: "text" }), events, edit));
    const told = server.chatRequests()[0]!.messages.map(messageText).join("\n");
    expect(told).toContain(EDITED_SQL);
    expect(told).not.toContain(FIRST_SQL);
    expect(traceView(fork).turns[1]!.text).toContain(EDITED_SQL);
    expect(traceView(fork).final?.sql).toBe(EDITED_SQL);
  });

  it("refuses an edit that names no query of the trace", async () => {
    const events = await original();
    expect(forkEditProblem(events, { kind: "sql", turn: 2, toolCallId: "no-such-call", sql: EDITED_SQL })).toBe("Turn 2 has no query to change there.");
    expect(forkEditProblem(events, { ...turnTwoQuery(events), sql: "  " })).toBe("Type the SQL the fork should run.");
    expect(forkEditProblem(events, { kind: "question", question: " " })).toBe("Type the question the fork should ask.");
  });
});

describe("a fork from an edited question", () => {
  it("is a new run of the new question, parting from the original at step 0", async () => {
    const events = await original();
    server.reset();
    const question = "Which German city has the most people?";
    const fork = await collect(runFork(options(), events, { kind: "question", question }));
    const first = server.chatRequests()[0]!.messages.find((message) => message.role === "user");
    expect(messageText(first!)).toBe(question);
    expect(traceView(fork).start?.question).toBe(question);
    expect(divergence({ question: QUESTION, events }, { question, events: fork })).toEqual({ at: "question" });
  });
});

describe("a trace with branches", () => {
  it("is read back with its branches, and their events count against the import limit", async () => {
    const events = await original();
    server.reset();
    const edit = turnTwoQuery(events);
    const forked = await collect(runFork(options(), events, edit));
    const trace: Trace = {
      version: 1,
      id: "trace-1",
      question: QUESTION,
      databaseName: "fixture",
      model: "scripted-model",
      baseUrl: server.url,
      createdAt: 1,
      events,
      branches: [{ id: "branch-1", parentId: null, edit, question: QUESTION, model: "scripted-model", baseUrl: server.url, createdAt: 2, events: forked }],
    };
    const parsed = parseTrace(JSON.stringify(trace));
    expect(parsed.ok && parsed.trace.branches?.[0]?.edit).toEqual(edit);
    const limit = { ...TRACE_LIMITS, events: events.length + forked.length - 1 };
    const refused = parseTrace(JSON.stringify(trace), limit);
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.message).toContain(`has ${events.length + forked.length} events`);
  });
});
