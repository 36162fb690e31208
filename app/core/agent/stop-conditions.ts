// When the agent stops: predicates over the steps taken so far, combined by listing them (the first that holds wins).
import { costUsd, formatUsd, priceOf, type ModelPrice, type PriceTable } from "../llm/model-prices";
import type { TokenUsage } from "./events";
import { sqlNormalForm } from "./sql-normal-form";
import { sqlOf, type RequestedToolCall, type ToolCall } from "./tool-call";
import type { Observation } from "./tools";

/** One action of a turn: what the model asked for, the validated call (null when invalid), and what it observed. */
export interface StepAction {
  requested: RequestedToolCall;
  call: ToolCall | null;
  observation: Observation;
}

/** One turn taken: its tokens and its actions, in order. */
export interface AgentStep {
  turn: number;
  usage: TokenUsage;
  actions: StepAction[];
}

/**
 * Why the run stops: the answer (submitted by the model, or taken by the loop with a message saying why), or an
 * error kind with a message a person can act on.
 */
export type StopDecision =
  | { kind: "submitted"; sql: string; observation: Observation }
  | { kind: "taken"; sql: string; observation: Observation; message: string }
  | { kind: "max-turns" | "token-budget" | "cost-budget" | "repeated-failure"; message: string };

/** A stop rule: given every step so far (none before the first turn), a reason to stop or null to go on. */
export type StopCondition = (steps: readonly AgentStep[]) => StopDecision | null;

/** The last query that ran without error, offered when the run ends without an answer. */
export function lastSuccessfulSql(steps: readonly AgentStep[]): string | undefined {
  let last: string | undefined;
  for (const step of steps) {
    for (const action of step.actions) {
      const sql = action.call ? sqlOf(action.call) : null;
      if (sql && action.observation.ok) last = sql;
    }
  }
  return last;
}

/** The model submitted a query that ran: the task is done (submit_sql ends it, DESIGN.md). */
export function submitted(): StopCondition {
  return (steps) => {
    const last = steps.at(-1);
    for (const action of last?.actions ?? []) {
      if (action.call?.name === "submit_sql" && action.observation.ok)
        return { kind: "submitted", sql: action.call.input.sql, observation: action.observation };
    }
    return null;
  };
}

/** At most `maxTurns` turns; the last query that ran is offered instead of an answer. */
export function turnCap(maxTurns: number): StopCondition {
  return (steps) => {
    if (steps.length < maxTurns) return null;
    const offered = lastSuccessfulSql(steps) ? " The last query that ran is offered instead." : "";
    return { kind: "max-turns", message: `The model used all ${maxTurns} turns without submitting a query.${offered}` };
  };
}

/** At most `maxTokens` tokens (in + out) for the question; checked after each turn, so the turn that crosses it completes. */
export function tokenBudget(maxTokens: number): StopCondition {
  return (steps) => {
    const spent = steps.reduce((total, step) => total + step.usage.inputTokens + step.usage.outputTokens, 0);
    if (spent <= maxTokens) return null;
    return { kind: "token-budget", message: `Stopped early: this question used ${spent} tokens, over the budget of ${maxTokens} set in Settings.` };
  };
}

/**
 * At most `maxUsd` dollars for the question at the model's price, checked before each turn so the run stops BEFORE the
 * budget is passed, not after: the next turn resends the whole conversation (so at least the last turn's input and its
 * reply come back as input) and is taken to write as much as the last one. It is an estimate from the tokens seen: a
 * turn much longer than the one before can still pass it. Before the first turn nothing is known, so the first runs.
 */
