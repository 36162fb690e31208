// The benchmark session the page and `querylab eval` share: databases opened and indexed once, pauses that keep the
// rest pending, failures that become results, a stop that records nothing half-done, descriptions in the prompt.
import initSqlJs from "sql.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startScriptedLlmServer, toolCall, toolTurn, type ChatRequest, type ScriptedServer } from "../../../e2e/llm-server/scripted-llm-server";
import { DatabaseService } from "../database-service";
import { createLanguageModel, DEFAULT_LLM_SETTINGS } from "../llm/providers";
import type { BenchmarkQuestion } from "./benchmark";
import { BenchmarkSession, type BenchmarkSource, type BenchmarkTask } from "./benchmark-session";

let server: ScriptedServer;
let bytes: Uint8Array;
/** Milliseconds the scripted model waits before answering, so a stop can land mid-question. */
let answerDelayMs = 0;

const TABLES_JSON = JSON.stringify([
  {
    db_id: "shop",
    table_names_original: ["items"],
    table_names: ["items"],
    column_names_original: [
      [-1, "*"],
      [0, "item_id"],
      [0, "prc"],
    ],
    column_names: [
      [-1, "*"],
      [0, "item id"],
      [0, "price in euro cents"],
    ],
  },
]);

function question(index: number, dbId = "shop"): BenchmarkQuestion {
  return { index, dbId, question: `How many items cost more than ${index}? (question ${index})`, gold: `SELECT count(*) FROM items WHERE prc > ${index}` };
}

function systemText(request: ChatRequest): string {
  return String(request.messages.find((message) => message.role === "system")?.content ?? "");
}

beforeAll(async () => {
  server = await startScriptedLlmServer({
    script: (request) => {
      const index = Number(/question (\d+)/.exec(JSON.stringify(request.messages))?.[1] ?? 0);
      return {
        ...toolTurn(toolCall("submit_sql", { sql: `SELECT count(*) FROM items WHERE prc > ${index}` })),
        ...(answerDelayMs ? { delayMs: answerDelayMs } : {}),
      };
    },
  });
  const SQL = await initSqlJs();
  const database = new SQL.Database();
  database.exec("CREATE TABLE items (item_id INTEGER PRIMARY KEY, prc INTEGER); INSERT INTO items VALUES (1, 5), (2, 50), (3, 500);");
  bytes = database.export();
});
afterAll(async () => {
  await server?.close();
});

function countingSource(): BenchmarkSource & { opened: string[] } {
  const opened: string[] = [];
  return {
    opened,
    async openDatabase(dbId) {
      opened.push(dbId);
      if (dbId !== "shop") throw new Error(`No database file for ${dbId}.`);
      const service = DatabaseService.create(await initSqlJs());
      await service.open(bytes);
      return service;
    },
    async descriptionFiles() {
      return [{ path: "tables.json", content: TABLES_JSON }];
    },
  };
}

function session(source: BenchmarkSource, indexed: string[] = []): BenchmarkSession {
  const settings = { ...DEFAULT_LLM_SETTINGS, providerId: "custom", baseUrl: server.url, model: "scripted-model" };
  const model = createLanguageModel(settings);
  return new BenchmarkSession({
    source,
    pruning: { options: () => ({}) },
    sharing: "schema",
    semantics: "spider",
    modelFor: () => ({ model, settings }),
    onIndexed: (dbId) => indexed.push(dbId),
  });
}

const tasks = (count: number): BenchmarkTask[] => Array.from({ length: count }, (_, index) => ({ question: question(index), model: "scripted-model" }));

describe("BenchmarkSession", () => {
  it("opens and indexes each database once for all its questions, and judges every answer", async () => {
    const source = countingSource();
    const indexed: string[] = [];
    const results = await session(source, indexed).run(tasks(6), { concurrency: 3 });
    expect(results.map((result) => result?.match)).toEqual([true, true, true, true, true, true]);
    expect(source.opened).toEqual(["shop"]);
    expect(indexed).toEqual(["shop"]);
  });

  it("gives the agent the benchmark's descriptions in the pruned schema", async () => {
    server.reset();
    await session(countingSource()).run(tasks(1), { concurrency: 1 });
    const prompt = systemText(server.chatRequests()[0]!);
    expect(prompt).toContain("price in euro cents");
    expect(prompt).toContain("CREATE TABLE items");
  });

  it("pauses when told, keeps the rest for a later run, and resumes without opening the database again", async () => {
    const source = countingSource();
    const shared = session(source);
    let finished = 0;
    const all = tasks(6);
    const first = await shared.run(all, { concurrency: 1, shouldContinue: () => finished < 2, onResult: () => void (finished += 1) });
    expect(first.filter(Boolean)).toHaveLength(2);
    const rest = all.filter((_, index) => first[index] === undefined);
    const second = await shared.run(rest, { concurrency: 2 });
    expect(second.every((result) => result?.match)).toBe(true);
    expect(source.opened).toEqual(["shop"]);
  });

  it("turns a database that will not open into failed results that say why, and tries it again for the next task", async () => {
    const source = countingSource();
    const results = await session(source).run(
      [
        { question: question(1, "gone"), model: "m" },
        { question: question(2, "gone"), model: "m" },
      ],
      { concurrency: 1 },
    );
    expect(results.map((result) => [result?.match, result?.reason, result?.error])).toEqual([
      [false, "error", "No database file for gone."],
      [false, "error", "No database file for gone."],
    ]);
    expect(source.opened).toEqual(["gone", "gone"]);
  });

  it("records nothing for a question a stop cut short", async () => {
    answerDelayMs = 400;
    try {
      const controller = new AbortController();
      const recorded: number[] = [];
      const running = session(countingSource()).run(tasks(3), {
        concurrency: 1,
        signal: controller.signal,
        onResult: (task) => void recorded.push(task.question.index),
      });
      setTimeout(() => controller.abort(new Error("stopped")), 150);
      const results = await running;
      expect(results.filter(Boolean)).toEqual([]);
      expect(recorded).toEqual([]);
    } finally {
      answerDelayMs = 0;
    }
  });
});
