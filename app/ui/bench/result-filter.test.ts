import { describe, expect, it } from "vitest";
import type { RunResult } from "../../state/benchmark-store";
import { emptyFilterReason, matchesResultFilter } from "./result-filter";

function result(overrides: Partial<RunResult>): RunResult {
  return {
    model: "m",
    index: 0,
    db_id: "bookshop",
    question: "How many books?",
    gold: "SELECT count(*) FROM books",
    predicted: "SELECT count(*) FROM books",
    match: true,
    reason: "match",
    turns: 1,
    tokens: { input: 10, output: 5 },
    latencyMs: 100,
    error: null,
    ...overrides,
  } as RunResult;
}

describe("the benchmark results filter", () => {
  it("matches database names, not only the question and SQL", () => {
    const rows = [result({ db_id: "flight_2", question: "Which airline?" }), result({ db_id: "bookshop" })];
    expect(rows.filter((row) => matchesResultFilter(row, "FLIGHT", false)).map((row) => row.db_id)).toEqual(["flight_2"]);
  });

  it("says why nothing is shown: no misses, no miss with the text, or no result with the text", () => {
    const rows = [result({}), result({ index: 1, match: false, question: "Which authors?", gold: "SELECT name FROM authors", predicted: null })];
    expect(emptyFilterReason([result({})], "", true)).toBe("No misses among the 1 result. Untick “Only misses” to see them.");
    expect(emptyFilterReason(rows, "count", true)).toBe("No miss contains “count”; 1 correct result does. Untick “Only misses” or change the text.");
    expect(emptyFilterReason(rows, "zebra", false)).toMatch(/^No result contains “zebra” in its database, model, question, SQL or error/);
  });
});