export function costBudget(maxUsd: number, price: Pick<ModelPrice, "inputUsdPerMillion" | "outputUsdPerMillion">): StopCondition {
  return (steps) => {
    const last = steps.at(-1);
    if (!last) return null;
    const spent = steps.reduce((total, step) => total + costUsd(step.usage, price), 0);
    const next = costUsd({ inputTokens: last.usage.inputTokens + last.usage.outputTokens, outputTokens: last.usage.outputTokens }, price);
    if (spent + next <= maxUsd) return null;
    const budget = formatUsd(maxUsd);
    return {
      kind: "cost-budget",
      message:
        spent > maxUsd
          ? `Stopped early: this question cost ${formatUsd(spent)}, over the ${budget} budget set in Settings.`
          : `Stopped early: the next turn would pass the ${budget} budget set in Settings (spent ${formatUsd(spent)}; the next turn ≈ ${formatUsd(next)}).`,
    };
  };
}

/** The same query failing with the same error twice: the model is going round in circles. */
export function sameFailureTwice(): StopCondition {
  return (steps) => {
    const seen = new Set<string>();
    for (const step of steps) {
      for (const action of step.actions) {
        const sql = action.call ? sqlOf(action.call) : null;
        if (!sql || action.observation.ok) continue;
        const key = `${sql.trim()}\n${action.observation.text}`;
        if (seen.has(key)) {
          return {
            kind: "repeated-failure",
            message: `Stopped early: the same query failed the same way twice (${action.observation.text.split("\n").join(" ").slice(0, 200)}).`,
          };
        }
        seen.add(key);
      }
    }
    return null;
  };
}

/**
 * The same query (in normal form) run without error twice in a row, in different turns, and the model has not
 * submitted: it has settled on that query, so it is taken as the answer instead of spending the remaining turns.
 * "In a row" counts the queries run (run_sql); a look at a table in between does not break it. Runs within one
 * turn (parallel calls) do not count twice: the model has not seen the first result yet.
 */
export function sameQuerySucceededTwice(): StopCondition {
  return (steps) => {
    const last = steps.at(-1);
    if (!last || last.actions.some((action) => action.call?.name === "submit_sql")) return null;
    const runs = steps.flatMap((step) => step.actions.filter((action) => action.call?.name === "run_sql").map((action) => ({ turn: step.turn, action })));
    const [previous, latest] = runs.slice(-2);
    if (!previous || !latest || latest.turn !== last.turn || previous.turn === latest.turn) return null;
    if (!previous.action.observation.ok || !latest.action.observation.ok) return null;
    const sql = sqlOf(latest.action.call!)!;
    if (sqlNormalForm(sqlOf(previous.action.call!)!) !== sqlNormalForm(sql)) return null;
    return {
      kind: "taken",
      sql,
      observation: latest.action.observation,
      message: `Taken as the answer: the model ran this query without error in turns ${previous.turn} and ${latest.turn} and did not submit it.`,
    };
  };
}

/** What the money budget needs from the settings: the limit, and the model, endpoint and table to price it with. */
export interface CostBudgetSettings {
  costBudgetUsd?: number;
  model?: string;
  baseUrl?: string;
  prices?: PriceTable;
}

/**
 * Today's rules from the settings: a submitted answer, a query run twice without being submitted (taken as the answer
 * even on the last turn or over the budget, since it is better than none), the token budget (when set), the money
 * budget (when set and the model's price is known: an unknown price cannot be budgeted), a repeated failure, the turn cap.
 */
export function defaultStopConditions(settings: { maxTurns: number; tokenBudget?: number } & CostBudgetSettings): StopCondition[] {
  const price = settings.costBudgetUsd === undefined ? null : priceOf(settings.prices ?? [], settings.model ?? "", settings.baseUrl);
  return [
    submitted(),
    sameQuerySucceededTwice(),
    ...(settings.tokenBudget === undefined ? [] : [tokenBudget(settings.tokenBudget)]),
    ...(price === null || settings.costBudgetUsd === undefined ? [] : [costBudget(settings.costBudgetUsd, price)]),
    sameFailureTwice(),
    turnCap(settings.maxTurns),
  ];
}

/** The first condition that holds, in the order given. */
export function firstStop(conditions: readonly StopCondition[], steps: readonly AgentStep[]): StopDecision | null {
  for (const condition of conditions) {
    const decision = condition(steps);
    if (decision) return decision;
  }
  return null;
}
