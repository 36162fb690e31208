// The money budget over hand-made steps: it stops before the turn that would pass the budget, not after it.
import { describe, expect, it } from "vitest";
import { costBudget, defaultStopConditions, firstStop, type AgentStep } from "./stop-conditions";

/** $1 per million input tokens and $2 per million output: 100,000 in + 1,000 out is $0.102. */
const price = { inputUsdPerMillion: 1, outputUsdPerMillion: 2 };

function step(turn: number, inputTokens: number, outputTokens: number): AgentStep {
  return { turn, usage: { inputTokens, outputTokens }, actions: [] };
}

describe("costBudget", () => {
  it("lets the first turn run: nothing is known before it", () => {
    expect(costBudget(0.01, price)([])).toBeNull();
  });

  it("stops before the turn that would pass the budget, estimating it from the last turn", () => {
    // Spent $0.012; the next turn resends 10,000 + 1,000 tokens and writes 1,000 ($0.013): $0.025 in all.
    const steps = [step(1, 10_000, 1_000)];
    expect(costBudget(0.03, price)(steps)).toBeNull();
    expect(costBudget(0.0251, price)(steps)).toBeNull();
    // Under the budget now ($0.012 of $0.02), yet stopped: the next turn would take it to $0.025.
    expect(costBudget(0.02, price)(steps)).toEqual({
      kind: "cost-budget",
      message: "Stopped early: the next turn would pass the $0.02 budget set in Settings (spent $0.012; the next turn ≈ $0.013).",
    });
  });

  it("never lets the spending pass the budget when turns grow as estimated", () => {
    // A conversation that grows by the last reply and 500 tokens of observation each turn.
    const budget = 0.05;
    const steps: AgentStep[] = [];
    let input = 8_000;
    while (costBudget(budget, price)(steps) === null) {
      steps.push(step(steps.length + 1, input, 700));
      input += 700 + 500;
    }
    const spent = steps.reduce((total, taken) => total + (taken.usage.inputTokens * 1 + taken.usage.outputTokens * 2) / 1e6, 0);
    expect(steps.length).toBeGreaterThan(1);
    expect(spent).toBeLessThanOrEqual(budget);
  });

  it("says so when a single turn already cost more than the budget", () => {
    expect(costBudget(0.05, price)([step(1, 100_000, 1_000)])).toEqual({
      kind: "cost-budget",
      message: "Stopped early: this question cost $0.102, over the $0.05 budget set in Settings.",
    });
  });
});

describe("defaultStopConditions with a money budget", () => {
  const prices = [{ model: "scripted-model", inputUsdPerMillion: 1, outputUsdPerMillion: 2 }];
  const steps = [step(1, 100_000, 1_000)];

  it("applies it when the model has a price", () => {
    const conditions = defaultStopConditions({ maxTurns: 10, costBudgetUsd: 0.05, model: "scripted-model", baseUrl: "https://example.com/v1", prices });
    expect(firstStop(conditions, steps)).toMatchObject({ kind: "cost-budget" });
  });

  it("cannot apply it to a model without a price, nor to a local one (it costs nothing)", () => {
    const unknown = defaultStopConditions({ maxTurns: 10, costBudgetUsd: 0.05, model: "other-model", baseUrl: "https://example.com/v1", prices });
    expect(firstStop(unknown, steps)).toBeNull();
    const local = defaultStopConditions({ maxTurns: 10, costBudgetUsd: 0.05, model: "other-model", baseUrl: "http://localhost:11434/v1", prices });
    expect(firstStop(local, steps)).toBeNull();
  });

  it("has no money budget unless one is set", () => {
    expect(firstStop(defaultStopConditions({ maxTurns: 10, model: "scripted-model", prices }), steps)).toBeNull();
  });
});
