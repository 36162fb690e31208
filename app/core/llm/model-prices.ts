// What model calls cost: a price table (USD per million input / output tokens, per model), the lookup of a model in
// it, and the arithmetic. The page, the CLI and the agent's money budget all price tokens here, so they agree.
import * as z from "../zod-mini";

export const modelPriceRowSchema = z.object({
  model: z.string(),
  inputUsdPerMillion: z.number().check(z.minimum(0)),
  outputUsdPerMillion: z.number().check(z.minimum(0)),
});
export type ModelPriceRow = z.infer<typeof modelPriceRowSchema>;

/** The person's table, edited in Settings; at most a few hundred rows, so a stored table can never be unbounded. */
export const priceTableSchema = z.array(modelPriceRowSchema).check(z.maxLength(500));
export type PriceTable = z.infer<typeof priceTableSchema>;

/** A list price as the provider publishes it, with where and when it was read, so a stale row can be checked. */
export interface ListPrice extends ModelPriceRow {
  source: string;
  /** Year and month the price was read from the source. */
  asOf: string;
}

const OPENAI = "https://openai.com/api/pricing/";
const ANTHROPIC = "https://www.anthropic.com/pricing#api";
const GOOGLE = "https://ai.google.dev/gemini-api/docs/pricing";
const GROQ = "https://groq.com/pricing";
const TOGETHER = "https://www.together.ai/pricing";
const DEEPSEEK = "https://api-docs.deepseek.com/quick_start/pricing";
const MISTRAL = "https://mistral.ai/pricing#api-pricing";

/**
 * The models the presets name by default, and their common siblings, at the standard (pay-as-you-go, no batch, no
 * cached-input discount, shortest context tier) list price. Prices change and models are retired: these are the
 * starting rows of the table a person edits in Settings, never a live feed. A model that is not here, under its own
 * name or behind a provider prefix, has no price: it shows tokens only.
 */
export const LIST_PRICES: readonly ListPrice[] = [
  { model: "gpt-4o-mini", inputUsdPerMillion: 0.15, outputUsdPerMillion: 0.6, source: OPENAI, asOf: "2025-08" },
  { model: "gpt-4o", inputUsdPerMillion: 2.5, outputUsdPerMillion: 10, source: OPENAI, asOf: "2025-08" },
  { model: "gpt-4.1", inputUsdPerMillion: 2, outputUsdPerMillion: 8, source: OPENAI, asOf: "2025-08" },
  { model: "gpt-4.1-mini", inputUsdPerMillion: 0.4, outputUsdPerMillion: 1.6, source: OPENAI, asOf: "2025-08" },
  { model: "gpt-4.1-nano", inputUsdPerMillion: 0.1, outputUsdPerMillion: 0.4, source: OPENAI, asOf: "2025-08" },
  { model: "o3-mini", inputUsdPerMillion: 1.1, outputUsdPerMillion: 4.4, source: OPENAI, asOf: "2025-08" },
  { model: "o4-mini", inputUsdPerMillion: 1.1, outputUsdPerMillion: 4.4, source: OPENAI, asOf: "2025-08" },
  { model: "o3", inputUsdPerMillion: 2, outputUsdPerMillion: 8, source: OPENAI, asOf: "2025-08" },
  { model: "gpt-5", inputUsdPerMillion: 1.25, outputUsdPerMillion: 10, source: OPENAI, asOf: "2025-08" },
  { model: "gpt-5-mini", inputUsdPerMillion: 0.25, outputUsdPerMillion: 2, source: OPENAI, asOf: "2025-08" },
  { model: "gpt-5-nano", inputUsdPerMillion: 0.05, outputUsdPerMillion: 0.4, source: OPENAI, asOf: "2025-08" },
  { model: "claude-3-5-haiku-latest", inputUsdPerMillion: 0.8, outputUsdPerMillion: 4, source: ANTHROPIC, asOf: "2025-08" },
  { model: "claude-3-5-haiku-20241022", inputUsdPerMillion: 0.8, outputUsdPerMillion: 4, source: ANTHROPIC, asOf: "2025-08" },
  { model: "claude-3-haiku-20240307", inputUsdPerMillion: 0.25, outputUsdPerMillion: 1.25, source: ANTHROPIC, asOf: "2025-08" },
  { model: "claude-3-7-sonnet-latest", inputUsdPerMillion: 3, outputUsdPerMillion: 15, source: ANTHROPIC, asOf: "2025-08" },
  { model: "claude-sonnet-4-0", inputUsdPerMillion: 3, outputUsdPerMillion: 15, source: ANTHROPIC, asOf: "2025-08" },
  { model: "claude-sonnet-4-20250514", inputUsdPerMillion: 3, outputUsdPerMillion: 15, source: ANTHROPIC, asOf: "2025-08" },
  { model: "claude-opus-4-1", inputUsdPerMillion: 15, outputUsdPerMillion: 75, source: ANTHROPIC, asOf: "2025-08" },
  { model: "gemini-2.0-flash", inputUsdPerMillion: 0.1, outputUsdPerMillion: 0.4, source: GOOGLE, asOf: "2025-08" },
  { model: "gemini-2.0-flash-lite", inputUsdPerMillion: 0.075, outputUsdPerMillion: 0.3, source: GOOGLE, asOf: "2025-08" },
  { model: "gemini-2.5-flash", inputUsdPerMillion: 0.3, outputUsdPerMillion: 2.5, source: GOOGLE, asOf: "2025-08" },
  { model: "gemini-2.5-flash-lite", inputUsdPerMillion: 0.1, outputUsdPerMillion: 0.4, source: GOOGLE, asOf: "2025-08" },
  // Prompts up to 200k tokens; longer ones cost more, which a question's prompt never reaches here.
  { model: "gemini-2.5-pro", inputUsdPerMillion: 1.25, outputUsdPerMillion: 10, source: GOOGLE, asOf: "2025-08" },
  { model: "llama-3.3-70b-versatile", inputUsdPerMillion: 0.59, outputUsdPerMillion: 0.79, source: GROQ, asOf: "2025-08" },
  { model: "llama-3.1-8b-instant", inputUsdPerMillion: 0.05, outputUsdPerMillion: 0.08, source: GROQ, asOf: "2025-08" },
  { model: "meta-llama/Llama-3.3-70B-Instruct-Turbo", inputUsdPerMillion: 0.88, outputUsdPerMillion: 0.88, source: TOGETHER, asOf: "2025-08" },
  // Input at the cache-miss price: the agent's prompts differ per question, so few of them hit DeepSeek's cache.
  { model: "deepseek-chat", inputUsdPerMillion: 0.27, outputUsdPerMillion: 1.1, source: DEEPSEEK, asOf: "2025-02" },
  { model: "deepseek-reasoner", inputUsdPerMillion: 0.55, outputUsdPerMillion: 2.19, source: DEEPSEEK, asOf: "2025-02" },
  { model: "mistral-small-latest", inputUsdPerMillion: 0.1, outputUsdPerMillion: 0.3, source: MISTRAL, asOf: "2025-08" },
  { model: "mistral-large-latest", inputUsdPerMillion: 2, outputUsdPerMillion: 6, source: MISTRAL, asOf: "2025-08" },
];

