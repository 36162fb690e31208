// A benchmark run's cost per model: tokens summed per model, priced once per model, unknown models tokens only.
import { describe, expect, it } from "vitest";
import { priceOf } from "../llm/model-prices";
import { costByModel } from "./run-cost";

const result = (model: string, input: number, output: number) => ({ model, tokens: { input, output } });

describe("costByModel", () => {
  it("sums each model's tokens and prices them, leaving a model without a price at tokens only", () => {
    const prices = [{ model: "cheap", inputUsdPerMillion: 1, outputUsdPerMillion: 2 }];
    const rows = costByModel([result("cheap", 60_000, 500), result("other", 1_000, 10), result("cheap", 40_000, 500)], (model) =>
      priceOf(prices, model, "https://api.example.com/v1"),
    );
    expect(rows.map(({ costUsd: _cost, ...row }) => row)).toEqual([
      { model: "cheap", questions: 2, inputTokens: 100_000, outputTokens: 1_000 },
      { model: "other", questions: 1, inputTokens: 1_000, outputTokens: 10 },
    ]);
    expect(rows[0]!.costUsd).toBeCloseTo(0.102, 12);
    expect(rows[1]!.costUsd).toBeNull();
  });

  it("has no rows for no results", () => {
    expect(costByModel([], () => null)).toEqual([]);
  });
});
