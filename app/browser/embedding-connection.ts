// Owns the embed worker: starts it on first use, loads the chosen model with progress, embeds, and reports a clear error.
import * as Comlink from "comlink";
import type { EmbeddingLoadSettings } from "../core/schema/embedding-settings";
import type { EmbedLoadProgress } from "../core/schema/text-embedder";
import type { TextEmbedder } from "../core/schema/types";
import type { EmbedWorkerApi } from "../../workers/embed.worker";
import { errorMessage } from "../core/error-message";
import { checkedLoadResult, checkedVectors } from "./embedding-replies";
import { LOADING_STARTED, loadingStatusAfter, ModelWorker, type ModelLoadingStatus } from "./model-worker";

export type EmbeddingStatus =
  | { state: "idle" }
  | ModelLoadingStatus
  | { state: "ready"; modelId: string; dimensions: number; device: string; loadMs: number }
  | { state: "failed"; message: string };

function startWorker(): Worker {
  return new Worker(new URL("../../workers/embed.worker.ts", import.meta.url), { type: "module", name: "embed" });
}

/**
 * A TextEmbedder backed by the embed worker. Nothing starts until the first load or embed, so a page that never
 * prunes with the model never downloads it. A failed load stays failed (embed rejects with the same message) until
 * restart(), so callers fall back to lexical and value matching once instead of retrying a download per question.
 */
export class EmbeddingConnection implements TextEmbedder {
  private worker: ModelWorker<EmbedWorkerApi> | null = null;
  private loading: Promise<void> | null = null;
  private current: EmbeddingStatus = { state: "idle" };
  private readonly listeners = new Set<(status: EmbeddingStatus) => void>();
  /** Every progress event seen during the last load, for tests and diagnostics. */
  readonly progressLog: EmbedLoadProgress[] = [];

  constructor(readonly settings: EmbeddingLoadSettings) {}

  get modelId(): string {
    return this.settings.model;
  }

  get status(): EmbeddingStatus {
    return this.current;
  }

  subscribe(listener: (status: EmbeddingStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private setStatus(status: EmbeddingStatus): void {
    this.current = status;
    for (const listener of this.listeners) listener(status);
  }

  /** Starts the worker and loads the model once; resolves when ready, rejects with the person-readable message. */
  load(): Promise<void> {
    this.loading ??= this.loadOnce();
    return this.loading;
  }

  private async loadOnce(): Promise<void> {
    const worker = new ModelWorker<EmbedWorkerApi>(startWorker(), "The embedding worker");
    this.worker = worker;
    this.progressLog.length = 0;
    this.setStatus(LOADING_STARTED);
    const onProgress = (event: EmbedLoadProgress) => {
      this.progressLog.push(event);
      this.setStatus(loadingStatusAfter(this.current, event));
    };
    try {
      const result = checkedLoadResult(await Promise.race([worker.remote.load(this.settings, Comlink.proxy(onProgress)), worker.died]));
      if (!result.ok) throw new Error(result.message);
      this.setStatus({ state: "ready", modelId: result.modelId, dimensions: result.dimensions, device: result.device, loadMs: result.loadMs });
    } catch (error) {
      const message = errorMessage(error);
      this.setStatus({ state: "failed", message });
      throw new Error(message, { cause: error });
    }
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    await this.load();
    if (texts.length === 0) return [];
    const dimensions = this.current.state === "ready" ? this.current.dimensions : undefined;
    return checkedVectors(await this.worker!.remote.embed(texts), texts.length, dimensions);
  }

  /** Ends the worker (a new model was chosen, or the page no longer needs it). */
  terminate(): void {
    this.worker?.end();
    this.worker = null;
    this.loading = null;
    this.setStatus({ state: "idle" });
  }

  /** A fresh worker and a fresh load, after a failure (say, the network came back). */
  restart(): Promise<void> {
    this.terminate();
    return this.load();
  }
}
