// `querylab eval`'s cost line: --price-in/--price-out read and checked, the table's price otherwise, tokens only without one;
// and a run against the scripted server that reports usage.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startScriptedLlmServer, toolCall, type ScriptedServer } from "../../e2e/llm-server/scripted-llm-server";
import { runQuerylab, writeBenchmarkFolder } from "./cli-test-support";
import { costLine, priceFromOptions } from "./eval-command";

describe("priceFromOptions", () => {
  it("reads both prices, or none", () => {
    expect(priceFromOptions({ "price-in": "0.15", "price-out": "0.6" })).toEqual({ inputUsdPerMillion: 0.15, outputUsdPerMillion: 0.6 });
    expect(priceFromOptions({})).toBeNull();
  });

  it("refuses one alone, a negative or a word", () => {
    expect(() => priceFromOptions({ "price-in": "1" })).toThrow("--price-in and --price-out go together");
    expect(() => priceFromOptions({ "price-in": "-1", "price-out": "1" })).toThrow("--price-in must be USD per million tokens");
    expect(() => priceFromOptions({ "price-in": "1", "price-out": "cheap" })).toThrow("--price-out must be USD per million tokens");
  });
});

describe("costLine", () => {
  const results = [{ tokens: { input: 60_000, output: 500 } }, { tokens: { input: 40_000, output: 500 } }];

  it("prints tokens and cost when the price is known", () => {
    const line = costLine(results, "m", { inputUsdPerMillion: 1, outputUsdPerMillion: 2 });
    expect(line.text).toBe("Tokens: 100,000 in, 1,000 out; cost $0.102 at $1 in / $2 out per million tokens");
    expect(line.json).toMatchObject({ inputTokens: 100_000, outputTokens: 1_000 });
    expect(line.json.usd).toBeCloseTo(0.102, 12);
  });

  it("prints tokens only, and how to give a price, when it is not", () => {
    const line = costLine(results, "m", null);
    expect(line.text).toBe("Tokens: 100,000 in, 1,000 out; cost unknown: no price for m (give --price-in and --price-out, USD per million tokens)");
    expect(line.json.usd).toBeNull();
  });
});

describe("querylab eval with a price", () => {
  let server: ScriptedServer;
  let benchmark = "";

  beforeAll(async () => {
    // Every answer reports 100,000 tokens in and 1,000 out: $0.102 a question at $1 / $2 per million.
    server = await startScriptedLlmServer({
      script: () => ({ toolCalls: [toolCall("submit_sql", { sql: "SELECT count(*) FROM t" })], usage: { prompt_tokens: 100_000, completion_tokens: 1_000 } }),
    });
    benchmark = await writeBenchmarkFolder({
      dbId: "d",
      setupSql: "CREATE TABLE t(x); INSERT INTO t VALUES (1),(2);",
      questions: [
        { db_id: "d", question: "How many rows?", query: "SELECT count(*) FROM t" },
        { db_id: "d", question: "Count them.", query: "SELECT count(*) FROM t" },
      ],
      prefix: "querylab-cost-",
    });
  });

  afterAll(async () => {
    await server?.close();
  });

  it("prints the run's tokens and cost in the summary, and both in the JSON line", async () => {
    const { stdout } = await runQuerylab(
      "eval",
      "--benchmark",
      benchmark,
      "--base-url",
      server.url,
      "--model",
      "scripted-model",
      "--price-in",
      "1",
      "--price-out",
      "2",
    );
    expect(stdout).toContain("Tokens: 200,000 in, 2,000 out; cost $0.204 at $1 in / $2 out per million tokens");
    const json = JSON.parse(stdout.trim().split("\n").at(-1)!);
    expect(json.cost).toMatchObject({ inputTokens: 200_000, outputTokens: 2_000 });
    expect(json.cost.usd).toBeCloseTo(0.204, 12);
    expect(json.summary).toMatchObject({ questions: 2, matches: 2 });
  }, 60_000);
});
