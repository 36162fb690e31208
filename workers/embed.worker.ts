// Worker entry: the transformers.js embedder from app/core, exposed over comlink; WebGPU when it works, else WASM.
import * as Comlink from "comlink";
import type { EmbeddingLoadSettings } from "../app/core/schema/embedding-settings";
import { createTransformersEmbedder, EmbeddingModelError, type EmbedLoadProgress, type LoadedEmbedder } from "../app/core/schema/text-embedder";
import { allowedModelFetch } from "../app/core/schema/model-fetch-policy";
import { errorMessage } from "../app/core/error-message";
import { limitRequests } from "./fetch-guard";
import { transformersEnv, webGpuWorks } from "./transformers-runtime";

/** The model location of the current load; none before the first. */
let modelLocation: EmbeddingLoadSettings | null = null;
// Every request of this worker, whoever makes it (transformers.js, onnxruntime): the site itself (onnxruntime's WASM, a
// ./models/ folder) and the chosen model location, nothing else. Installed before transformers.js is imported, since
// it keeps the fetch it finds at import.
limitRequests(self, {
  worker: "embedding worker",
  allows: "this site and the chosen model location",
  allowed: (url) => url.origin === self.location.origin || (modelLocation !== null && allowedModelFetch(url.href, modelLocation, self.location.origin)),
});

export type EmbedWorkerLoadResult =
  | { ok: true; modelId: string; dimensions: number; device: string; loadMs: number }
  | { ok: false; message: string; model: string; lookedIn: string; reason: string };

let embedder: LoadedEmbedder | null = null;
const pageFetch = self.fetch.bind(self);

const api = {
  async load(settings: EmbeddingLoadSettings, onProgress?: (event: EmbedLoadProgress) => void): Promise<EmbedWorkerLoadResult> {
    await embedder?.dispose();
    embedder = null;
    modelLocation = settings;
    const env = await transformersEnv();
    // The page's meta CSP does not govern a worker loaded from a URL. Besides the worker-wide guard above, the model
    // files transformers.js fetches are held to the model location alone (the folder's site, or the hub).
    env.fetch = (input: string | URL, init?: RequestInit) => {
      const url = String(input);
      if (!allowedModelFetch(url, settings, self.location.origin)) {
        return Promise.reject(new Error(`Refused to fetch ${url}: outside the model location.`));
      }
      return pageFetch(input, init);
    };
    const devices = settings.device === "wasm" ? ["wasm"] : settings.device === "webgpu" || (await webGpuWorks()) ? ["webgpu", "wasm"] : ["wasm"];
    let failure: unknown = null;
    for (const device of devices as Array<"webgpu" | "wasm">) {
      try {
        embedder = await createTransformersEmbedder({
          model: settings.model,
          localModelPath: settings.localModelPath,
          remoteHost: settings.remoteHost,
          remotePathTemplate: settings.remotePathTemplate,
          allowRemoteModels: settings.allowRemoteModels,
          device,
          onProgress,
        });
        return { ok: true, modelId: embedder.modelId, dimensions: embedder.dimensions, device, loadMs: embedder.loadMs };
      } catch (error) {
        failure = error;
        // A missing or broken model fails the same way on every device; only a device failure is worth a retry.
        if (error instanceof EmbeddingModelError && !/webgpu|adapter|backend/i.test(error.reason)) break;
      }
    }
    if (failure instanceof EmbeddingModelError) {
      return { ok: false, message: failure.message, model: failure.model, lookedIn: failure.lookedIn, reason: failure.reason };
    }
    const reason = errorMessage(failure);
    return { ok: false, message: `The embedding model "${settings.model}" could not be loaded: ${reason}`, model: settings.model, lookedIn: "", reason };
  },

  async embed(texts: string[]): Promise<Float32Array[]> {
    if (!embedder) throw new Error("The embedding model is not loaded.");
    const vectors = await embedder.embed(texts);
    return Comlink.transfer(
      vectors,
      vectors.map((vector) => vector.buffer as ArrayBuffer),
    );
  },
};

export type EmbedWorkerApi = typeof api;

Comlink.expose(api);
