// Candidate voting end to end against the scripted LLM server over real HTTP: N agent runs at the voting temperature,
// their final queries run and grouped, the winner's query as the answer, every candidate's tokens counted, Stop ending all.
import initSqlJs from "sql.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conversationTurnOf, startScriptedLlmServer, toolCall, type ScriptedServer } from "../../../e2e/llm-server/scripted-llm-server";
import type { AgentEvent, AgentEventOf } from "../agent/events";
import { traceUsage } from "../agent/trace-cost";
import { SqliteEngine } from "../db/sqljs-engine";
import { createLanguageModel, DEFAULT_LLM_SETTINGS, type LlmSettings } from "../llm/providers";
import { unprunedSchema } from "../schema/prune";
import { runVoting, type VotingOptions } from "./candidate-voting";

const FIXTURE = `
CREATE TABLE city (id INTEGER PRIMARY KEY, name TEXT, country TEXT, population INTEGER);
INSERT INTO city VALUES (1, 'Paris', 'France', 2102650), (2, 'Lyon', 'France', 522250), (3, 'Berlin', 'Germany', 3850809);
`;
const RIGHT = [
  "SELECT name FROM city WHERE country = 'France'",
  "SELECT c.name FROM city AS c WHERE c.country = 'France'",
  "select name from city where country='France'",
];
const WRONG = ["SELECT name FROM city", "SELECT name FROM city WHERE population > 1000000"];

let server: ScriptedServer;
let engine: SqliteEngine;

beforeAll(async () => {
  server = await startScriptedLlmServer({ models: ["scripted-model"] });
  const SQL = await initSqlJs();
  engine = new SqliteEngine(SQL);
  const database = new SQL.Database();
  database.exec(FIXTURE);
  await engine.open(database.export());
});
afterAll(async () => {
  await server?.close();
});

const llm = (): LlmSettings => ({ ...DEFAULT_LLM_SETTINGS, providerId: "custom", baseUrl: server.url, model: "scripted-model", timeoutMs: 5000 });

/** Each candidate's first request is answered with the next query of the list (candidates are told apart by arrival). */
function scriptSubmitting(queries: readonly string[]): void {
  let next = 0;
  server.reset();
  server.setScript((request) => {
    if (conversationTurnOf(request) > 0) return { text: "Done." };
    const sql = queries[next++ % queries.length]!;
    return { toolCalls: [toolCall("submit_sql", { sql })], usage: { prompt_tokens: 100, completion_tokens: 10 } };
  });
}

async function vote(voting: Partial<VotingOptions> = {}, signal?: AbortSignal, overrides: Partial<LlmSettings> = {}): Promise<AgentEvent[]> {
  const settings = { ...llm(), ...overrides };
  const events: AgentEvent[] = [];
  for await (const event of runVoting(
    {
      question: "Which cities are in France?",
      database: engine,
      model: createLanguageModel(settings),
      settings,
      schema: unprunedSchema(await engine.schema(), { includeValues: false }),
      signal,
    },
    { candidates: 5, temperature: 0.9, ...voting },
  )) {
    events.push(event);
  }
  return events;
}

const only = <T extends AgentEvent["type"]>(events: AgentEvent[], type: T) => events.filter((event): event is AgentEventOf<T> => event.type === type);

