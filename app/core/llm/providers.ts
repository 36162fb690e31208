// Turns LLM settings into a model the agent can call (the Vercel AI SDK providers), and lists a provider's models.
import { createAnthropic } from "@ai-sdk/anthropic";
import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { APICallError, type LanguageModel } from "ai";
import { presetOf, type LlmSettings } from "./provider-presets";

export * from "./provider-presets";

/** The model object the AI SDK calls. `fetch` is passed in so the page can record raw requests and responses. */
export function createLanguageModel(settings: LlmSettings, fetch?: typeof globalThis.fetch): LanguageModel {
  const preset = presetOf(settings);
  const baseURL = settings.baseUrl.replace(/\/+$/, "");
  const apiKey = settings.apiKey || undefined;
  switch (preset.kind) {
    case "anthropic":
      // Anthropic refuses browser calls unless asked explicitly; the key is the person's own, used from their device.
      return createAnthropic({ baseURL, apiKey, fetch, headers: { "anthropic-dangerous-direct-browser-access": "true" } })(settings.model);
    case "google":
      return createGoogleGenerativeAI({ baseURL, apiKey, fetch })(settings.model);
    case "in-page":
      // Its model lives in a page's worker (app/state/in-page-model-store.ts); nothing here can reach it.
      throw new Error('The provider "In this browser" runs only in the page: choose another provider here.');
    default:
      return createOpenAICompatible({ name: preset.id, baseURL, apiKey, fetch, includeUsage: true })(settings.model);
  }
}

/** Lists the provider's models (OpenAI-style GET /models); an error says what went wrong in words. */
export async function listModels(settings: LlmSettings, fetch: typeof globalThis.fetch = globalThis.fetch): Promise<string[]> {
  const preset = presetOf(settings);
  const baseUrl = settings.baseUrl.replace(/\/+$/, "");
  const headers: Record<string, string> = {};
  const url = `${baseUrl}/models`;
  if (preset.kind === "anthropic") {
    headers["x-api-key"] = settings.apiKey;
    headers["anthropic-version"] = "2023-06-01";
    headers["anthropic-dangerous-direct-browser-access"] = "true";
  } else if (preset.kind === "google") {
    // In the header, as the SDK sends it: a key in the URL would land in history, proxies' logs and error messages.
    headers["x-goog-api-key"] = settings.apiKey;
  } else if (settings.apiKey) {
    headers.authorization = `Bearer ${settings.apiKey}`;
  }
  const response = await fetch(url, { headers });
  // The body goes with the status: Google refuses a bad key with 400 and says so only there (API_KEY_INVALID).
  if (!response.ok) {
    const responseBody = await response.text().catch(() => "");
    throw new APICallError({ message: `HTTP ${response.status}`, url, requestBodyValues: {}, statusCode: response.status, responseBody });
  }
  const body = (await response.json()) as { data?: { id: string }[]; models?: { name: string }[] };
  const ids = body.data?.map((model) => model.id) ?? body.models?.map((model) => model.name.replace(/^models\//, "")) ?? [];
  return ids.sort();
}
