// What the page's model workers (embedding, in-page chat model) share: starting one behind Comlink with a clear error
// when its script fails, ending it, and following a model download's progress for the bar.
import * as Comlink from "comlink";
import type { ModelLoadProgress } from "../core/model-load-progress";

/** A model download under way: the overall share (null until known) and the file being fetched. */
export interface ModelLoadingStatus {
  state: "loading";
  progress: number | null;
  loaded: number;
  total: number;
  file: string;
}

export const LOADING_STARTED: ModelLoadingStatus = { state: "loading", progress: null, loaded: 0, total: 0, file: "" };

/** The status after a progress event: the bar follows the overall figure; per-file events only name the file being fetched. */
export function loadingStatusAfter(current: { state: string }, event: ModelLoadProgress): ModelLoadingStatus {
  const previous = current.state === "loading" ? (current as ModelLoadingStatus) : LOADING_STARTED;
  return event.overall
    ? { state: "loading", progress: event.progress, loaded: event.loaded, total: event.total, file: previous.file }
    : { state: "loading", progress: previous.progress, loaded: previous.loaded, total: previous.total, file: event.file };
}

/** A started model worker and its Comlink side. */
export class ModelWorker<Api> {
  readonly remote: Comlink.Remote<Api>;
  /** Rejects when the worker fails to start (its script or a module it imports cannot load); race it with the load. */
  readonly died: Promise<never>;

  /** `what` names the worker in the error a person reads ("The embedding worker failed to start: …"). */
  constructor(
    private readonly worker: Worker,
    what: string,
  ) {
    this.remote = Comlink.wrap<Api>(worker);
    this.died = new Promise<never>((_, reject) => {
      worker.addEventListener("error", (event) => {
        event.preventDefault();
        reject(new Error(`${what} failed to start${event.message ? `: ${event.message}` : "."}`));
      });
    });
  }

  /** Ends the worker and the Comlink proxy; the model it held is freed. */
  end(): void {
    this.remote[Comlink.releaseProxy]();
    this.worker.terminate();
  }
}