describe("runVoting", () => {
  it("five candidates at the voting temperature: the three that agree on the rows win, and the answer is their query", async () => {
    scriptSubmitting([RIGHT[0]!, WRONG[0]!, RIGHT[1]!, WRONG[1]!, RIGHT[2]!]);
    const events = await vote();

    // Every LLM call carried the voting temperature, not the settings' 0.
    const requests = server.chatRequests();
    expect(requests).toHaveLength(5);
    expect(requests.map((request) => request.temperature)).toEqual([0.9, 0.9, 0.9, 0.9, 0.9]);

    const candidates = only(events, "candidate");
    expect(new Set(candidates.map((event) => event.candidate))).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(candidates.filter((event) => event.event.type === "final")).toHaveLength(5);

    const [voteEvent] = only(events, "vote");
    expect(voteEvent).toMatchObject({ candidates: 5, temperature: 0.9, winner: 0, unanswered: [], rule: "the largest group: 3 of 5 candidates." });
    expect(voteEvent!.groups.map((group) => [group.candidates.length, group.rowCount])).toEqual([
      [3, 2],
      [1, 3],
      [1, 2],
    ]);
    expect(RIGHT).toContain(voteEvent!.groups[0]!.queries[0]!.sql);

    const [final] = only(events, "final");
    expect(RIGHT).toContain(final!.sql);
    expect(final!.result?.rows).toEqual([["Paris"], ["Lyon"]]);
    // The run's own events come after the candidates', and its run-end counts every candidate's tokens.
    expect(events.at(-1)).toMatchObject({ type: "run-end", status: "submitted", turns: 1, usage: { inputTokens: 500, outputTokens: 50 } });
    expect(traceUsage(events)).toEqual({ inputTokens: 500, outputTokens: 50 });
    expect(events[0]?.type).toBe("run-start");
  });

  it("a candidate whose query fails and one without an answer form no group; the others still vote", async () => {
    scriptSubmitting([RIGHT[0]!, "SELECT nonsense FROM city", RIGHT[1]!]);
    const events = await vote({ candidates: 3 });
    const [voteEvent] = only(events, "vote");
    // The failing query is refused by the agent's own submit (an error observation), so that candidate never submits:
    // it answers "Done." next and ends without a final query.
    expect(voteEvent!.groups.map((group) => group.candidates.length)).toEqual([2]);
    expect(voteEvent!.unanswered).toHaveLength(1);
    expect(only(events, "final")).toHaveLength(1);
  });

  it("with no candidate answering there is no final, but an error saying so", async () => {
    scriptSubmitting(["SELECT nonsense FROM city"]);
    const events = await vote({ candidates: 2 });
    expect(only(events, "final")).toEqual([]);
    expect(only(events, "error").at(-1)).toMatchObject({ kind: "no-answer", message: "No answer: none of the 2 candidates gave a query that ran." });
    expect(events.at(-1)).toMatchObject({ type: "run-end", status: "failed" });
  });

  it("the question's token budget is shared: each of two candidates stops past half of it", async () => {
    server.reset();
    server.setScript([
      { toolCalls: [toolCall("run_sql", { sql: "SELECT count(*) FROM city" })], usage: { prompt_tokens: 400, completion_tokens: 200 } },
      { toolCalls: [toolCall("submit_sql", { sql: "SELECT count(*) FROM city" })] },
    ]);
    const events = await vote({ candidates: 2 }, undefined, { tokenBudget: 1000 });
    // 600 tokens each: within the question's 1,000, past a candidate's 500, so neither takes its second turn.
    expect(server.chatRequests()).toHaveLength(2);
    const errors = only(events, "candidate").filter((event) => event.event.type === "error");
    expect(errors.map((event) => (event.event as AgentEventOf<"error">).kind)).toEqual(["token-budget", "token-budget"]);
    expect((errors[0]!.event as AgentEventOf<"error">).message).toContain("over the budget of 500");
  });

  it("Stop ends every candidate mid-request, and a stopped run has no vote", async () => {
    server.reset();
    server.setScript([{ fault: { kind: "hang" }, times: "always" }]);
    const controller = new AbortController();
    const running = vote({ candidates: 4 }, controller.signal);
    await expect.poll(() => server.chatRequests().length).toBe(4);
    controller.abort(new Error("stopped"));
    const events = await running;
    const ends = only(events, "candidate").filter((event) => event.event.type === "run-end");
    expect(ends.map((event) => (event.event as AgentEventOf<"run-end">).status)).toEqual(["stopped", "stopped", "stopped", "stopped"]);
    expect(only(events, "vote")).toEqual([]);
    expect(events.at(-1)).toMatchObject({ type: "run-end", status: "stopped" });
    expect(server.chatRequests()).toHaveLength(4);
  });
});
