// LLM provider presets and settings, without the SDKs: the page reads these at start, the SDKs load on the first question.
import * as z from "../zod-mini";
import { DEFAULT_PRICE_TABLE, priceTableSchema } from "./model-prices";

/** "in-page": a small model run by transformers.js in the page's worker; its Base URL is where the model files come from. */
export type ProviderKind = "openai-compatible" | "anthropic" | "google" | "in-page";

export interface ProviderPreset {
  id: string;
  label: string;
  kind: ProviderKind;
  baseUrl: string;
  /** Local servers need no key. */
  needsKey: boolean;
  defaultModel: string;
  /** Whether GET {baseUrl}/models lists the models. */
  listsModels: boolean;
  /** What to do when the browser cannot reach it, in words. */
  reachHint?: string;
}

export const PROVIDER_PRESETS: ProviderPreset[] = [
  {
    id: "openai",
    label: "OpenAI",
    kind: "openai-compatible",
    baseUrl: "https://api.openai.com/v1",
    needsKey: true,
    defaultModel: "gpt-4o-mini",
    listsModels: true,
  },
  {
    id: "openrouter",
    label: "OpenRouter",
    kind: "openai-compatible",
    baseUrl: "https://openrouter.ai/api/v1",
    needsKey: true,
    defaultModel: "openai/gpt-4o-mini",
    listsModels: true,
  },
  {
    id: "groq",
    label: "Groq",
    kind: "openai-compatible",
    baseUrl: "https://api.groq.com/openai/v1",
    needsKey: true,
    defaultModel: "llama-3.3-70b-versatile",
    listsModels: true,
  },
  {
    id: "together",
    label: "Together",
    kind: "openai-compatible",
    baseUrl: "https://api.together.xyz/v1",
    needsKey: true,
    defaultModel: "meta-llama/Llama-3.3-70B-Instruct-Turbo",
    listsModels: true,
  },
  {
    id: "deepseek",
    label: "DeepSeek",
    kind: "openai-compatible",
    baseUrl: "https://api.deepseek.com/v1",
    needsKey: true,
    defaultModel: "deepseek-chat",
    listsModels: true,
  },
  {
    id: "mistral",
    label: "Mistral",
    kind: "openai-compatible",
    baseUrl: "https://api.mistral.ai/v1",
    needsKey: true,
    defaultModel: "mistral-small-latest",
    listsModels: true,
  },
  {
    id: "ollama",
    label: "Ollama (local)",
    kind: "openai-compatible",
    baseUrl: "http://localhost:11434/v1",
    needsKey: false,
    defaultModel: "qwen2.5-coder:7b",
    listsModels: true,
    reachHint: "Start Ollama with this page allowed: OLLAMA_ORIGINS=<this page's origin> ollama serve.",
  },
  {
    id: "lmstudio",
    label: "LM Studio (local)",
    kind: "openai-compatible",
    baseUrl: "http://localhost:1234/v1",
    needsKey: false,
    defaultModel: "",
    listsModels: true,
    reachHint: "In LM Studio's server settings, turn on CORS.",
  },
  {
    id: "llamacpp",
    label: "llama.cpp server (local)",
    kind: "openai-compatible",
    baseUrl: "http://localhost:8080/v1",
    needsKey: false,
    defaultModel: "default",
    listsModels: true,
    reachHint: "Start llama-server with --cors or behind a proxy that allows this page's origin.",
  },
  {
    id: "vllm",
    label: "vLLM",
    kind: "openai-compatible",
    baseUrl: "http://localhost:8000/v1",
    needsKey: false,
    defaultModel: "",
    listsModels: true,
    reachHint: "Start vLLM with --allowed-origins '[\"*\"]' or this page's origin.",
  },
  {
    id: "anthropic",
    label: "Anthropic",
    kind: "anthropic",
    baseUrl: "https://api.anthropic.com/v1",
    needsKey: true,
    defaultModel: "claude-3-5-haiku-latest",
    listsModels: true,
  },
  {
    id: "google",
    label: "Google Gemini",
    kind: "google",
    baseUrl: "https://generativelanguage.googleapis.com/v1beta",
    needsKey: true,
    defaultModel: "gemini-2.0-flash",
    listsModels: true,
  },
  {
    id: "in-page",
    label: "In this browser",
    kind: "in-page",
    // The model files' location: the hub, or a self-hosted folder such as ./models/ (in-page-models.ts).
    baseUrl: "https://huggingface.co/",
    needsKey: false,
    defaultModel: "onnx-community/Qwen2.5-Coder-0.5B-Instruct",
    listsModels: false,
  },
  { id: "custom", label: "Other OpenAI-compatible", kind: "openai-compatible", baseUrl: "", needsKey: false, defaultModel: "", listsModels: true },
];

