// Settings for money: the price table (USD per million input / output tokens per model; add, edit, remove, reset to the
// list prices) and the optional budget per question. Both live in the LLM settings, so they persist with them.
import "./cost-settings.css";
import { useState } from "react";
import { DEFAULT_PRICE_TABLE, formatUsd, LIST_PRICES_TAKEN, priceOf, type ModelPriceRow } from "../../core/llm/model-prices";
import { useSettingsStore } from "../../state/settings-store";

/** A typed amount as a price: never negative, and a cleared box is 0 rather than NaN. */
function amount(text: string): number {
  const value = Number(text);
  return Number.isFinite(value) && value > 0 ? value : 0;
}

export function CostSettingsSection() {
  const llm = useSettingsStore((state) => state.llm);
  const { update } = useSettingsStore.getState();
  const prices = llm.prices;
  const price = priceOf(prices, llm.model, llm.baseUrl);
  const setRow = (index: number, change: Partial<ModelPriceRow>) => update({ prices: prices.map((row, at) => (at === index ? { ...row, ...change } : row)) });
  // The budget box keeps what is typed ("0.", "") while the setting holds a number or nothing.
  const [budgetText, setBudgetText] = useState(() => (llm.costBudgetUsd === undefined ? "" : String(llm.costBudgetUsd)));
  const listed = prices.some((row) => row.model.trim().toLowerCase() === llm.model.trim().toLowerCase());

  return (
    <section aria-label="Costs" className="settings-form">
      <h3>Costs</h3>
      <p className="muted" aria-label="Price of the current model">
        {!llm.model
          ? "No model chosen."
          : price?.basis === "table"
            ? `${llm.model}: $${price.inputUsdPerMillion} in, $${price.outputUsdPerMillion} out per million tokens.`
            : price?.basis === "local"
              ? `${llm.model} runs on this machine: no charge per token.`
              : `${llm.model} has no price in the table: tokens are shown, not money, and the budget cannot apply.`}
      </p>
      <label>
        Budget per question (USD, empty for none)
        <input
          type="number"
          min={0}
          step={0.01}
          value={budgetText}
          placeholder="none"
          onChange={(event) => {
            setBudgetText(event.target.value);
            update({ costBudgetUsd: amount(event.target.value) || undefined });
          }}
        />
      </label>
      {llm.costBudgetUsd !== undefined && (
        <p className="muted">
          The agent stops before a turn that would take a question past {formatUsd(llm.costBudgetUsd)}, estimated from the turn before it.
        </p>
      )}
      <details>
        <summary>Prices ({prices.length} models)</summary>
        <p className="muted">
          USD per million tokens. The starting rows are the providers&apos; list prices as of {LIST_PRICES_TAKEN.from}–{LIST_PRICES_TAKEN.to} (standard tier, no
          batch or cache discounts); prices change, so check them and edit here. A name also matches after a provider prefix (openai/gpt-4o-mini). A model not
          listed shows tokens only; one on this machine (localhost) costs nothing unless listed.
        </p>
        <table className="price-table" aria-label="Model prices">
          <thead>
            <tr>
              <th scope="col">Model</th>
              <th scope="col">In</th>
              <th scope="col">Out</th>
              <th scope="col">
                <span className="hidden-label">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {prices.map((row, index) => {
              const name = row.model || `row ${index + 1}`;
              return (
                <tr key={index}>
                  <td>
                    <input
                      type="text"
                      aria-label={`Model name, row ${index + 1}`}
                      value={row.model}
                      spellCheck={false}
                      onChange={(event) => setRow(index, { model: event.target.value })}
                    />
                  </td>
                  <td>
                    <input
                      type="number"
                      min={0}
                      step="any"
                      aria-label={`Input price of ${name}`}
                      value={row.inputUsdPerMillion}
                      onChange={(event) => setRow(index, { inputUsdPerMillion: amount(event.target.value) })}
                    />
                  </td>
                  <td>
                    <input
                      type="number"
                      min={0}
                      step="any"
                      aria-label={`Output price of ${name}`}
                      value={row.outputUsdPerMillion}
                      onChange={(event) => setRow(index, { outputUsdPerMillion: amount(event.target.value) })}
                    />
                  </td>
                  <td>
                    <button type="button" aria-label={`Remove the price of ${name}`} onClick={() => update({ prices: prices.filter((_, at) => at !== index) })}>
                      ×
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <div className="settings-row">
          {llm.model && !listed && (
            <button type="button" onClick={() => update({ prices: [...prices, { model: llm.model, inputUsdPerMillion: 0, outputUsdPerMillion: 0 }] })}>
              Add {llm.model}
            </button>
          )}
          <button type="button" onClick={() => update({ prices: [...prices, { model: "", inputUsdPerMillion: 0, outputUsdPerMillion: 0 }] })}>
            Add a model
          </button>
          <button type="button" onClick={() => update({ prices: DEFAULT_PRICE_TABLE })}>
            Reset to list prices
          </button>
        </div>
      </details>
    </section>
  );
}
