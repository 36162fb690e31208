// What a question, or a list of them (a thread, a History selection), cost: tokens always, money where the model's price
// is known. Pure, so the trace panel, a thread's header and the CLI sum the same way.
import { costUsd, formatUsd, priceOf, type PriceTable } from "../llm/model-prices";
import type { AgentEvent, TokenUsage } from "./events";

/**
 * The tokens of every turn that ended, so a run stopped or failed midway still counts what it used; a voting run's
 * turns are its candidates'.
 */
export function traceUsage(events: readonly AgentEvent[]): TokenUsage {
  const usage: TokenUsage = { inputTokens: 0, outputTokens: 0 };
  for (const outer of events) {
    const event = outer.type === "candidate" ? outer.event : outer;
    if (event.type !== "turn-end") continue;
    usage.inputTokens += event.usage.inputTokens;
    usage.outputTokens += event.usage.outputTokens;
  }
  return usage;
}

export interface CostTotals extends TokenUsage {
  questions: number;
  /** USD of the questions whose model has a price; null when none has one (tokens only, never a made-up price). */
  costUsd: number | null;
  /** Questions left out of costUsd because their model has no price. */
  unpriced: number;
}

/** One trace's cost, by its own model and endpoint at the table's prices. */
export function traceCost(trace: { model: string; baseUrl: string; events: readonly AgentEvent[] }, prices: PriceTable): CostTotals {
  return sumTraces([trace], prices);
}

/** One question's tokens with the model and endpoint that priced them: what a thread can keep instead of whole traces. */
export interface PricedUsage {
  model: string;
  baseUrl: string;
  usage: TokenUsage;
}

/** The sum over traces, each priced by its own model (a thread may switch models between questions). */
export function sumTraces(traces: readonly { model: string; baseUrl: string; events: readonly AgentEvent[] }[], prices: PriceTable): CostTotals {
  return sumUsages(
    traces.map((trace) => ({ model: trace.model, baseUrl: trace.baseUrl, usage: traceUsage(trace.events) })),
    prices,
  );
}

/** The same sum over questions' usages already taken from their traces. */
export function sumUsages(items: readonly PricedUsage[], prices: PriceTable): CostTotals {
  const totals: CostTotals = { questions: items.length, inputTokens: 0, outputTokens: 0, costUsd: null, unpriced: 0 };
  for (const { model, baseUrl, usage } of items) {
    totals.inputTokens += usage.inputTokens;
    totals.outputTokens += usage.outputTokens;
    const price = priceOf(prices, model, baseUrl);
    if (price) totals.costUsd = (totals.costUsd ?? 0) + costUsd(usage, price);
    else totals.unpriced += 1;
  }
  return totals;
}

/** The money part of a total in words: "$0.42", "$0.10 + 1 question without a price", or null when none has a price. */
export function formatCostTotals(totals: CostTotals): string | null {
  if (totals.costUsd === null) return null;
  if (totals.unpriced === 0) return formatUsd(totals.costUsd);
  return `${formatUsd(totals.costUsd)} + ${totals.unpriced} ${totals.unpriced === 1 ? "question" : "questions"} without a price`;
}
