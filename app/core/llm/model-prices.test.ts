// The price lookup (exact names, provider prefixes, local servers, unknown models), the arithmetic and the money format.
import { describe, expect, it } from "vitest";
import { costUsd, DEFAULT_PRICE_TABLE, formatUsd, isLocalEndpoint, LIST_PRICES, LIST_PRICES_TAKEN, priceOf, type PriceTable } from "./model-prices";
import { PROVIDER_PRESETS } from "./provider-presets";

const table: PriceTable = [
  { model: "gpt-4o-mini", inputUsdPerMillion: 0.15, outputUsdPerMillion: 0.6 },
  { model: "Meta-Llama/Llama-3.3-70B-Instruct-Turbo", inputUsdPerMillion: 0.88, outputUsdPerMillion: 0.88 },
  { model: "qwen2.5-coder:7b", inputUsdPerMillion: 1, outputUsdPerMillion: 2 },
];

describe("priceOf", () => {
  it("finds a model by its exact name, ignoring case and surrounding spaces", () => {
    expect(priceOf(table, "gpt-4o-mini")).toEqual({ inputUsdPerMillion: 0.15, outputUsdPerMillion: 0.6, basis: "table" });
    expect(priceOf(table, "  GPT-4o-Mini ")).toMatchObject({ inputUsdPerMillion: 0.15 });
    expect(priceOf(table, "meta-llama/llama-3.3-70b-instruct-turbo")).toMatchObject({ inputUsdPerMillion: 0.88 });
  });

  it("finds a model behind a provider prefix (OpenRouter's openai/…, Gemini's models/…)", () => {
    expect(priceOf(table, "openai/gpt-4o-mini", "https://openrouter.ai/api/v1")).toMatchObject({ inputUsdPerMillion: 0.15, basis: "table" });
    expect(priceOf(DEFAULT_PRICE_TABLE, "models/gemini-2.0-flash")).toMatchObject({ inputUsdPerMillion: 0.1, outputUsdPerMillion: 0.4 });
  });

  it("gives null for a model it does not know, never a guess from a similar name", () => {
    expect(priceOf(table, "gpt-4o")).toBeNull();
    expect(priceOf(table, "gpt-4o-mini-2024-07-18")).toBeNull();
    expect(priceOf(table, "anthropic/claude-3.5-haiku", "https://openrouter.ai/api/v1")).toBeNull();
    expect(priceOf(table, "")).toBeNull();
    expect(priceOf([], "gpt-4o-mini", "https://api.openai.com/v1")).toBeNull();
  });

  it("prices a model served from this machine at $0, unless the table names it", () => {
    expect(priceOf(table, "llama3.1:8b", "http://localhost:11434/v1")).toEqual({ inputUsdPerMillion: 0, outputUsdPerMillion: 0, basis: "local" });
    expect(priceOf(table, "default", "http://127.0.0.1:8080/v1")).toMatchObject({ basis: "local" });
    expect(priceOf(table, "qwen2.5-coder:7b", "http://localhost:11434/v1")).toMatchObject({ inputUsdPerMillion: 1, basis: "table" });
    // A host on the network may be a paid gateway: no price rather than a wrong $0.
    expect(priceOf(table, "llama3.1:8b", "http://192.168.1.20:11434/v1")).toBeNull();
  });

  it("knows every local preset as local and every paid preset's default model by its list price", () => {
    for (const preset of PROVIDER_PRESETS) {
      // The in-page model's Base URL is where its files come from, not an endpoint: its traces show tokens only.
      if (preset.id === "custom" || preset.kind === "in-page") continue;
      if (!preset.needsKey) expect(isLocalEndpoint(preset.baseUrl), preset.id).toBe(true);
      else expect(priceOf(DEFAULT_PRICE_TABLE, preset.defaultModel, preset.baseUrl)?.basis, preset.id).toBe("table");
    }
  });

  it("keeps where and when each list price was read", () => {
    for (const row of LIST_PRICES) {
      expect(row.source, row.model).toMatch(/^https:\/\//);
      expect(row.asOf, row.model).toMatch(/^\d{4}-\d{2}$/);
    }
    expect(LIST_PRICES_TAKEN.from <= LIST_PRICES_TAKEN.to).toBe(true);
    expect(new Set(DEFAULT_PRICE_TABLE.map((row) => row.model.toLowerCase())).size).toBe(DEFAULT_PRICE_TABLE.length);
  });
});

describe("isLocalEndpoint", () => {
  it("is true for loopback addresses only", () => {
    expect(isLocalEndpoint("http://localhost:1234/v1")).toBe(true);
    expect(isLocalEndpoint("http://[::1]:8000/v1")).toBe(true);
    expect(isLocalEndpoint("http://127.0.0.2:8000/v1")).toBe(true);
    expect(isLocalEndpoint("https://api.openai.com/v1")).toBe(false);
    expect(isLocalEndpoint("http://localhost.example.com/v1")).toBe(false);
    expect(isLocalEndpoint("not a url")).toBe(false);
    expect(isLocalEndpoint(undefined)).toBe(false);
  });
});

describe("costUsd", () => {
  it("prices input and output tokens per million", () => {
    const price = { inputUsdPerMillion: 0.15, outputUsdPerMillion: 0.6 };
    expect(costUsd({ inputTokens: 1_000_000, outputTokens: 0 }, price)).toBeCloseTo(0.15, 12);
    expect(costUsd({ inputTokens: 2_000, outputTokens: 500 }, price)).toBeCloseTo(0.0006, 12);
    expect(costUsd({ inputTokens: 0, outputTokens: 0 }, price)).toBe(0);
  });
});

describe("formatUsd", () => {
  it("writes small amounts to four decimals and others in cents", () => {
    expect(formatUsd(0)).toBe("$0");
    expect(formatUsd(0.0012)).toBe("$0.0012");
    expect(formatUsd(0.05)).toBe("$0.05");
    expect(formatUsd(0.102)).toBe("$0.102");
    expect(formatUsd(0.5)).toBe("$0.50");
    expect(formatUsd(0.00001)).toBe("<$0.0001");
    expect(formatUsd(12.3456)).toBe("$12.35");
    expect(formatUsd(1234.5)).toBe("$1,234.50");
  });
});
