// Owns the in-page model's worker: starts it on first use, loads the chosen model with progress, and serves generations
// to the AI SDK adapter (an abort becomes the worker's interrupt), timing each one for the page's tokens per second.
import * as Comlink from "comlink";
import { errorMessage } from "../core/error-message";
import type { BrowserAbilities, InPageDevice, InPageModelLocation } from "../core/llm/in-page-models";
import type { GenerationDelta, GenerationRequest, GenerationResult, TextGenerator } from "../core/llm/text-generator";
import type { ModelLoadProgress } from "../core/model-load-progress";
import type { GenerateWorkerApi } from "../../workers/generate.worker";
import { LOADING_STARTED, loadingStatusAfter, ModelWorker, type ModelLoadingStatus } from "./model-worker";
import { webGpuWorks } from "./web-gpu";

export type InPageModelStatus =
  | { state: "idle" }
  | ModelLoadingStatus
  | { state: "ready"; modelId: string; device: string; dtype: string; loadMs: number }
  | { state: "failed"; message: string };

/** A generation in progress or just finished: tokens written and time since it started. */
export interface GenerationProgress {
  generating: boolean;
  tokens: number;
  elapsedMs: number;
}

export interface InPageModelListeners {
  onStatus(status: InPageModelStatus): void;
  onGeneration(progress: GenerationProgress): void;
}

function startWorker(): Worker {
  return new Worker(new URL("../../workers/generate.worker.ts", import.meta.url), { type: "module", name: "generate" });
}

function checkedResult(reply: unknown): GenerationResult {
  const result = reply as Partial<GenerationResult> | null;
  if (!result || typeof result.text !== "string" || typeof result.outputTokens !== "number" || typeof result.inputTokens !== "number") {
    throw new Error("The in-page model worker sent an unreadable answer; reload the page to start it again.");
  }
  return result as GenerationResult;
}

/**
 * A TextGenerator backed by the worker. Nothing starts until the first load, so a page that never uses the provider
 * never downloads a model. A failed load stays failed until the connection is replaced, so a question does not start a
 * second download of hundreds of MB by itself.
 */
export class InPageModelConnection implements TextGenerator {
  private worker: ModelWorker<GenerateWorkerApi> | null = null;
  private loading: Promise<void> | null = null;
  private current: InPageModelStatus = { state: "idle" };

  constructor(
    readonly location: InPageModelLocation,
    readonly device: InPageDevice,
    private readonly listeners: InPageModelListeners,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get modelId(): string {
    return this.location.model;
  }

  get status(): InPageModelStatus {
    return this.current;
  }

  private setStatus(status: InPageModelStatus): void {
    this.current = status;
    this.listeners.onStatus(status);
  }

  load(): Promise<void> {
    this.loading ??= this.loadOnce();
    return this.loading;
  }

  private async loadOnce(): Promise<void> {
    const worker = new ModelWorker<GenerateWorkerApi>(startWorker(), "The in-page model worker");
    this.worker = worker;
    this.setStatus(LOADING_STARTED);
    const onProgress = (event: ModelLoadProgress) => this.setStatus(loadingStatusAfter(this.current, event));
    try {
      const result = await Promise.race([worker.remote.load(this.location, this.device, Comlink.proxy(onProgress)), worker.died]);
      if (!result.ok) throw new Error(result.message);
      this.setStatus({ state: "ready", modelId: result.modelId, device: result.device, dtype: result.dtype, loadMs: result.loadMs });
    } catch (error) {
      const message = errorMessage(error);
      this.setStatus({ state: "failed", message });
      throw new Error(message, { cause: error });
    }
  }

  async generate(request: GenerationRequest, onDelta: (delta: GenerationDelta) => void, signal?: AbortSignal): Promise<GenerationResult> {
    await this.load();
    const started = this.now();
    const report = (generating: boolean, tokens: number) => this.listeners.onGeneration({ generating, tokens, elapsedMs: this.now() - started });
    report(true, 0);
    const onAbort = () => void this.worker?.remote.interrupt();
    signal?.addEventListener("abort", onAbort, { once: true });
    let tokens = 0;
    // Comlink sends the callback's calls on a channel of their own, so the last deltas may arrive after the result.
    // The result's text is the whole reply: what had not arrived is passed on from it, and late deltas are dropped.
    let received = "";
    let finished = false;
    try {
      const result = checkedResult(
        await this.worker!.remote.generate(
          request,
          Comlink.proxy((delta: GenerationDelta) => {
            if (finished) return;
            received += delta.text;
            tokens = delta.outputTokens;
            report(true, tokens);
            onDelta(delta);
          }),
        ),
      );
      finished = true;
      tokens = result.outputTokens;
      if (result.text.length > received.length && result.text.startsWith(received)) {
        onDelta({ text: result.text.slice(received.length), outputTokens: result.outputTokens });
      }
      return result;
    } finally {
      finished = true;
      signal?.removeEventListener("abort", onAbort);
      report(false, tokens);
    }
  }

  /** Ends the worker (another model or location was chosen): it may hold hundreds of MB. */
  terminate(): void {
    this.worker?.end();
    this.worker = null;
    this.loading = null;
    this.setStatus({ state: "idle" });
  }
}

/** What this browser offers the model: a working WebGPU adapter, and the memory it reports (Chromium only). */
export async function probeBrowserAbilities(): Promise<BrowserAbilities> {
  const memory = (navigator as Navigator & { deviceMemory?: number }).deviceMemory;
  return { webGpu: await webGpuWorks(), deviceMemoryGb: typeof memory === "number" ? memory : null };
}
