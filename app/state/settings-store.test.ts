import { afterEach, describe, expect, it, vi } from "vitest";
import { generateText } from "ai";
import { MemoryWebStorage } from "../browser/memory-web-storage";
import { DEFAULT_LLM_SETTINGS } from "../core/llm/provider-presets";
import { createLanguageModel, listModels } from "../core/llm/providers";
import { keyFor } from "./provider-keys";

const SETTINGS_KEY = "querylab.llm-settings";
const KEYS_KEY = "querylab.llm-api-keys";
const LEGACY_KEY_KEY = "querylab.llm-api-key";
const SHARING_KEY = "querylab.data-sharing";
const SERVER_A = "http://127.0.0.1:1111/v1";
const SERVER_B = "http://127.0.0.1:2222/v1";

/** A fresh page over what localStorage holds: the store reads it when it is created. */
async function loadPage(stored: Record<string, string>) {
  const storage = new MemoryWebStorage();
  for (const [key, value] of Object.entries(stored)) storage.setItem(key, value);
  vi.stubGlobal("localStorage", storage);
  vi.resetModules();
  const { llmForRequest, useSettingsStore } = await import("./settings-store");
  const currentKey = () => keyFor(useSettingsStore.getState().keys, useSettingsStore.getState().llm);
  return { storage, useSettingsStore, llmForRequest, currentKey };
}

/** What the page would carry over to the next load. */
const storedItems = (storage: Storage, ...names: string[]) =>
  Object.fromEntries(names.flatMap((name) => (storage.getItem(name) === null ? [] : [[name, storage.getItem(name)!]])));