/** The oldest and newest dates of the list prices, for saying how old the starting table is. */
export const LIST_PRICES_TAKEN = {
  from: LIST_PRICES.reduce((oldest, row) => (row.asOf < oldest ? row.asOf : oldest), LIST_PRICES[0]!.asOf),
  to: LIST_PRICES.reduce((newest, row) => (row.asOf > newest ? row.asOf : newest), LIST_PRICES[0]!.asOf),
};

/** The table a person starts with (and gets back with "Reset"): the list prices without their provenance. */
export const DEFAULT_PRICE_TABLE: PriceTable = LIST_PRICES.map(({ model, inputUsdPerMillion, outputUsdPerMillion }) => ({
  model,
  inputUsdPerMillion,
  outputUsdPerMillion,
}));

/** A model's price as found: from a row of the table, or nothing because it runs on this machine. */
export interface ModelPrice {
  inputUsdPerMillion: number;
  outputUsdPerMillion: number;
  basis: "table" | "local";
}

/**
 * A model served from this machine (Ollama, LM Studio, llama.cpp, a local vLLM) costs nothing per token. Only loopback
 * addresses count: a host on the local network may be a paid gateway, and a wrong $0 would be a made-up price.
 */
export function isLocalEndpoint(baseUrl: string | undefined): boolean {
  if (!baseUrl) return false;
  let host: string;
  try {
    host = new URL(baseUrl).hostname.toLowerCase();
  } catch {
    return false;
  }
  return host === "localhost" || host.endsWith(".localhost") || host === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(host);
}

function rowNamed(table: PriceTable, name: string): ModelPriceRow | undefined {
  return table.find((row) => row.model.trim().toLowerCase() === name);
}

/**
 * The price of `model` in `table`: its row by exact name (case and surrounding spaces ignored), else the row of the name
 * after a provider prefix ("openai/gpt-4o-mini" on OpenRouter, "models/gemini-2.0-flash"), else $0 when it is served
 * from this machine; otherwise null (unknown: tokens only). A row wins over the local rule, so a price set for a
 * local model is used.
 */
export function priceOf(table: PriceTable, model: string, baseUrl?: string): ModelPrice | null {
  const name = model.trim().toLowerCase();
  if (name !== "") {
    const row = rowNamed(table, name) ?? (name.includes("/") ? rowNamed(table, name.slice(name.lastIndexOf("/") + 1)) : undefined);
    if (row) return { inputUsdPerMillion: row.inputUsdPerMillion, outputUsdPerMillion: row.outputUsdPerMillion, basis: "table" };
  }
  return isLocalEndpoint(baseUrl) ? { inputUsdPerMillion: 0, outputUsdPerMillion: 0, basis: "local" } : null;
}

/** What the tokens cost at the price, in USD. */
export function costUsd(usage: { inputTokens: number; outputTokens: number }, price: Pick<ModelPrice, "inputUsdPerMillion" | "outputUsdPerMillion">): number {
  return (usage.inputTokens * price.inputUsdPerMillion + usage.outputTokens * price.outputUsdPerMillion) / 1_000_000;
}

/**
 * Money for people: "$0" for nothing, four decimals at most below a dollar (one turn of a cheap model is a fraction of
 * a cent) with trailing zeros dropped down to cents ("$0.05", "$0.0012"), cents above a dollar, "<$0.0001" for less.
 */
export function formatUsd(usd: number): string {
  if (usd === 0) return "$0";
  if (usd < 0.00005) return "<$0.0001";
  if (usd < 1) {
    const text = usd.toFixed(4).replace(/0+$/, "");
    const decimals = text.length - text.indexOf(".") - 1;
    return `$${decimals < 2 ? usd.toFixed(2) : text}`;
  }
  return `$${usd.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
