import { afterEach, describe, expect, it, vi } from "vitest";
import { MemoryWebStorage } from "../browser/memory-web-storage";
import { DEFAULT_LLM_SETTINGS } from "../core/llm/provider-presets";

const SETTINGS_KEY = "querylab.llm-settings";
const KEY_KEY = "querylab.llm-api-key";
const SHARING_KEY = "querylab.data-sharing";

/** A fresh page over what localStorage holds: the store reads it when it is created. */
async function loadPage(stored: Record<string, string>) {
  const storage = new MemoryWebStorage();
  for (const [key, value] of Object.entries(stored)) storage.setItem(key, value);
  vi.stubGlobal("localStorage", storage);
  vi.resetModules();
  const { useSettingsStore } = await import("./settings-store");
  return { storage, useSettingsStore };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("settings store", () => {
  it("keeps the settings across reloads, and the API key only when the person asks", async () => {
    const first = await loadPage({});
    first.useSettingsStore.getState().update({ baseUrl: "http://127.0.0.1:11434/v1", model: "llama3", apiKey: "secret" });
    expect(first.storage.getItem(SETTINGS_KEY)).not.toContain("secret");
    expect(first.storage.getItem(KEY_KEY)).toBeNull();
    first.useSettingsStore.getState().setRememberKey(true);
    expect(first.storage.getItem(KEY_KEY)).toBe("secret");

    const reloaded = await loadPage(Object.fromEntries([SETTINGS_KEY, KEY_KEY].map((key) => [key, first.storage.getItem(key)!])));
    expect(reloaded.useSettingsStore.getState().llm).toMatchObject({ baseUrl: "http://127.0.0.1:11434/v1", model: "llama3", apiKey: "secret" });
    expect(reloaded.useSettingsStore.getState().rememberKey).toBe(true);
    reloaded.useSettingsStore.getState().forgetKeys();
    expect(reloaded.storage.getItem(KEY_KEY)).toBeNull();
    expect(reloaded.useSettingsStore.getState().llm.apiKey).toBe("");
  });

  it("falls back to the defaults when what is stored is not settings", async () => {
    const page = await loadPage({ [SETTINGS_KEY]: "{not json", [SHARING_KEY]: "everything" });
    expect(page.useSettingsStore.getState().llm).toEqual(DEFAULT_LLM_SETTINGS);
    // Nothing is sent before the person chooses, and an unknown stored choice is no choice.
    expect(page.useSettingsStore.getState().sharing).toBeNull();
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
