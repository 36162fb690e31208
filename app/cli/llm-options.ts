// The LLM options shared by `ask` and `eval`: provider, endpoint, model, key, and the agent's limits.
import { dataSharingSchema, type DataSharing } from "../core/data-sharing";
import { DEFAULT_QUERY_TIME_LIMIT_MS } from "../core/db/query-watchdog";
import {
  DEFAULT_CANDIDATE_TEMPERATURE,
  DEFAULT_LLM_SETTINGS,
  MAX_CANDIDATES,
  PROVIDER_PRESETS,
  llmSettingsSchema,
  type LlmSettings,
} from "../core/llm/providers";

export const LLM_OPTION_SPEC = {
  provider: { type: "string" },
  "base-url": { type: "string" },
  model: { type: "string" },
  "api-key": { type: "string" },
  "max-turns": { type: "string" },
  temperature: { type: "string" },
  protocol: { type: "string" },
  timeout: { type: "string" },
  sharing: { type: "string", default: "schema" },
  "query-time-limit": { type: "string" },
  "question-time-limit": { type: "string" },
  candidates: { type: "string" },
} as const;

export const VOTING_USAGE = "[--candidates N [--temperature T]]";

/**
 * Candidate voting (--candidates N, above 1): N agent runs per question at --temperature, or at the default voting
 * temperature when none is given (temperature 0 would make the candidates mostly alike). Throws on a bad number.
 */
export function votingFrom(values: { candidates?: string; temperature?: string }): { candidates: number; temperature: number } | undefined {
  if (values.candidates === undefined) return undefined;
  const candidates = Number(values.candidates);
  if (!Number.isInteger(candidates) || candidates < 1 || candidates > MAX_CANDIDATES) {
    throw new Error(`--candidates must be a whole number from 1 to ${MAX_CANDIDATES}, not ${values.candidates}`);
  }
  if (candidates === 1) return undefined;
  return { candidates, temperature: values.temperature === undefined ? DEFAULT_CANDIDATE_TEMPERATURE : Number(values.temperature) };
}

export const LIMITS_USAGE = "[--query-time-limit S] [--question-time-limit S]";

/** A question's default wall-clock limit: ten slow turns of a local model fit; a hung run still ends. */
export const DEFAULT_QUESTION_TIME_LIMIT_MS = 600_000;

/** The run's time limits, in ms: per query (the agent's and the judge's) and per question. Throws on a bad number. */
export function limitsFrom(values: Record<string, string | boolean | undefined>): { queryLimitMs: number; questionLimitMs: number } {
  const seconds = (name: string, fallbackMs: number) => {
    const text = values[name];
    if (typeof text !== "string") return fallbackMs;
    const parsed = Number(text);
    if (!Number.isFinite(parsed) || parsed <= 0) throw new Error(`--${name} must be a number of seconds above 0, not ${text}`);
    return parsed * 1000;
  };
  return {
    queryLimitMs: seconds("query-time-limit", DEFAULT_QUERY_TIME_LIMIT_MS),
    questionLimitMs: seconds("question-time-limit", DEFAULT_QUESTION_TIME_LIMIT_MS),
  };
}

export const SHARING_USAGE = "[--sharing schema|profiles|results]";

/** What may be sent to the LLM (--sharing); the most private level unless asked. Throws on an unknown level. */
export function sharingFrom(values: { sharing?: string }): DataSharing {
  const parsed = dataSharingSchema.safeParse(values.sharing ?? "schema");
  if (!parsed.success) throw new Error(`--sharing must be one of ${dataSharingSchema.options.join(", ")}, not ${values.sharing}`);
  return parsed.data;
}

export function llmSettingsFrom(values: Record<string, string | boolean | undefined>): LlmSettings {
  const preset = PROVIDER_PRESETS.find((candidate) => candidate.id === values.provider) ?? PROVIDER_PRESETS.find((candidate) => candidate.id === "custom")!;
  const text = (name: string) => (typeof values[name] === "string" ? (values[name] as string) : undefined);
  const number = (name: string) => (text(name) === undefined ? undefined : Number(text(name)));
  return llmSettingsSchema.parse({
    ...DEFAULT_LLM_SETTINGS,
    providerId: preset.id,
    baseUrl: text("base-url") ?? preset.baseUrl,
    model: text("model") ?? preset.defaultModel,
    apiKey: text("api-key") ?? process.env.QUERYLAB_API_KEY ?? "",
    maxTurns: number("max-turns") ?? DEFAULT_LLM_SETTINGS.maxTurns,
    temperature: number("temperature") ?? DEFAULT_LLM_SETTINGS.temperature,
    protocol: text("protocol") ?? DEFAULT_LLM_SETTINGS.protocol,
    timeoutMs: number("timeout") ?? DEFAULT_LLM_SETTINGS.timeoutMs,
  });
}
