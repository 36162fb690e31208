// The price table and the money budget in the stored LLM settings: settings saved before them load with the list
// prices and no budget, a broken table falls back without losing the rest, and edits survive a reload.
import { afterEach, describe, expect, it, vi } from "vitest";
import { MemoryWebStorage } from "../browser/memory-web-storage";
import { DEFAULT_PRICE_TABLE } from "../core/llm/model-prices";

const SETTINGS_KEY = "querylab.llm-settings";

async function loadPage(storage: Storage) {
  vi.stubGlobal("localStorage", storage);
  vi.resetModules();
  return (await import("./settings-store")).useSettingsStore;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Settings as an earlier version stored them: no prices, no budget. */
const EARLIER = {
  providerId: "groq",
  baseUrl: "https://api.groq.com/openai/v1",
  model: "llama-3.3-70b-versatile",
  temperature: 0.2,
  maxTurns: 7,
  protocol: "auto",
  timeoutMs: 60_000,
  maxRetries: 3,
};

describe("prices and budget in stored settings", () => {
  it("gives settings stored before them the list prices and no budget, keeping the rest", async () => {
    const storage = new MemoryWebStorage();
    storage.setItem(SETTINGS_KEY, JSON.stringify(EARLIER));
    const { llm } = (await loadPage(storage)).getState();
    expect(llm).toMatchObject({ model: "llama-3.3-70b-versatile", maxTurns: 7, temperature: 0.2 });
    expect(llm.prices).toEqual(DEFAULT_PRICE_TABLE);
    expect(llm.costBudgetUsd).toBeUndefined();
  });

  it("falls back to the list prices, and no budget, when those stored are broken, without losing the other settings", async () => {
    const storage = new MemoryWebStorage();
    storage.setItem(SETTINGS_KEY, JSON.stringify({ ...EARLIER, prices: [{ model: "x", inputUsdPerMillion: -1 }], costBudgetUsd: "a lot" }));
    const { llm } = (await loadPage(storage)).getState();
    expect(llm.maxTurns).toBe(7);
    expect(llm.prices).toEqual(DEFAULT_PRICE_TABLE);
    expect(llm.costBudgetUsd).toBeUndefined();
  });

  it("keeps an edited table and a budget across a reload, and a cleared budget stays cleared", async () => {
    const storage = new MemoryWebStorage();
    const store = await loadPage(storage);
    const prices = [{ model: "scripted-model", inputUsdPerMillion: 1, outputUsdPerMillion: 2 }];
    store.getState().update({ prices, costBudgetUsd: 0.05 });
    expect((await loadPage(storage)).getState().llm).toMatchObject({ prices, costBudgetUsd: 0.05 });
    (await loadPage(storage)).getState().update({ costBudgetUsd: undefined });
    expect((await loadPage(storage)).getState().llm.costBudgetUsd).toBeUndefined();
  });
});
