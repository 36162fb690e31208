// The embedding model of the page: one worker connection for the current setting, its load status, a cached embedder,
// and the person's approval before a model is first downloaded from the hub.
import { create } from "zustand";
import { EmbeddingConnection, type EmbeddingStatus } from "../browser/embedding-connection";
import { queryLabStorage } from "../browser/services";
import { createCachedEmbedder } from "../core/schema/embedding-cache";
import { embeddingLoadSettings, type EmbeddingSettings } from "../core/schema/embedding-settings";
import type { TextEmbedder } from "../core/schema/types";
import { readApprovedDownloads, saveApprovedDownloads } from "./download-approvals";
import { useSettingsStore } from "./settings-store";

/** Hub models the person agreed to download (see download-approvals.ts). */
const APPROVED_KEY = "querylab.embedding-downloads-approved";

let approved = readApprovedDownloads(APPROVED_KEY);

/**
 * Whether this setting would download from the hub a model the person has not agreed to. A self-hosted folder needs no
 * approval: it is the person's own site, chosen on purpose.
 */
export function needsDownloadApproval(settings: EmbeddingSettings): boolean {
  return settings.enabled && settings.location === "hub" && !approved.includes(settings.model);
}

export type EmbeddingStoreStatus = EmbeddingStatus | { state: "off" } | { state: "needs-approval" };

function restingStatus(): EmbeddingStoreStatus {
  const settings = useSettingsStore.getState().embedding;
  if (!settings.enabled) return { state: "off" };
  return needsDownloadApproval(settings) ? { state: "needs-approval" } : { state: "idle" };
}

interface EmbeddingState {
  /**
   * "off" when the setting turns the model off; "needs-approval" before a hub model's first download (nothing is
   * fetched until the person agrees); otherwise the connection's status.
   */
  status: EmbeddingStoreStatus;
  /**
   * The embedder for the dense stage (cached in IndexedDB by model and text), or null when the model is off or not yet
   * approved. The first call starts the worker; the model loads on the first embed (or with load()).
   */
  embedder(): TextEmbedder | null;
  /** Loads the model now (the settings dialog's "Load model"); resolves either way, the outcome is in status. */
  load(): Promise<void>;
  /** The person agrees to download the current hub model: remembered, then loaded. */
  approveDownload(): Promise<void>;
  /** Ends the worker and forgets a failure, so the next use loads again. */
  reset(): void;
  /** The live connection, for the test hook. */
  connection(): EmbeddingConnection | null;
}

let current: { key: string; connection: EmbeddingConnection; cached: TextEmbedder } | null = null;

function currentConnection(): { connection: EmbeddingConnection; cached: TextEmbedder } | null {
  const embedding = useSettingsStore.getState().embedding;
  const settings = needsDownloadApproval(embedding) ? null : embeddingLoadSettings(embedding, location.href);
  const key = JSON.stringify(settings);
  if (current && current.key === key) return current;
  current?.connection.terminate();
  current = null;
  if (!settings) {
    useEmbeddingStore.setState({ status: restingStatus() });
    return null;
  }
  const connection = new EmbeddingConnection(settings);
  connection.subscribe((status) => useEmbeddingStore.setState({ status }));
  current = { key, connection, cached: createCachedEmbedder(connection, queryLabStorage().embeddings) };
  useEmbeddingStore.setState({ status: connection.status });
  return current;
}

export const useEmbeddingStore = create<EmbeddingState>(() => ({
  status: restingStatus(),
  embedder: () => currentConnection()?.cached ?? null,
  async load() {
    await currentConnection()
      ?.connection.load()
      .catch(() => undefined);
  },
  async approveDownload() {
    const { model } = useSettingsStore.getState().embedding;
    if (!approved.includes(model)) approved = [...approved, model];
    saveApprovedDownloads(APPROVED_KEY, approved);
    await useEmbeddingStore.getState().load();
  },
  reset() {
    current?.connection.terminate();
    current = null;
    useEmbeddingStore.setState({ status: restingStatus() });
  },
  connection: () => currentConnection()?.connection ?? null,
}));

// A changed setting ends the old worker at once: its model is no longer wanted, and it may hold hundreds of MB. The
// status follows the setting even with no worker yet (off, or a new hub model that needs approval).
useSettingsStore.subscribe((state, previous) => {
  if (state.embedding !== previous.embedding) useEmbeddingStore.getState().reset();
});
