// The agent with the in-page provider on the tiny chat model: the real generator, the AI SDK adapter and the plain-text
// protocol answer a question on a database, as the page does in its worker.
import { fileURLToPath } from "node:url";
import initSqlJs from "sql.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SqliteEngine } from "../db/sqljs-engine";
import { inPageLanguageModel } from "../llm/in-page-language-model";
import { DEFAULT_LLM_SETTINGS } from "../llm/provider-presets";
import { createTransformersGenerator, type LoadedTextGenerator } from "../llm/text-generator";
import { unprunedSchema } from "../schema/prune";
import { runAgent } from "./agent-loop";
import type { AgentEvent } from "./events";

const MODELS = fileURLToPath(new URL("../../../test-models/", import.meta.url));

let generator: LoadedTextGenerator;
let engine: SqliteEngine;

beforeAll(async () => {
  generator = await createTransformersGenerator({ model: "querylab/tiny-chat", localModelPath: MODELS, allowRemoteModels: false, device: "cpu" });
  const SQL = await initSqlJs();
  const database = new SQL.Database();
  database.exec("CREATE TABLE books (id INTEGER PRIMARY KEY, title TEXT); INSERT INTO books (title) VALUES ('Emma'), ('Ulysses'), ('Dune');");
  engine = new SqliteEngine(SQL);
  await engine.open(database.export());
});

afterAll(async () => {
  await generator?.dispose();
});

describe("the agent with the in-page model", () => {
  it("calls a tool through the text protocol, reads the observation and submits the final SQL", async () => {
    const settings = { ...DEFAULT_LLM_SETTINGS, providerId: "in-page", baseUrl: "./models/", model: "querylab/tiny-chat", protocol: "text" as const };
    const events: AgentEvent[] = [];
    for await (const event of runAgent({
      question: "How many books are there?",
      database: engine,
      model: inPageLanguageModel(generator),
      settings,
      schema: unprunedSchema(await engine.schema(), { includeValues: false }),
      sharing: "results",
    })) {
      events.push(event);
    }
    const start = events.find((event) => event.type === "run-start");
    expect(start?.type === "run-start" && start.protocol).toBe("text");
    const calls = events.filter((event) => event.type === "tool-call").map((event) => event.type === "tool-call" && event.tool);
    expect(calls).toEqual(["list_tables", "submit_sql"]);
    const observation = events.find((event) => event.type === "observation");
    expect(observation?.type === "observation" && observation.ok && observation.text).toContain("books");
    const final = events.find((event) => event.type === "final");
    expect(final?.type === "final" && final.sql).toBe("SELECT COUNT(*) AS book_count FROM books;");
    expect(final?.type === "final" && final.result?.rows).toEqual([[3]]);
    // Streamed: the first turn's text arrived in several deltas, and each turn counted its tokens.
    expect(events.filter((event) => event.type === "text-delta" && event.turn === 1).length).toBeGreaterThan(2);
    const turnEnds = events.filter((event) => event.type === "turn-end");
    expect(turnEnds.map((event) => event.type === "turn-end" && event.usage.outputTokens)).toEqual([7, 11]);
    const end = events.at(-1);
    expect(end?.type === "run-end" && end.status).toBe("submitted");
  });
});
