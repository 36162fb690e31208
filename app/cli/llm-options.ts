// The LLM options shared by `ask` and `eval`: provider, endpoint, model, key, and the agent's limits.
import { dataSharingSchema, type DataSharing } from "../core/data-sharing";
import { DEFAULT_LLM_SETTINGS, PROVIDER_PRESETS, llmSettingsSchema, type LlmSettings } from "../core/llm/providers";

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
} as const;

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
