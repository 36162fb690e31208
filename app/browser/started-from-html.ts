// What index.html's start script (app/browser/html-start.ts) began before the app's modules were evaluated, each part
// taken over once by the module that would otherwise start it. Nothing is there in the dev server or in unit tests.
import { STARTED_FROM_HTML, type StartedFromHtml, type StartedKeptDatabase, type StartedSample } from "./html-start";

function started(): StartedFromHtml | null {
  return ((globalThis as Record<string, unknown>)[STARTED_FROM_HTML] as StartedFromHtml | undefined) ?? null;
}

/** The SQLite worker the script started (it sends the worker the compiled WASM itself); null when there is none to take. */
export function takeStartedWorker(): Worker | null {
  const state = started();
  const worker = state?.worker ?? null;
  if (!state || !worker) return null;
  state.worker = null;
  // Its script failed to load before anyone listened: a new worker reports its own failure where the app hears it.
  if (state.workerFailed) {
    worker.terminate();
    return null;
  }
  return worker;
}

/** The script's WASM compile, shared by every SQLite worker the page starts later (after a Stop). */
export function startedWasm(): Promise<WebAssembly.Module | null> | null {
  return started()?.wasm ?? null;
}

/** The sample list's response, for the first time the list is loaded. */
export function takeStartedManifest(): Promise<Response> | null {
  const state = started();
  const manifest = state?.manifest ?? null;
  if (state) state.manifest = null;
  return manifest;
}

/** The first visit's sample (opened by the first worker, or downloaded), for samples.ts to hand to the first open of it. */
export function takeStartedSample(): StartedSample | null {
  const state = started();
  const sample = state?.sample ?? null;
  if (state) state.sample = null;
  return sample;
}

/** A returning visit's kept database, as the first worker is opening it, for the store's first reopen. */
export function takeStartedKeptDatabase(): StartedKeptDatabase | null {
  const state = started();
  const kept = state?.kept ?? null;
  if (state) state.kept = null;
  return kept;
}

/**
 * Called first by the app's entry: from now on the app starts what it needs itself, so a start script that arrives
 * only now (async, slow to load) must start nothing (its wrapper checks the slot is still empty).
 */
export function closeHtmlStart(): void {
  const scope = globalThis as Record<string, unknown>;
  if (scope[STARTED_FROM_HTML] === undefined) scope[STARTED_FROM_HTML] = null;
}

/** Where the first worker's open of the start's database is (see startOpen). */
export type StartOpen = "answered" | "near" | "none";

let startOpenState: StartOpen = "none";
let wasmCompiled = false;
let answerArrived = false;
const answerListeners = new Set<() => void>();

/**
 * Follows the first worker's open of the start's database (the first visit's sample, or the kept database) for the
 * first screen's timing (first-screen.ts). Called by the entry's first module, before the app takes either; nothing is
 * taken here.
 */
export function watchStartAnswer(): void {
  const state = started();
  const sample = state?.sample;
  const opened = sample && "opened" in sample ? sample.opened : (state?.kept?.opened ?? null);
  if (!state || !opened) return;
  void state.wasm.then((module) => {
    wasmCompiled = module !== null;
  });
  void opened.then((answer) => {
    answerArrived = true;
    if (answer?.opened) startOpenState = "answered";
    for (const listener of answerListeners) listener();
  });
  startOpenState = "near";
}

/**
 * "answered": the worker has opened the start's database; "near": it is opening it and SQLite's WASM is compiled, so
 * its answer is some tens of ms away at most; "none": no open of the worker's is under way, or its answer is not near
 * (the WASM still arriving), or it answered without opening it.
 */
export function startOpen(): StartOpen {
  if (startOpenState === "near" && (answerArrived || !wasmCompiled)) return "none";
  return startOpenState;
}

/** Calls back when the worker's answer to the start's open arrives, whatever it says; returns the unsubscribe. */
export function onStartAnswer(listener: () => void): () => void {
  answerListeners.add(listener);
  return () => answerListeners.delete(listener);
}
