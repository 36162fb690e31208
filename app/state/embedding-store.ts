// The embedding model of the page: one worker connection for the current setting, its load status, and a cached embedder.
import { create } from "zustand";
import { EmbeddingConnection, type EmbeddingStatus } from "../browser/embedding-connection";
import { queryLabStorage } from "../browser/services";
import { createCachedEmbedder } from "../core/schema/embedding-cache";
import { embeddingLoadSettings } from "../core/schema/embedding-settings";
import type { TextEmbedder } from "../core/schema/types";
import { useSettingsStore } from "./settings-store";

interface EmbeddingState {
  /** "off" when the setting turns the model off; otherwise the connection's status. */
  status: EmbeddingStatus | { state: "off" };
  /**
   * The embedder for the dense stage (cached in IndexedDB by model and text), or null when the model is off.
   * The first call starts the worker; the model loads on the first embed (or with load()).
   */
  embedder(): TextEmbedder | null;
  /** Loads the model now (the settings dialog's "Load model"); resolves either way, the outcome is in status. */
  load(): Promise<void>;
  /** Ends the worker and forgets a failure, so the next use loads again. */
  reset(): void;
  /** The live connection, for the test hook. */
  connection(): EmbeddingConnection | null;
}

let current: { key: string; connection: EmbeddingConnection; cached: TextEmbedder } | null = null;

function currentConnection(): { connection: EmbeddingConnection; cached: TextEmbedder } | null {
  const settings = embeddingLoadSettings(useSettingsStore.getState().embedding, location.href);
  const key = JSON.stringify(settings);
  if (current && current.key === key) return current;
  current?.connection.terminate();
  current = null;
  if (!settings) {
    useEmbeddingStore.setState({ status: { state: "off" } });
    return null;
  }
  const connection = new EmbeddingConnection(settings);
  connection.subscribe((status) => useEmbeddingStore.setState({ status }));
  current = { key, connection, cached: createCachedEmbedder(connection, queryLabStorage().embeddings) };
  useEmbeddingStore.setState({ status: connection.status });
  return current;
}

export const useEmbeddingStore = create<EmbeddingState>(() => ({
  status: { state: useSettingsStore.getState().embedding.enabled ? "idle" : "off" },
  embedder: () => currentConnection()?.cached ?? null,
  async load() {
    await currentConnection()
      ?.connection.load()
      .catch(() => undefined);
  },
  reset() {
    current?.connection.terminate();
    current = null;
    useEmbeddingStore.setState({ status: { state: useSettingsStore.getState().embedding.enabled ? "idle" : "off" } });
  },
  connection: () => currentConnection()?.connection ?? null,
}));

// A changed setting ends the old worker at once: its model is no longer wanted, and it may hold hundreds of MB.
useSettingsStore.subscribe((state, previous) => {
  if (state.embedding !== previous.embedding && current) useEmbeddingStore.getState().reset();
});
