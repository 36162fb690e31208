// The embedding model's state in words, from one function, so the status line, the schema panel and Settings never disagree.
import { formatBytes } from "../../core/format";
import { SCHEMA_BEING_EMBEDDED } from "../../core/schema/dense-readiness";
import { knownDownloadMegabytes, type EmbeddingSettings } from "../../core/schema/embedding-settings";
import type { EmbeddingStoreStatus } from "../../state/embedding-store";

const WITHOUT_MODEL = "ranking by names, descriptions and values";

/** The download's size as known before fetching: a suggested model's listed size, or "size unknown". */
export function downloadSizeText(model: string): string {
  const megabytes = knownDownloadMegabytes(model);
  return megabytes === null ? "size unknown" : `about ${megabytes} MB`;
}

/** The one sentence for the model's current state. */
export function embeddingStatusText(status: EmbeddingStoreStatus, settings: EmbeddingSettings): string {
  switch (status.state) {
    case "off":
      return `Embedding model off: ${WITHOUT_MODEL}.`;
    case "needs-approval":
      return `Embedding model not downloaded (it needs your go-ahead): ${WITHOUT_MODEL}.`;
    case "idle":
      return `Embedding model ${settings.model} loads with the first question.`;
    case "loading": {
      if (status.progress === 1) return `Embedding model ${settings.model} downloaded; starting it…`;
      const percent = status.progress === null ? "" : ` ${Math.round(status.progress * 100)}%`;
      const bytes = status.total > 0 ? ` (${formatBytes(status.loaded)} of ${formatBytes(status.total)})` : "";
      return `Loading the embedding model ${settings.model}…${percent}${bytes}`;
    }
    case "ready":
      return `Embedding model ready: ${status.modelId}, ${status.dimensions} dimensions, on ${status.device === "webgpu" ? "WebGPU" : "WASM"} (loaded in ${Math.round(status.loadMs)} ms).`;
    case "failed":
      return `${status.message} Pruning uses lexical and value matching until the model loads.`;
  }
}

/**
 * What a question's pruning says about the model, read against the model's state now: a question ranked while the
 * model was loading must not say "still loading" beside a status line that says "ready".
 */
export function rankingNote(denseUnavailable: string | undefined, status: EmbeddingStoreStatus): string | null {
  if (!denseUnavailable) return null;
  if (status.state === "ready") {
    // Ready, but a large schema's tables and columns were still being embedded: the reason says how far it had come.
    if (denseUnavailable.startsWith(SCHEMA_BEING_EMBEDDED)) return `${denseUnavailable} Preview it again once they are read to rank it with the model.`;
    return "This question was ranked before the embedding model was ready; preview it again to rank it with the model.";
  }
  // The status line already says loading, failed, off or not downloaded: the note only says what it meant for this question.
  return `This question was ranked by names, descriptions and values only.`;
}