/** Candidate voting (eval/candidate-voting.ts): more makes a vote steadier but costs one whole agent run each. */
export const MAX_CANDIDATES = 10;
/** Candidates at temperature 0 mostly write the same query; some spread is the point of voting. */
export const DEFAULT_CANDIDATE_TEMPERATURE = 0.7;

export const llmSettingsSchema = z.object({
  providerId: z.string(),
  baseUrl: z.string(),
  model: z.string(),
  /** Empty for local servers. Never written to traces or logs. */
  apiKey: z.string(),
  temperature: z.number().check(z.minimum(0), z.maximum(2)),
  maxTurns: z.int().check(z.minimum(1), z.maximum(50)),
  /** "auto" uses native tool calling and falls back to the text protocol when the provider refuses tools. */
  protocol: z.enum(["auto", "tools", "text"]),
  /** Per request, in milliseconds. */
  timeoutMs: z.int().check(z.minimum(1000)),
  maxRetries: z.int().check(z.minimum(0), z.maximum(10)),
  /** Tokens (in + out) one question may use before the agent stops; a runaway agent must not spend without end. */
  tokenBudget: z._default(z.int().check(z.minimum(1000)), 200_000),
  /**
   * Wall-clock limit for each query the agent runs, in ms (DEFAULT_QUERY_TIME_LIMIT_MS in db/query-watchdog.ts):
   * past it the query is ended, the database reopened intact, and the agent reads "Stopped after N s".
   */
  queryTimeLimitMs: z._default(z.int().check(z.minimum(1000), z.maximum(600_000)), 10_000),
  /**
   * USD per million input / output tokens per model (model-prices.ts), edited in Settings. Settings stored before it
   * existed get the list prices; a stored table that no longer parses falls back to them rather than losing every setting.
   */
  prices: z.catch(z._default(priceTableSchema, DEFAULT_PRICE_TABLE), DEFAULT_PRICE_TABLE),
  /** Money (USD) one question may cost before the agent stops, when the model's price is known; unset means no limit. */
  costBudgetUsd: z.catch(z.optional(z.number().check(z.positive())), undefined),
  /** Agent runs per question whose answers are put to a vote; 1 is off. */
  candidates: z.catch(z._default(z.int().check(z.minimum(1), z.maximum(MAX_CANDIDATES)), 1), 1),
  /** The temperature the candidates run at when voting (the single run keeps `temperature`). */
  candidateTemperature: z.catch(z._default(z.number().check(z.minimum(0), z.maximum(2)), DEFAULT_CANDIDATE_TEMPERATURE), DEFAULT_CANDIDATE_TEMPERATURE),
});
export type LlmSettings = z.infer<typeof llmSettingsSchema>;
/** The settings as the page stores them: the API key is kept apart (provider-keys.ts in the page's state). */
export const storedLlmSettingsSchema = z.omit(llmSettingsSchema, { apiKey: true });

export const DEFAULT_LLM_SETTINGS: LlmSettings = {
  providerId: "openai",
  baseUrl: "https://api.openai.com/v1",
  model: "gpt-4o-mini",
  apiKey: "",
  temperature: 0,
  maxTurns: 10,
  protocol: "auto",
  timeoutMs: 60_000,
  maxRetries: 3,
  tokenBudget: 200_000,
  queryTimeLimitMs: 10_000,
  prices: DEFAULT_PRICE_TABLE,
  candidates: 1,
  candidateTemperature: DEFAULT_CANDIDATE_TEMPERATURE,
};

export function presetOf(settings: Pick<LlmSettings, "providerId">): ProviderPreset {
  return PROVIDER_PRESETS.find((preset) => preset.id === settings.providerId) ?? PROVIDER_PRESETS.at(-1)!;
}
