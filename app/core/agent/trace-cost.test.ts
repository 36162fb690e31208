// Summing traces: tokens from every ended turn, money per trace at its own model's price, unknown models left out and counted.
import { describe, expect, it } from "vitest";
import type { AgentEvent } from "./events";
import { formatCostTotals, sumTraces, sumUsages, traceCost, traceUsage } from "./trace-cost";

const prices = [
  { model: "cheap", inputUsdPerMillion: 1, outputUsdPerMillion: 2 },
  { model: "dear", inputUsdPerMillion: 10, outputUsdPerMillion: 20 },
];

function turnEnd(turn: number, inputTokens: number, outputTokens: number): AgentEvent {
  return { type: "turn-end", turn, usage: { inputTokens, outputTokens }, latencyMs: 5, raw: [] };
}

const trace = (model: string, events: AgentEvent[], baseUrl = "https://api.example.com/v1") => ({ model, baseUrl, events });

describe("traceUsage", () => {
  it("adds the turns that ended, whether or not the run ended", () => {
    const events: AgentEvent[] = [{ type: "turn-start", turn: 1 }, turnEnd(1, 1_000, 100), { type: "turn-start", turn: 2 }, turnEnd(2, 1_500, 50)];
    expect(traceUsage(events)).toEqual({ inputTokens: 2_500, outputTokens: 150 });
    expect(traceUsage([])).toEqual({ inputTokens: 0, outputTokens: 0 });
  });
});

describe("sumTraces", () => {
  it("prices each trace by its own model", () => {
    const totals = sumTraces([trace("cheap", [turnEnd(1, 100_000, 1_000)]), trace("dear", [turnEnd(1, 10_000, 500), turnEnd(2, 20_000, 500)])], prices);
    expect(totals).toMatchObject({ questions: 2, inputTokens: 130_000, outputTokens: 2_000, unpriced: 0 });
    // 0.1 + 0.002 for the first; 0.3 + 0.02 for the second.
    expect(totals.costUsd).toBeCloseTo(0.422, 12);
  });

  it("leaves unknown models out of the money and counts them; all unknown is tokens only", () => {
    const mixed = sumTraces([trace("cheap", [turnEnd(1, 100_000, 1_000)]), trace("unknown", [turnEnd(1, 5_000, 5)])], prices);
    expect(mixed).toMatchObject({ inputTokens: 105_000, unpriced: 1 });
    expect(mixed.costUsd).toBeCloseTo(0.102, 12);
    expect(sumTraces([trace("unknown", [turnEnd(1, 5_000, 5)])], prices)).toMatchObject({ costUsd: null, unpriced: 1, inputTokens: 5_000 });
  });

  it("counts a local model as free, and an empty list as nothing", () => {
    expect(traceCost(trace("llama3.1:8b", [turnEnd(1, 5_000, 5)], "http://localhost:11434/v1"), prices)).toMatchObject({ costUsd: 0, unpriced: 0 });
    expect(sumTraces([], prices)).toEqual({ questions: 0, inputTokens: 0, outputTokens: 0, costUsd: null, unpriced: 0 });
  });

  it("sums usages kept without their traces the same way", () => {
    const totals = sumUsages(
      [{ model: "openai/cheap", baseUrl: "https://openrouter.ai/api/v1", usage: { inputTokens: 100_000, outputTokens: 1_000 } }],
      prices,
    );
    expect(totals).toMatchObject({ questions: 1, inputTokens: 100_000, outputTokens: 1_000, unpriced: 0 });
    expect(totals.costUsd).toBeCloseTo(0.102, 12);
  });

  it("words the money of a total, saying what it leaves out", () => {
    const base = { questions: 2, inputTokens: 1, outputTokens: 1 };
    expect(formatCostTotals({ ...base, costUsd: 0.42, unpriced: 0 })).toBe("$0.42");
    expect(formatCostTotals({ ...base, costUsd: 0.1, unpriced: 1 })).toBe("$0.10 + 1 question without a price");
    expect(formatCostTotals({ ...base, costUsd: null, unpriced: 2 })).toBeNull();
  });
});
