// Download progress of a transformers.js model (the embedding model, the in-page chat model), read from its progress_callback.

/** Download progress of one model file, or of all of them (overall), for a progress bar. */
export interface ModelLoadProgress {
  /** The file, such as "onnx/model_quantized.onnx"; "" for the overall figure. */
  file: string;
  /** Bytes received and expected (total is 0 when the server does not say). */
  loaded: number;
  total: number;
  /** 0..1 */
  progress: number;
  overall: boolean;
}

/** Passes one progress_callback event on as a ModelLoadProgress; other statuses (initiate, done, ready) are dropped. */
export function reportModelLoadProgress(info: unknown, onProgress: ((event: ModelLoadProgress) => void) | undefined): void {
  if (!onProgress || typeof info !== "object" || info === null) return;
  const event = info as { status?: string; file?: string; loaded?: number; total?: number; progress?: number };
  const overall = event.status === "progress_total";
  if (event.status !== "progress" && !overall) return;
  const loaded = event.loaded ?? 0;
  const total = event.total ?? 0;
  // transformers.js reports progress in percent; the bar wants 0..1.
  const progress = total > 0 ? Math.min(1, loaded / total) : Math.min(1, (event.progress ?? 0) / 100);
  try {
    onProgress({ file: overall ? "" : (event.file ?? ""), loaded, total, progress, overall });
  } catch {
    // A failing progress listener must not fail the load.
  }
}
