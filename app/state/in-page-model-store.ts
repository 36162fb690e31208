// The provider "In this browser": one worker connection for the chosen model and location, what this browser can run,
// the person's agreement before a hub download, the load's progress, and the live tokens per second of a generation.
import type { LanguageModel } from "ai";
import { InPageModelConnection, probeBrowserAbilities, type GenerationProgress, type InPageModelStatus } from "../browser/in-page-model-connection";
import { approxDownloadMegabytes, inPageModelLocation, inPageSupport, isHubLocation, megabytesText, type BrowserAbilities } from "../core/llm/in-page-models";
import { presetOf } from "../core/llm/provider-presets";
import { create } from "zustand";
import { readApprovedDownloads, saveApprovedDownloads } from "./download-approvals";
import { useSettingsStore } from "./settings-store";

/** Hub models the person agreed to download (see download-approvals.ts). */
const APPROVED_KEY = "querylab.in-page-downloads-approved";

interface InPageModelState {
  /** What the browser offers; null until probed (probe() runs when the provider is shown). */
  abilities: BrowserAbilities | null;
  /** The connection's status: idle before the first load. */
  status: InPageModelStatus;
  /** The last generation's progress; null before any. */
  generation: GenerationProgress | null;
  approved: string[];
  probe(): Promise<BrowserAbilities>;
  /** True when the current model would come from the hub and the person has not agreed yet. */
  needsApproval(): boolean;
  /** The person agrees to download the current model: remembered, then loaded. */
  approveDownload(): Promise<void>;
  /** Loads the current model now; resolves either way, the outcome is in status. */
  load(): Promise<void>;
  /** The model for the agent, loaded; throws a sentence for the trace when it cannot be (not agreed, cannot run, failed). */
  languageModel(): Promise<LanguageModel>;
  /** Ends the worker and forgets a failure, so the next use loads again. */
  reset(): void;
}

let current: { key: string; connection: InPageModelConnection } | null = null;

/** The connection for the current settings, replacing one made for others; null when the provider is not chosen. */
function connectionFor(abilities: BrowserAbilities): InPageModelConnection | null {
  const { llm } = useSettingsStore.getState();
  if (presetOf(llm).kind !== "in-page") return null;
  const support = inPageSupport(abilities, llm.model);
  if (!support.ok) return null;
  const location = inPageModelLocation(llm, pageUrl());
  const key = JSON.stringify([location, support.device]);
  if (current?.key === key) return current.connection;
  current?.connection.terminate();
  const connection = new InPageModelConnection(location, support.device, {
    onStatus: (status) => useInPageModelStore.setState({ status }),
    onGeneration: (generation) => useInPageModelStore.setState({ generation }),
  });
  current = { key, connection };
  return connection;
}

function pageUrl(): string {
  return globalThis.location.href;
}

export const useInPageModelStore = create<InPageModelState>((set, get) => ({
  abilities: null,
  status: { state: "idle" },
  generation: null,
  approved: readApprovedDownloads(APPROVED_KEY),

  async probe() {
    const known = get().abilities;
    if (known) return known;
    const abilities = await probeBrowserAbilities();
    set({ abilities });
    return abilities;
  },

  needsApproval() {
    const { llm } = useSettingsStore.getState();
    return isHubLocation(llm.baseUrl, pageUrl()) && !get().approved.includes(llm.model);
  },

  async approveDownload() {
    const { model } = useSettingsStore.getState().llm;
    const approved = get().approved.includes(model) ? get().approved : [...get().approved, model];
    set({ approved });
    saveApprovedDownloads(APPROVED_KEY, approved);
    await get().load();
  },

  async load() {
    if (get().needsApproval()) return;
    await connectionFor(await get().probe())
      ?.load()
      .catch(() => undefined);
  },

  async languageModel() {
    const { llm } = useSettingsStore.getState();
    const support = inPageSupport(await get().probe(), llm.model);
    if (!support.ok) throw new Error(support.message);
    if (get().needsApproval()) {
      const size = approxDownloadMegabytes(llm.model, support.device);
      throw new Error(
        `${llm.model} is downloaded from the Hugging Face hub (${size === null ? "size unknown" : megabytesText(size)}) only once you agree: open Settings and press Download. Nothing has been downloaded or sent.`,
      );
    }
    const connection = connectionFor(get().abilities!)!;
    await connection.load();
    const { inPageLanguageModel } = await import("../core/llm/in-page-language-model");
    return inPageLanguageModel(connection);
  },

  reset() {
    current?.connection.terminate();
    current = null;
    set({ status: { state: "idle" }, generation: null });
  },
}));

// Another model or location ends the old worker at once: its model is no longer wanted, and it may hold a GB.
useSettingsStore.subscribe((state, previous) => {
  const { llm } = state;
  if (llm.providerId !== previous.llm.providerId || llm.model !== previous.llm.model || llm.baseUrl !== previous.llm.baseUrl) {
    useInPageModelStore.getState().reset();
  }
});
