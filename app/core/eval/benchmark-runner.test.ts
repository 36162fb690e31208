// A benchmark under load with faults: 200 questions, one request in ten failing (429, 500, cut stream), none lost.
import initSqlJs from "sql.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startScriptedLlmServer, toolCall, toolTurn, type ScriptedServer, type ScriptedTurn } from "../../../e2e/llm-server/scripted-llm-server";
import { DatabaseService } from "../database-service";
import { createLanguageModel, DEFAULT_LLM_SETTINGS } from "../llm/providers";
import type { BenchmarkQuestion } from "./benchmark";
import { summarize } from "./benchmark-runner";
import { BenchmarkSession, type BenchmarkSource } from "./benchmark-session";

let server: ScriptedServer;
let engine: DatabaseService;
const faults: string[] = [];

const QUESTIONS: BenchmarkQuestion[] = Array.from({ length: 200 }, (_, index) => ({
  index,
  dbId: "numbers",
  question: `What is ${index} squared? (question ${index})`,
  gold: `SELECT ${index} * ${index}`,
}));

beforeAll(async () => {
  let requests = 0;
  server = await startScriptedLlmServer({
    chunkSize: 40,
    script: (request, { conversationTurn }) => {
      requests += 1;
      const index = Number(/question (\d+)/.exec(JSON.stringify(request.messages))?.[1] ?? 0);
      const turn: ScriptedTurn =
        conversationTurn === 0
          ? toolTurn(toolCall("run_sql", { sql: `SELECT ${index} * ${index} AS square` }), "Compute it.")
          : toolTurn(toolCall("submit_sql", { sql: `SELECT ${index} * ${index} AS square` }));
      // Every tenth request fails once, in turn as a rate limit, a server error and a cut stream.
      if (requests % 10 !== 0) return turn;
      const kind = (["429", "500", "cut"] as const)[(requests / 10) % 3]!;
      faults.push(kind);
      const fault: ScriptedTurn["fault"] =
        kind === "429"
          ? { kind: "status", status: 429, retryAfterMs: 20 }
          : kind === "500"
            ? { kind: "status", status: 500 }
            : { kind: "cut-stream", afterChunks: 2 };
      return { ...turn, fault, times: 1 };
    },
  });
  const SQL = await initSqlJs();
  const database = new SQL.Database();
  database.exec("CREATE TABLE one(x); INSERT INTO one VALUES (1);");
  const bytes = database.export();
  engine = DatabaseService.create(SQL);
  await engine.open(bytes);
});

afterAll(async () => {
  await server?.close();
});

const source: BenchmarkSource = { openDatabase: async () => engine, descriptionFiles: async () => [] };

describe("a benchmark run under faults", () => {
  it("accounts for all 200 questions: faults are retried, nothing is lost", async () => {
    const settings = { ...DEFAULT_LLM_SETTINGS, providerId: "custom", baseUrl: server.url, model: "scripted-model", maxRetries: 3 };
    const model = createLanguageModel(settings);
    const session = new BenchmarkSession({ source, pruning: null, sharing: "results", semantics: "spider", modelFor: () => ({ model, settings }) });
    const started = performance.now();
    const ran = await session.run(
      QUESTIONS.map((question) => ({ question, model: "scripted-model" })),
      { concurrency: 8 },
    );
    const results = ran.filter((result) => result !== undefined);
    const summary = summarize(results, performance.now() - started);
    expect(faults.length).toBeGreaterThanOrEqual(35); // about one request in ten of ~400
    expect(new Set(faults)).toEqual(new Set(["429", "500", "cut"]));
    expect(results.map((result) => result.index)).toEqual(QUESTIONS.map((question) => question.index));
    expect(results.filter((result) => result.error !== null)).toEqual([]);
    expect(summary.matches).toBe(200);
  }, 120_000);
});
