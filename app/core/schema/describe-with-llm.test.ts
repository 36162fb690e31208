// "Describe with the LLM" against the scripted OpenAI-compatible server over real HTTP: the request, the answer, faults.
import initSqlJs from "sql.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startScriptedLlmServer, type ScriptedServer } from "../../../e2e/llm-server/scripted-llm-server";
import { DatabaseService } from "../database-service";
import type { DatabaseSchema } from "../db/types";
import { createLanguageModel, DEFAULT_LLM_SETTINGS, type LlmSettings } from "../llm/providers";
import { descriptionOf } from "./descriptions";
import { buildDescribeRequest, describeRequestText, describeWithLlm, parseDescribeAnswer } from "./describe-with-llm";
import type { DatabaseProfile } from "./types";

let server: ScriptedServer;
let schema: DatabaseSchema;
let profile: DatabaseProfile;

beforeAll(async () => {
  server = await startScriptedLlmServer({ requiredApiKey: "test-key", models: ["scripted-model"] });
  const SQL = await initSqlJs();
  const database = new SQL.Database();
  database.exec(`
    CREATE TABLE orders (id INTEGER PRIMARY KEY, st TEXT, amt_c INTEGER, "ship to" TEXT);
    INSERT INTO orders VALUES (1, 'P', 1250, 'Paris'), (2, 'S', 990, 'Lyon'), (3, 'P', 4000, 'Paris');
  `);
  const engine = DatabaseService.create(SQL);
  await engine.open(database.export());
  schema = await engine.schema();
  profile = await engine.profile();
});

afterAll(async () => {
  await server?.close();
});

function settings(overrides: Partial<LlmSettings> = {}): LlmSettings {
  return {
    ...DEFAULT_LLM_SETTINGS,
    providerId: "custom",
    baseUrl: server.url,
    model: "scripted-model",
    apiKey: "test-key",
    timeoutMs: 5000,
    maxRetries: 1,
    ...overrides,
  };
}

const CHOSEN = [
  { table: "orders", column: "st" },
  { table: "orders", column: "amt_c" },
];

function answer(entries: Array<{ table: string; column: string; description: string }>): string {
  return JSON.stringify({ descriptions: entries });
}

async function send(text: string | null, overrides: Partial<LlmSettings> = {}, script?: Parameters<ScriptedServer["setScript"]>[0]) {
  server.setScript(script ?? [{ text: text ?? "" }]);
  server.reset();
  const request = buildDescribeRequest(CHOSEN, schema, profile, "profiles");
  const llm = settings(overrides);
  return { request, outcome: await describeWithLlm(request, { model: createLanguageModel(llm), settings: llm, sleep: async () => {} }) };
}

describe("the describe request", () => {
  it("sends names and types only when values may not leave the page", () => {
    const request = buildDescribeRequest(CHOSEN, schema, profile, "schema");
    expect(request.includesValues).toBe(false);
    const text = describeRequestText(request);
    expect(text).toContain("- st TEXT");
    expect(text).toContain('"ship to"');
    expect(text).not.toContain("Paris");
    expect(text).not.toContain("1250");
  });

  it("adds a few example values when the data-sharing setting allows values", () => {
    const text = describeRequestText(buildDescribeRequest(CHOSEN, schema, profile, "profiles"));
    expect(text).toMatch(/- st TEXT; examples: "P", "S"/);
    expect(text).toContain('"1250"');
  });
});

describe("describing over HTTP", () => {
  it("sends exactly the request shown, and returns the answer as 'llm' descriptions", async () => {
    const { request, outcome } = await send(
      `Here you go:\n\`\`\`json\n${answer([
        { table: "orders", column: "st", description: "Order status code: P pending, S shipped (probably)." },
        { table: "ORDERS", column: "AMT_C", description: "Order amount in cents." },
        { table: "orders", column: "not_asked", description: "ignored" },
      ])}\n\`\`\``,
    );
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.described).toBe(2);
    expect(outcome.missing).toEqual([]);
    expect(descriptionOf(outcome.descriptions, "orders", "st")).toEqual({ text: "Order status code: P pending, S shipped (probably).", source: "llm" });
    expect(descriptionOf(outcome.descriptions, "orders", "amt_c")?.text).toBe("Order amount in cents.");
    expect(descriptionOf(outcome.descriptions, "orders", "not_asked")).toBeUndefined();
    const sent = server.chatRequests()[0]!;
    expect(sent.messages.map((message) => message.content)).toEqual([request.system, request.prompt]);
  });

  it("reports columns the model left out", async () => {
    const { outcome } = await send(answer([{ table: "orders", column: "st", description: "Status." }]));
    expect(outcome.ok && outcome.missing).toEqual([{ table: "orders", column: "amt_c" }]);
  });

  it("says clearly when the answer is not JSON", async () => {
    const { outcome } = await send("Sure! The st column is the status and amt_c the amount.");
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error.kind).toBe("malformed-response");
    expect(outcome.error.message).toMatch(/not the JSON asked for/);
    expect(outcome.rawText).toContain("Sure!");
  });

  it("says clearly when the JSON has the wrong shape", async () => {
    const { outcome } = await send('{"descriptions": [{"table": "orders", "col": "st"}]}');
    expect(!outcome.ok && outcome.error.message).toMatch(/expected shape \(descriptions\.0\.column/);
  });

  it("explains a refused key without retrying", async () => {
    const { outcome } = await send(answer([]), { apiKey: "wrong" });
    expect(!outcome.ok && outcome.error.kind).toBe("auth");
    expect(!outcome.ok && outcome.error.message).toMatch(/refused the API key/);
    expect(server.chatRequests()).toHaveLength(1);
  });

  it("retries a server error, then succeeds", async () => {
    const { outcome } = await send(null, {}, [
      { fault: { kind: "status", status: 503 }, text: answer([{ table: "orders", column: "st", description: "Status." }]) },
    ]);
    expect(outcome.ok).toBe(true);
    expect(server.chatRequests()).toHaveLength(2);
  });

  it("gives up after the retries with the provider's error", async () => {
    const { outcome } = await send(null, { maxRetries: 1 }, [{ fault: { kind: "status", status: 500 }, times: "always" }]);
    expect(!outcome.ok && outcome.error.kind).toBe("server");
    expect(!outcome.ok && outcome.error.message).toMatch(/server error \(HTTP 500\)/);
  });

  it("refuses an empty choice without calling the model", async () => {
    const request = buildDescribeRequest([], schema, profile, "schema");
    const llm = settings();
    const outcome = await describeWithLlm(request, { model: createLanguageModel(llm), settings: llm });
    expect(!outcome.ok && outcome.error.message).toMatch(/No columns/);
  });
});

it("parses an answer with the description of a column named like a hostile string as plain text", () => {
  const request = buildDescribeRequest([{ table: "orders", column: "ship to" }], schema, profile, "schema");
  const outcome = parseDescribeAnswer(answer([{ table: "orders", column: "ship to", description: "<img src=x onerror=alert(1)>" }]), request);
  expect(outcome.ok && descriptionOf(outcome.descriptions, "orders", "ship to")?.text).toBe("<img src=x onerror=alert(1)>");
});
