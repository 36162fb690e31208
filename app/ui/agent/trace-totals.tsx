// The totals line under a trace: turns, tokens, money when the model's price is known (tokens only otherwise), time.
import type { AgentEventOf } from "../../core/agent/events";
import { formatCount, formatDuration } from "../../core/format";
import { costUsd, formatUsd, type ModelPrice } from "../../core/llm/model-prices";

export function TraceTotals({ end, price }: { end: AgentEventOf<"run-end">; price: ModelPrice | null }) {
  return (
    <p className="totals" aria-label="Totals">
      {end.turns} {end.turns === 1 ? "turn" : "turns"} · {formatCount(end.usage.inputTokens)} tokens in · {formatCount(end.usage.outputTokens)} out
      {price && (
        <span title={price.basis === "local" ? "A model on this machine: no charge per token" : "At the price in Settings"}>
          {" "}
          · {formatUsd(costUsd(end.usage, price))}
        </span>
      )}{" "}
      · {formatDuration(end.elapsedMs)}
    </p>
  );
}
