// LLM settings: provider, endpoint, model, key, temperature, turns. The key stays in memory unless the person opts in.
import { create } from "zustand";
import { DEFAULT_LLM_SETTINGS, llmSettingsSchema, presetOf, PROVIDER_PRESETS, type LlmSettings } from "../core/llm/provider-presets";

const SETTINGS_KEY = "querylab.llm-settings";
const KEY_KEY = "querylab.llm-api-key";

interface SettingsState {
  llm: LlmSettings;
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
  open: false,

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
