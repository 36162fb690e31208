// Stop conditions over hand-made steps: each rule alone, the defaults' order, and rules combined.
import { describe, expect, it } from "vitest";
import {
  defaultStopConditions,
  firstStop,
  lastSuccessfulSql,
  sameFailureTwice,
  submitted,
  tokenBudget,
  turnCap,
  type AgentStep,
  type StepAction,
} from "./stop-conditions";
import type { ToolCall } from "./tool-call";

function action(call: ToolCall, ok: boolean, text = ok ? "(1 row)" : "Error: no such column: nme"): StepAction {
  return { requested: { id: call.id, toolName: call.name, input: call.input, source: "tools" }, call, observation: { ok, text } };
}

function step(turn: number, actions: StepAction[], tokens = 100): AgentStep {
  return { turn, usage: { inputTokens: tokens - 10, outputTokens: 10 }, actions };
}

const runSql = (sql: string): ToolCall => ({ id: `call-${sql.length}`, name: "run_sql", input: { sql } });
const submitSql = (sql: string): ToolCall => ({ id: "submit", name: "submit_sql", input: { sql } });
const listTables: ToolCall = { id: "list", name: "list_tables", input: {} };

describe("turnCap", () => {
  it("stops once the steps reach the cap, offering the last query that ran", () => {
    const steps = [step(1, [action(runSql("SELECT 1"), true)]), step(2, [action(listTables, true)])];
    expect(turnCap(3)(steps)).toBeNull();
    expect(turnCap(2)(steps)).toEqual({
      kind: "max-turns",
      message: "The model used all 2 turns without submitting a query. The last query that ran is offered instead.",
    });
    expect(lastSuccessfulSql(steps)).toBe("SELECT 1");
  });

  it("a cap of zero stops before the first turn", () => {
    expect(turnCap(0)([])).toMatchObject({ kind: "max-turns" });
  });
});

describe("tokenBudget", () => {
  it("stops when the tokens of all turns together go over the budget, not at it", () => {
    expect(tokenBudget(200)([step(1, []), step(2, [])])).toBeNull();
    expect(tokenBudget(199)([step(1, []), step(2, [])])).toEqual({
      kind: "token-budget",
      message: "Stopped early: this question used 200 tokens, over the budget of 199 set in Settings.",
    });
  });
});

describe("sameFailureTwice", () => {
  it("stops when one query fails with one error twice, whatever lies between", () => {
    const failing = action(runSql("SELECT nme FROM city"), false);
    expect(sameFailureTwice()([step(1, [failing]), step(2, [action(listTables, true)])])).toBeNull();
    expect(sameFailureTwice()([step(1, [failing]), step(2, [action(listTables, true)]), step(3, [failing])])).toEqual({
      kind: "repeated-failure",
      message: "Stopped early: the same query failed the same way twice (Error: no such column: nme).",
    });
  });

  it("does not count a different error, or the query succeeding", () => {
    const sql = "SELECT nme FROM city";
    expect(sameFailureTwice()([step(1, [action(runSql(sql), false)]), step(2, [action(runSql(sql), false, "Error: interrupted")])])).toBeNull();
    expect(sameFailureTwice()([step(1, [action(runSql(sql), true)]), step(2, [action(runSql(sql), true)])])).toBeNull();
  });
});

describe("submitted", () => {
  it("stops on a submission that ran in the last step, with its SQL", () => {
    const done = [step(1, [action(submitSql("SELECT 1"), true)])];
    expect(submitted()(done)).toMatchObject({ kind: "submitted", sql: "SELECT 1" });
    expect(submitted()([step(1, [action(submitSql("DROP TABLE city"), false)])])).toBeNull();
    expect(submitted()([])).toBeNull();
  });
});

describe("combined", () => {
  it("the first condition that holds wins, in the order given", () => {
    const steps = [step(1, [], 5000), step(2, [], 5000)];
    expect(firstStop([turnCap(2), tokenBudget(1000)], steps)?.kind).toBe("max-turns");
    expect(firstStop([tokenBudget(1000), turnCap(2)], steps)?.kind).toBe("token-budget");
    expect(firstStop([turnCap(8), tokenBudget(20_000)], steps)).toBeNull();
  });

  it("the defaults reproduce the settings: a submission first, then the budget, repeated failures, the turn cap", () => {
    const failing = action(runSql("SELECT nme FROM city"), false);
    const steps = [step(1, [failing], 600), step(2, [failing], 600)];
    expect(firstStop(defaultStopConditions({ maxTurns: 2, tokenBudget: 1000 }), steps)?.kind).toBe("token-budget");
    expect(firstStop(defaultStopConditions({ maxTurns: 2 }), steps)?.kind).toBe("repeated-failure");
    expect(firstStop(defaultStopConditions({ maxTurns: 2 }), [step(1, []), step(2, [])])?.kind).toBe("max-turns");
    const last = [step(1, [failing], 600), step(2, [action(submitSql("SELECT 1"), true)], 600)];
    expect(firstStop(defaultStopConditions({ maxTurns: 2, tokenBudget: 1000 }), last)?.kind).toBe("submitted");
    expect(firstStop(defaultStopConditions({ maxTurns: 8, tokenBudget: 20_000 }), [step(1, [])])).toBeNull();
  });
});
