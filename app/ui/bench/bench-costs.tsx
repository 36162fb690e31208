// A benchmark run's cost per model: questions, tokens in and out, and money at the price in Settings (tokens only when
// the model has none). Results are priced with the endpoint in Settings, the one the page's runs use.
import { useMemo } from "react";
import { formatCount } from "../../core/format";
import { formatUsd, priceOf } from "../../core/llm/model-prices";
import { costByModel } from "../../core/eval/run-cost";
import type { RunResult } from "../../state/benchmark-store";
import { useSettingsStore } from "../../state/settings-store";

export function BenchCosts({ results }: { results: RunResult[] }) {
  const prices = useSettingsStore((state) => state.llm.prices);
  const baseUrl = useSettingsStore((state) => state.llm.baseUrl);
  const rows = useMemo(() => costByModel(results, (model) => priceOf(prices, model, baseUrl)), [results, prices, baseUrl]);
  if (rows.length === 0) return null;
  return (
    <table className="breakdown" aria-label="Cost by model">
      <thead>
        <tr>
          <th scope="col">model</th>
          <th scope="col">Tokens in</th>
          <th scope="col">Tokens out</th>
          <th scope="col">Cost</th>
          <th scope="col">Per question</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.model}>
            <th scope="row">{row.model}</th>
            <td>{formatCount(row.inputTokens)}</td>
            <td>{formatCount(row.outputTokens)}</td>
            <td>{row.costUsd === null ? "no price" : formatUsd(row.costUsd)}</td>
            <td>{row.costUsd === null ? "–" : formatUsd(row.costUsd / row.questions)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
