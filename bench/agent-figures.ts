// Agent figures: prompt size per sample (o200k tokens), agent overhead per turn outside the model, and eval
// throughput, all against the scripted OpenAI-compatible server over real HTTP on 127.0.0.1.
import { readFile } from "node:fs/promises";
import { Tiktoken } from "js-tiktoken/lite";
import o200k from "js-tiktoken/ranks/o200k_base";
import initSqlJs from "sql.js";
import { systemPrompt } from "../app/core/agent/prompts";
import { runAgent } from "../app/core/agent/agent-loop";
import { DatabaseService } from "../app/core/database-service";
import { unprunedSchema } from "../app/core/schema/prune";
import { summarize } from "../app/core/eval/benchmark-runner";
import { BenchmarkSession } from "../app/core/eval/benchmark-session";
import type { BenchmarkQuestion } from "../app/core/eval/benchmark";
import { createLanguageModel, DEFAULT_LLM_SETTINGS, type LlmSettings } from "../app/core/llm/providers";
import { startScriptedLlmServer, toolCall, toolTurn } from "../e2e/llm-server/scripted-llm-server";
import { median } from "./stats";

export interface AgentFigures {
  promptTokens: Record<string, { systemPromptTokens: number; schemaCharacters: number }>;
  overheadPerTurnMs: { median: number; samples: number[] };
  evalThroughput: { questions: number; concurrency: number; questionsPerSecond: number; meanOverheadPerQuestionMs: number; accuracy: number };
}

const SAMPLES = ["bookshop", "flights", "clinic"];

export async function measureAgentFigures(): Promise<AgentFigures> {
  const SQL = await initSqlJs();
  const encoder = new Tiktoken(o200k);
  const engines = new Map<string, { engine: DatabaseService; bytes: Uint8Array }>();
  for (const id of SAMPLES) {
    const bytes = new Uint8Array(await readFile(`public/samples/${id}.sqlite`));
    const engine = DatabaseService.create(SQL);
    await engine.open(bytes);
    engines.set(id, { engine, bytes });
  }

  const promptTokens: AgentFigures["promptTokens"] = {};
  for (const [id, { engine }] of engines) {
    const schema = unprunedSchema(await engine.schema(), { profile: await engine.profile(), includeValues: true }).text;
    promptTokens[id] = { systemPromptTokens: encoder.encode(systemPrompt({ schema, protocol: "tools" })).length, schemaCharacters: schema.length };
  }

  // A four-turn run, as in the tests: look at values, fail, fix, submit.
  const sql = "SELECT count(*) FROM books JOIN genres ON genres.genre_id = books.genre_id WHERE genres.name = 'Mystery'";
  const server = await startScriptedLlmServer({
    script: [
      toolTurn(toolCall("sample_values", { table: "genres", column: "name", like: "%myst%" }), "Check the genre."),
      toolTurn(toolCall("run_sql", { sql: "SELECT count(*) FROM books WHERE genre = 'Mystery'" }), "Count."),
      toolTurn(toolCall("run_sql", { sql }), "Join genres."),
      toolTurn(toolCall("submit_sql", { sql }), "Done."),
    ],
  });
  try {
    const settings: LlmSettings = { ...DEFAULT_LLM_SETTINGS, providerId: "custom", baseUrl: server.url, model: "scripted-model" };
    const model = createLanguageModel(settings);
    const bookshop = engines.get("bookshop")!;
    const schema = unprunedSchema(await bookshop.engine.schema(), { profile: await bookshop.engine.profile(), includeValues: true });
    const perTurn: number[] = [];
    for (let run = 0; run < 12; run += 1) {
      for await (const event of runAgent({ question: "How many mystery books?", database: bookshop.engine, model, settings, schema, sharing: "results" })) {
        if (event.type === "run-end" && run >= 2) perTurn.push(event.overheadMs / event.turns);
      }
    }

    const questions: BenchmarkQuestion[] = Array.from({ length: 40 }, (_, index) => ({
      index,
      dbId: "bookshop",
      question: `How many mystery books? (${index})`,
      gold: sql,
    }));
    const session = new BenchmarkSession({
      source: { openDatabase: async () => bookshop.engine, descriptionFiles: async () => [] },
      pruning: null,
      sharing: "results",
      semantics: "spider",
      modelFor: () => ({ model, settings }),
    });
    const concurrency = 4;
    const started = performance.now();
    const ran = await session.run(
      questions.map((question) => ({ question, model: settings.model })),
      { concurrency },
    );
    const summary = summarize(
      ran.filter((result) => result !== undefined),
      performance.now() - started,
    );
    return {
      promptTokens,
      overheadPerTurnMs: { median: median(perTurn), samples: perTurn.map((value) => Math.round(value * 100) / 100) },
      evalThroughput: {
        questions: questions.length,
        concurrency,
        questionsPerSecond: summary.questionsPerSecond,
        meanOverheadPerQuestionMs: summary.meanOverheadMs,
        accuracy: summary.accuracy,
      },
    };
  } finally {
    await server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await measureAgentFigures(), null, 2));
}
