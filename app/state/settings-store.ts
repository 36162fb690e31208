// LLM settings (provider, endpoint, model, key, temperature, turns) and the embedding model. The key stays in memory unless the person opts in.
import { create } from "zustand";
import { dataSharingSchema, type DataSharing } from "../core/data-sharing";
import { DEFAULT_EMBEDDING_SETTINGS, parseEmbeddingSettings, TEST_BUILD_EMBEDDING_SETTINGS, type EmbeddingSettings } from "../core/schema/embedding-settings";
import { DEFAULT_LLM_SETTINGS, llmSettingsSchema, presetOf, PROVIDER_PRESETS, type LlmSettings } from "../core/llm/provider-presets";

const SETTINGS_KEY = "querylab.llm-settings";
const KEY_KEY = "querylab.llm-api-key";
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

interface SettingsState {
  llm: LlmSettings;
  /** What the agent may send; null until the person has chosen, and nothing is sent before that. */
  sharing: DataSharing | null;
  setSharing(sharing: DataSharing): void;
  /** The embedding model for schema pruning: which, from where, or off. */
  embedding: EmbeddingSettings;
  updateEmbedding(partial: Partial<EmbeddingSettings>): void;
  /** When true the API key is written to this browser's localStorage; otherwise it is forgotten on reload. */
  rememberKey: boolean;
  open: boolean;
  update(partial: Partial<LlmSettings>): void;
  choosePreset(providerId: string): void;
  setRememberKey(remember: boolean): void;
  forgetKeys(): void;
  setOpen(open: boolean): void;
}

function read(): { llm: LlmSettings; rememberKey: boolean } {
  try {
    const stored = llmSettingsSchema.omit({ apiKey: true }).safeParse(JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? "null"));
    const key = localStorage.getItem(KEY_KEY);
    return { llm: { ...DEFAULT_LLM_SETTINGS, ...(stored.success ? stored.data : {}), apiKey: key ?? "" }, rememberKey: key !== null };
  } catch {
    return { llm: DEFAULT_LLM_SETTINGS, rememberKey: false };
  }
}

function write(llm: LlmSettings, rememberKey: boolean): void {
  try {
    const { apiKey, ...rest } = llm;
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(rest));
    if (rememberKey && apiKey) localStorage.setItem(KEY_KEY, apiKey);
    else localStorage.removeItem(KEY_KEY);
  } catch {
    // Storage unavailable: settings last as long as the page.
  }
}

export const useSettingsStore = create<SettingsState>((set, get) => ({
  ...read(),
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
    const llm = { ...get().llm, ...partial };
    set({ llm });
    write(llm, get().rememberKey);
  },

  choosePreset(providerId) {
    const preset = PROVIDER_PRESETS.find((candidate) => candidate.id === providerId) ?? presetOf({ providerId });
    get().update({ providerId: preset.id, baseUrl: preset.baseUrl || get().llm.baseUrl, model: preset.defaultModel || get().llm.model });
  },

  setRememberKey(rememberKey) {
    set({ rememberKey });
    write(get().llm, rememberKey);
  },

  forgetKeys() {
    const llm = { ...get().llm, apiKey: "" };
    set({ llm, rememberKey: false });
    write(llm, false);
  },

  setOpen(open) {
    set({ open });
  },
}));
