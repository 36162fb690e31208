// The price of a model at the table in Settings, kept as one object while neither changes (turn cards are memoized on it).
import { useMemo } from "react";
import { priceOf, type ModelPrice } from "../../core/llm/model-prices";
import { useSettingsStore } from "../../state/settings-store";

export function useModelPrice(model: string | undefined, baseUrl: string | undefined): ModelPrice | null {
  const prices = useSettingsStore((state) => state.llm.prices);
  return useMemo(() => (model === undefined ? null : priceOf(prices, model, baseUrl)), [prices, model, baseUrl]);
}
