// LLM settings (provider, endpoint, model, temperature, turns), the API keys and the embedding model. Keys are kept per
// provider and Base URL origin (provider-keys.ts) and stay in memory unless the person opts in; llmForRequest is the one
// place that decides which key a request carries.
import { create } from "zustand";
import { dataSharingSchema, type DataSharing } from "../core/data-sharing";
import { DEFAULT_EMBEDDING_SETTINGS, parseEmbeddingSettings, TEST_BUILD_EMBEDDING_SETTINGS, type EmbeddingSettings } from "../core/schema/embedding-settings";
import { DEFAULT_LLM_SETTINGS, presetOf, PROVIDER_PRESETS, storedLlmSettingsSchema, type LlmSettings } from "../core/llm/provider-presets";
import { refuseOutsidePolicy } from "../browser/content-security";
import { keyFor, keyGuardedFetch, migrateSingleKey, parseRememberedKeys, rememberedKeys, scopeOf, withEntry, type ProviderKeys } from "./provider-keys";

const SETTINGS_KEY = "querylab.llm-settings";
/** The remembered keys, each with its provider and origin. */
const KEYS_KEY = "querylab.llm-api-keys";
/** Earlier versions' single remembered key; moved into KEYS_KEY on first read. */
const LEGACY_KEY_KEY = "querylab.llm-api-key";
const SHARING_KEY = "querylab.data-sharing";
const EMBEDDING_KEY = "querylab.embedding-settings";

// The test build defaults to its own tiny model, so end-to-end tests never try the hub.
const EMBEDDING_DEFAULTS = import.meta.env.MODE === "test" ? TEST_BUILD_EMBEDDING_SETTINGS : DEFAULT_EMBEDDING_SETTINGS;

function readEmbedding(): EmbeddingSettings {
  try {
    return parseEmbeddingSettings(JSON.parse(localStorage.getItem(EMBEDDING_KEY) ?? "null"), EMBEDDING_DEFAULTS);
  } catch {
    return EMBEDDING_DEFAULTS;
  }
}

function readSharing(): DataSharing | null {
  try {
    const parsed = dataSharingSchema.safeParse(localStorage.getItem(SHARING_KEY));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The endpoint settings without a key: keys live in `keys`, so nothing can send `llm` with a key by mistake. */
export type EndpointSettings = Omit<LlmSettings, "apiKey">;

interface SettingsState {
  llm: EndpointSettings;
  /** Keys by provider and origin; the current one is keyFor(keys, llm). */
  keys: ProviderKeys;
  /** What the agent may send; null until the person has chosen, and nothing is sent before that. */
  sharing: DataSharing | null;
  setSharing(sharing: DataSharing): void;
  /** The embedding model for schema pruning: which, from where, or off. */
  embedding: EmbeddingSettings;
  updateEmbedding(partial: Partial<EmbeddingSettings>): void;
  open: boolean;
  update(partial: Partial<EndpointSettings>): void;
  choosePreset(providerId: string): void;
  /** Sets the key of the current provider and origin only. */
  setKey(key: string): void;
  /** Whether the current provider and origin's key is written to this browser's localStorage (otherwise gone on reload). */
  setRememberKey(remember: boolean): void;
  /** Every key, in memory and in storage. */
  forgetKeys(): void;
  setOpen(open: boolean): void;
}

function withoutKey(llm: LlmSettings): EndpointSettings {
  const { apiKey: _apiKey, ...rest } = llm;
  return rest;
}

function readLlm(): EndpointSettings {
  try {
    const stored = storedLlmSettingsSchema.safeParse(JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? "null"));
    return { ...withoutKey(DEFAULT_LLM_SETTINGS), ...(stored.success ? stored.data : {}) };
  } catch {
    return withoutKey(DEFAULT_LLM_SETTINGS);
  }
}

function readKeys(): ProviderKeys {
  try {
    const keys = parseRememberedKeys(localStorage.getItem(KEYS_KEY));
    const legacy = localStorage.getItem(LEGACY_KEY_KEY);
    if (legacy === null) return keys;
    // A key already stored for the same scope is newer than the legacy one.
    const merged = { ...migrateSingleKey(legacy, localStorage.getItem(SETTINGS_KEY)), ...keys };
    writeKeys(merged);
    localStorage.removeItem(LEGACY_KEY_KEY);
    return merged;
  } catch {
    return {};
  }
}

function writeLlm(llm: EndpointSettings): void {
  try {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(llm));
  } catch {
    // Storage unavailable: settings last as long as the page.
  }
}

