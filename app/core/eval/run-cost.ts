// What a benchmark run cost, per model: tokens always, money where the model's price is known. The page's results
// summary and `querylab eval` both sum here.
import { costUsd, type ModelPrice } from "../llm/model-prices";

export interface ModelRunCost {
  model: string;
  questions: number;
  inputTokens: number;
  outputTokens: number;
  /** Null when the model has no price: tokens only, never a made-up amount. */
  costUsd: number | null;
}

/** One row per model, in the order the models first appear; `priceFor` is the lookup (the table, or prices given on the command line). */
export function costByModel(
  results: readonly { model: string; tokens: { input: number; output: number } }[],
  priceFor: (model: string) => ModelPrice | Pick<ModelPrice, "inputUsdPerMillion" | "outputUsdPerMillion"> | null,
): ModelRunCost[] {
  const rows = new Map<string, ModelRunCost>();
  for (const result of results) {
    let row = rows.get(result.model);
    if (!row) rows.set(result.model, (row = { model: result.model, questions: 0, inputTokens: 0, outputTokens: 0, costUsd: null }));
    row.questions += 1;
    row.inputTokens += result.tokens.input;
    row.outputTokens += result.tokens.output;
  }
  for (const row of rows.values()) {
    const price = priceFor(row.model);
    row.costUsd = price ? costUsd(row, price) : null;
  }
  return [...rows.values()];
}
