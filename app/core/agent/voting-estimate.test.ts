// The estimate shown before a voting question: extra runs times the last question's tokens per run, priced when known.
import { describe, expect, it } from "vitest";
import type { AgentEvent } from "./events";
import { votingEstimate } from "./voting-estimate";

const turnEnd = (inputTokens: number, outputTokens: number): Extract<AgentEvent, { type: "turn-end" }> => ({
  type: "turn-end",
  turn: 1,
  usage: { inputTokens, outputTokens },
  latencyMs: 1,
  raw: [],
});
const PRICES = [{ model: "m", inputUsdPerMillion: 10, outputUsdPerMillion: 20 }];
const current = { model: "m", baseUrl: "https://api.example.com/v1", prices: PRICES };

describe("votingEstimate", () => {
  it("a single run's tokens times the extra runs, priced at the table", () => {
    const basis = { model: "m", baseUrl: current.baseUrl, events: [turnEnd(1000, 100), turnEnd(2000, 100)] };
    expect(votingEstimate(5, basis, current)).toEqual({ extraRuns: 4, extraTokens: { inputTokens: 12_000, outputTokens: 800 }, extraUsd: 0.136 });
  });

  it("a voting trace is divided by its candidates first", () => {
    const events: AgentEvent[] = [1, 2, 3].map((candidate) => ({ type: "candidate", candidate, event: turnEnd(1000, 50) }));
    expect(votingEstimate(3, { model: "m", baseUrl: current.baseUrl, events }, current).extraTokens).toEqual({ inputTokens: 2000, outputTokens: 100 });
  });

  it("no estimate without an earlier question on this model, and tokens without money for an unpriced model", () => {
    expect(votingEstimate(3, null, current)).toEqual({ extraRuns: 2, extraTokens: null, extraUsd: null });
    expect(votingEstimate(3, { model: "other", baseUrl: current.baseUrl, events: [turnEnd(10, 1)] }, current).extraTokens).toBeNull();
    const unpriced = { ...current, model: "x", prices: [] };
    expect(votingEstimate(2, { model: "x", baseUrl: current.baseUrl, events: [turnEnd(10, 1)] }, unpriced)).toEqual({
      extraRuns: 1,
      extraTokens: { inputTokens: 10, outputTokens: 1 },
      extraUsd: null,
    });
  });
});