/** Every request made through the global fetch, answered with an empty model list. */
function recordFetches() {
  const calls: { url: string; authorization: string | null }[] = [];
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    calls.push({ url: request.url, authorization: request.headers.get("authorization") });
    return Response.json({ data: [] });
  });
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("keys per provider and origin", () => {
  it("never carries a key to another preset or Base URL, and shows it again on the way back", async () => {
    const { useSettingsStore, currentKey, llmForRequest } = await loadPage({});
    const store = useSettingsStore.getState();
    store.setKey("sk-openai");
    expect(currentKey()).toMatchObject({ key: "sk-openai", origin: "https://api.openai.com", providerId: "openai" });

    store.choosePreset("ollama");
    expect(currentKey()).toBeUndefined();
    expect(llmForRequest().settings).toMatchObject({ baseUrl: "http://localhost:11434/v1", apiKey: "" });
    store.choosePreset("custom");
    store.update({ baseUrl: SERVER_A });
    expect(llmForRequest().settings.apiKey).toBe("");
    store.setKey("sk-a");
    store.update({ baseUrl: SERVER_B });
    expect(llmForRequest().settings.apiKey).toBe("");
    // The same origin under another path keeps its key; another provider at the same origin does not share it.
    store.update({ baseUrl: `${SERVER_A}/../v2` });
    expect(llmForRequest().settings.apiKey).toBe("sk-a");
    store.update({ providerId: "vllm" });
    expect(llmForRequest().settings.apiKey).toBe("");

    store.choosePreset("openai");
    expect(llmForRequest().settings).toMatchObject({ baseUrl: "https://api.openai.com/v1", apiKey: "sk-openai" });
    store.choosePreset("custom");
    store.update({ baseUrl: SERVER_A });
    expect(llmForRequest().settings.apiKey).toBe("sk-a");
  });

  it("keeps a key out of the endpoint settings even when a caller passes one", async () => {
    const { storage, useSettingsStore, llmForRequest } = await loadPage({});
    useSettingsStore.getState().update({ ...DEFAULT_LLM_SETTINGS, apiKey: "sk-smuggled" } as Partial<typeof DEFAULT_LLM_SETTINGS>);
    expect(useSettingsStore.getState().llm).not.toHaveProperty("apiKey");
    expect(llmForRequest().settings.apiKey).toBe("");
    expect(JSON.stringify(storedItems(storage, SETTINGS_KEY, KEYS_KEY))).not.toContain("sk-smuggled");
  });

  it("remembers only the keys asked for, each with its provider and origin, across a reload", async () => {
    const first = await loadPage({});
    let store = first.useSettingsStore.getState();
    store.update({ providerId: "custom", baseUrl: SERVER_A, model: "llama3" });
    store.setKey("sk-a");
    expect(first.storage.getItem(KEYS_KEY)).toBeNull();
    store.setRememberKey(true);
    store.update({ baseUrl: SERVER_B });
    store.setKey("sk-b-memory-only");
    expect(first.currentKey()?.remember).toBe(false);
    expect(JSON.parse(first.storage.getItem(KEYS_KEY)!)).toEqual([{ providerId: "custom", origin: "http://127.0.0.1:1111", key: "sk-a" }]);
    expect(first.storage.getItem(SETTINGS_KEY)).not.toContain("sk-");

    const reloaded = await loadPage(storedItems(first.storage, SETTINGS_KEY, KEYS_KEY));
    store = reloaded.useSettingsStore.getState();
    expect(reloaded.llmForRequest().settings).toMatchObject({ baseUrl: SERVER_B, model: "llama3", apiKey: "" });
    store.update({ baseUrl: SERVER_A });
    expect(reloaded.currentKey()).toMatchObject({ key: "sk-a", remember: true });
    // Unticking forgets it from storage, not from this page.
    store.setRememberKey(false);
    expect(reloaded.storage.getItem(KEYS_KEY)).toBeNull();
    expect(reloaded.llmForRequest().settings.apiKey).toBe("sk-a");
  });

  it("moves the single remembered key of earlier versions to the origin it was saved with", async () => {
    const saved = { ...DEFAULT_LLM_SETTINGS, providerId: "custom", baseUrl: SERVER_A, apiKey: undefined };
    const page = await loadPage({ [SETTINGS_KEY]: JSON.stringify(saved), [LEGACY_KEY_KEY]: "sk-old" });
    expect(page.currentKey()).toEqual({ providerId: "custom", origin: "http://127.0.0.1:1111", key: "sk-old", remember: true });
    expect(page.storage.getItem(LEGACY_KEY_KEY)).toBeNull();
    expect(JSON.parse(page.storage.getItem(KEYS_KEY)!)).toEqual([{ providerId: "custom", origin: "http://127.0.0.1:1111", key: "sk-old" }]);
    page.useSettingsStore.getState().update({ baseUrl: SERVER_B });
    expect(page.llmForRequest().settings.apiKey).toBe("");
    page.useSettingsStore.getState().choosePreset("openai");
    expect(page.llmForRequest().settings.apiKey).toBe("");

    // Without readable settings beside it nobody knows where the old key belongs: it is dropped, not guessed.
    const unknown = await loadPage({ [SETTINGS_KEY]: "{damaged", [LEGACY_KEY_KEY]: "sk-old" });
    expect(unknown.useSettingsStore.getState().keys).toEqual({});
    expect(JSON.stringify(storedItems(unknown.storage, LEGACY_KEY_KEY, KEYS_KEY))).not.toContain("sk-old");
  });

  it("Forget keys clears every key, in memory and in storage", async () => {
    const page = await loadPage({});
    const store = page.useSettingsStore.getState();
    store.setKey("sk-openai");
    store.setRememberKey(true);
    store.update({ providerId: "custom", baseUrl: SERVER_A });
    store.setKey("sk-a");
    store.forgetKeys();
    expect(page.useSettingsStore.getState().keys).toEqual({});
    expect(page.storage.getItem(KEYS_KEY)).toBeNull();
    store.choosePreset("openai");
    expect(page.llmForRequest().settings.apiKey).toBe("");
    const reloaded = await loadPage(storedItems(page.storage, SETTINGS_KEY, KEYS_KEY, LEGACY_KEY_KEY));
    expect(reloaded.useSettingsStore.getState().keys).toEqual({});
  });
});