function writeKeys(keys: ProviderKeys): void {
  try {
    const remembered = rememberedKeys(keys);
    if (remembered.length > 0) localStorage.setItem(KEYS_KEY, JSON.stringify(remembered));
    else localStorage.removeItem(KEYS_KEY);
  } catch {
    // Storage unavailable: keys last as long as the page.
  }
}

export const useSettingsStore = create<SettingsState>((set, get) => ({
  llm: readLlm(),
  keys: readKeys(),
  sharing: readSharing(),
  embedding: readEmbedding(),
  open: false,

  updateEmbedding(partial) {
    const embedding = { ...get().embedding, ...partial };
    set({ embedding });
    try {
      localStorage.setItem(EMBEDDING_KEY, JSON.stringify(embedding));
    } catch {
      // Kept for this page only.
    }
  },

  setSharing(sharing) {
    set({ sharing });
    try {
      localStorage.setItem(SHARING_KEY, sharing);
    } catch {
      // Kept for this page only.
    }
  },

  update(partial) {
    // A caller holding full LlmSettings may pass them whole: a key must still never land in the settings (or their storage).
    const { apiKey: _apiKey, ...endpoint } = partial as Partial<LlmSettings>;
    const llm = { ...get().llm, ...endpoint };
    set({ llm });
    writeLlm(llm);
  },

  choosePreset(providerId) {
    const preset = PROVIDER_PRESETS.find((candidate) => candidate.id === providerId) ?? presetOf({ providerId });
    // The preset's own URL and model, even when empty ("Other OpenAI-compatible", LM Studio): the previous provider's
    // address or model name would otherwise stay and be sent to a server that does not know them.
    get().update({ providerId: preset.id, baseUrl: preset.baseUrl, model: preset.defaultModel });
  },

  setKey(key) {
    const keys = withEntry(get().keys, scopeOf(get().llm), { key });
    set({ keys });
    writeKeys(keys);
  },

  setRememberKey(remember) {
    const keys = withEntry(get().keys, scopeOf(get().llm), { remember });
    set({ keys });
    writeKeys(keys);
  },

  forgetKeys() {
    set({ keys: {} });
    writeKeys({});
  },

  setOpen(open) {
    set({ open });
  },
}));

/**
 * The settings a request to the model is made with, carrying the key of their own provider and origin (or none), and
 * the fetch to make it with, which refuses to send that key to any other origin. The agent, Test connection, the
 * benchmark and describe-with-LLM all call this: it is the one place that decides which key goes where.
 */
export function llmForRequest(overrides: Partial<EndpointSettings> = {}): { settings: LlmSettings; fetch: typeof globalThis.fetch } {
  const { llm, keys } = useSettingsStore.getState();
  const endpoint = { ...llm, ...overrides };
  const scoped = { key: keyFor(keys, endpoint)?.key ?? "", origin: scopeOf(endpoint).origin };
  // globalThis.fetch is looked up per request, so a page or test that replaces it later is honoured.
  // An endpoint outside the page's Content-Security-Policy is refused here with the reason (a reload allows it):
  // the browser would refuse it anyway, as a bare "Failed to fetch" that reads like a CORS failure.
  const fetch = keyGuardedFetch(scoped, (input, init) => refuseOutsidePolicy(input) ?? globalThis.fetch(input, init));
  return { settings: { ...endpoint, apiKey: scoped.key }, fetch };
}
