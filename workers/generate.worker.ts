// Worker entry: the in-page chat model (transformers.js text generation from app/core), exposed over comlink, so a
// generation never blocks the page. WebGPU when the page found it, WASM otherwise (or when WebGPU fails to load it).
import * as Comlink from "comlink";
import { errorMessage } from "../app/core/error-message";
import type { InPageDevice, InPageModelLocation } from "../app/core/llm/in-page-models";
import {
  createTransformersGenerator,
  InPageModelError,
  type GenerationDelta,
  type GenerationRequest,
  type LoadedTextGenerator,
} from "../app/core/llm/text-generator";
import type { ModelLoadProgress } from "../app/core/model-load-progress";
import { allowedModelFetch } from "../app/core/schema/model-fetch-policy";
import { limitRequests } from "./fetch-guard";
import { transformersEnv } from "./transformers-runtime";

/** The model location of the current load; none before the first. */
let modelLocation: InPageModelLocation | null = null;
// Every request of this worker: the site itself (onnxruntime's WASM, a ./models/ folder) and the chosen model
// location, nothing else. Installed before transformers.js is imported, since it keeps the fetch it finds at import.
limitRequests(self, {
  worker: "in-page model worker",
  allows: "this site and the chosen model location",
  allowed: (url) => url.origin === self.location.origin || (modelLocation !== null && allowedModelFetch(url.href, modelLocation, self.location.origin)),
});

export type GenerateWorkerLoadResult = { ok: true; modelId: string; device: string; dtype: string; loadMs: number } | { ok: false; message: string };

let generator: LoadedTextGenerator | null = null;
const pageFetch = self.fetch.bind(self);

const api = {
  async load(location: InPageModelLocation, device: InPageDevice, onProgress?: (event: ModelLoadProgress) => void): Promise<GenerateWorkerLoadResult> {
    await generator?.dispose();
    generator = null;
    modelLocation = location;
    const env = await transformersEnv();
    // Model files only from the model location (the worker-wide guard above also lets the site through).
    env.fetch = (input: string | URL, init?: RequestInit) => {
      const url = String(input);
      if (!allowedModelFetch(url, location, self.location.origin)) return Promise.reject(new Error(`Refused to fetch ${url}: outside the model location.`));
      return pageFetch(input, init);
    };
    let failure: unknown = null;
    for (const candidate of device === "webgpu" ? (["webgpu", "wasm"] as const) : (["wasm"] as const)) {
      try {
        generator = await createTransformersGenerator({ ...location, device: candidate, onProgress });
        return { ok: true, modelId: generator.modelId, device: candidate, dtype: generator.dtype, loadMs: generator.loadMs };
      } catch (error) {
        failure = error;
        // A missing or broken model fails the same way on every device; only a device failure is worth a retry.
        if (error instanceof InPageModelError && !/webgpu|adapter|backend/i.test(error.reason)) break;
      }
    }
    return {
      ok: false,
      message: failure instanceof InPageModelError ? failure.message : `The model "${location.model}" could not be loaded: ${errorMessage(failure)}`,
    };
  },

  async generate(request: GenerationRequest, onDelta: (delta: GenerationDelta) => void) {
    if (!generator) throw new Error("The in-page model is not loaded.");
    return generator.generate(request, onDelta);
  },

  /** Ends the generation in progress: an AbortSignal cannot cross to the worker, so the page calls this on abort. */
  interrupt() {
    generator?.interrupt();
  },
};

export type GenerateWorkerApi = typeof api;

Comlink.expose(api);
