// What candidate voting adds to a question before it is asked: N−1 more agent runs, each estimated at what one run of the
// last question used, priced like every other cost (model-prices.ts). Pure, for the question box and its test.
import { costUsd, priceOf, type PriceTable } from "../llm/model-prices";
import type { AgentEvent, TokenUsage } from "./events";
import { traceUsage } from "./trace-cost";

export interface VotingEstimate {
  extraRuns: number;
  /** Tokens of the extra runs; null when there is no earlier question to estimate from. */
  extraTokens: TokenUsage | null;
  /** USD of the extra runs; null without an estimate of tokens or without a price for the model. */
  extraUsd: number | null;
}

/** The agent runs a trace holds: its candidates when it was a vote, else one. */
function runsOf(events: readonly AgentEvent[]): number {
  const candidates = new Set<number>();
  for (const event of events) if (event.type === "candidate") candidates.add(event.candidate);
  return Math.max(1, candidates.size);
}

/**
 * The extra cost of `candidates` runs over one, estimated from `basis` (the last question's trace, when it ran on the
 * same model): its tokens per run times the extra runs.
 */
export function votingEstimate(
  candidates: number,
  basis: { model: string; baseUrl: string; events: readonly AgentEvent[] } | null,
  current: { model: string; baseUrl: string; prices: PriceTable },
): VotingEstimate {
  const extraRuns = Math.max(0, candidates - 1);
  const used = basis && basis.model === current.model ? traceUsage(basis.events) : null;
  if (!used || used.inputTokens + used.outputTokens === 0) return { extraRuns, extraTokens: null, extraUsd: null };
  const runs = runsOf(basis!.events);
  const extraTokens = {
    inputTokens: Math.round((used.inputTokens / runs) * extraRuns),
    outputTokens: Math.round((used.outputTokens / runs) * extraRuns),
  };
  const price = priceOf(current.prices, current.model, current.baseUrl);
  return { extraRuns, extraTokens, extraUsd: price ? costUsd(extraTokens, price) : null };
}