describe("llmForRequest, the one place a key is chosen", () => {
  it("sends each endpoint only its own key (Test connection's model list)", async () => {
    const calls = recordFetches();
    const { useSettingsStore, llmForRequest } = await loadPage({});
    useSettingsStore.getState().update({ providerId: "custom", baseUrl: SERVER_A });
    useSettingsStore.getState().setKey("sk-a");
    useSettingsStore.getState().update({ baseUrl: SERVER_B });
    await listModels(llmForRequest().settings, llmForRequest().fetch);
    useSettingsStore.getState().update({ baseUrl: SERVER_A });
    await listModels(llmForRequest().settings, llmForRequest().fetch);
    expect(calls).toEqual([
      { url: "http://127.0.0.1:2222/v1/models", authorization: null },
      { url: "http://127.0.0.1:1111/v1/models", authorization: "Bearer sk-a" },
    ]);
  });

  it("refuses to send a key to an origin other than its own, even when the settings are changed after it was chosen", async () => {
    const calls = recordFetches();
    const { useSettingsStore, llmForRequest } = await loadPage({});
    useSettingsStore.getState().update({ providerId: "custom", baseUrl: SERVER_A, model: "m" });
    useSettingsStore.getState().setKey("sk-a");
    const { settings, fetch } = llmForRequest();
    const elsewhere = { ...settings, baseUrl: SERVER_B, maxRetries: 0 };
    // The store was loaded afresh (vi.resetModules), so its KeyOriginError class is not this file's: match by name.
    await expect(listModels(elsewhere, fetch)).rejects.toMatchObject({ name: "KeyOriginError" });
    await expect(generateText({ model: createLanguageModel(elsewhere, fetch), prompt: "hello", maxRetries: 0 })).rejects.toThrow(
      /was not sent to http:\/\/127\.0\.0\.1:2222/,
    );
    expect(calls).toEqual([]);
  });
});

describe("settings store", () => {
  it("falls back to the defaults when what is stored is not settings", async () => {
    const page = await loadPage({ [SETTINGS_KEY]: "{not json", [SHARING_KEY]: "everything" });
    const { apiKey: _apiKey, ...defaults } = DEFAULT_LLM_SETTINGS;
    expect(page.useSettingsStore.getState().llm).toEqual(defaults);
    // Nothing is sent before the person chooses, and an unknown stored choice is no choice.
    expect(page.useSettingsStore.getState().sharing).toBeNull();
  });

  it("choosing Other OpenAI-compatible leaves no preset's URL or model behind", async () => {
    const page = await loadPage({});
    page.useSettingsStore.getState().choosePreset("groq");
    expect(page.useSettingsStore.getState().llm).toMatchObject({ baseUrl: "https://api.groq.com/openai/v1", model: "llama-3.3-70b-versatile" });
    page.useSettingsStore.getState().choosePreset("custom");
    expect(page.useSettingsStore.getState().llm).toMatchObject({ providerId: "custom", baseUrl: "", model: "" });
    // A preset without a default model (LM Studio) does not inherit the previous provider's either.
    page.useSettingsStore.getState().choosePreset("openai");
    page.useSettingsStore.getState().choosePreset("lmstudio");
    expect(page.useSettingsStore.getState().llm).toMatchObject({ baseUrl: "http://localhost:1234/v1", model: "" });
  });

  it("remembers what may be sent to the model", async () => {
    const first = await loadPage({});
    first.useSettingsStore.getState().setSharing("results");
    const reloaded = await loadPage({ [SHARING_KEY]: first.storage.getItem(SHARING_KEY)! });
    expect(reloaded.useSettingsStore.getState().sharing).toBe("results");
  });

  it("works for the page's lifetime when localStorage is unavailable", async () => {
    vi.stubGlobal("localStorage", undefined);
    vi.resetModules();
    const { useSettingsStore } = await import("./settings-store");
    useSettingsStore.getState().update({ model: "m" });
    useSettingsStore.getState().setSharing("schema");
    expect(useSettingsStore.getState().llm.model).toBe("m");
    expect(useSettingsStore.getState().sharing).toBe("schema");
  });
});
