// A TextEmbedder over transformers.js feature extraction (mean pooling, unit length), for the embed worker and Node.
import type { TextEmbedder } from "./types";
import { errorMessage } from "../error-message";
import { reportModelLoadProgress, type ModelLoadProgress } from "../model-load-progress";

export type EmbeddingDevice = "auto" | "webgpu" | "wasm" | "cpu";
/** Weight formats transformers.js picks files by: q8 loads onnx/model_quantized.onnx, fp32 onnx/model.onnx. */
export type EmbeddingDtype = "q8" | "fp32" | "fp16" | "int8" | "uint8" | "q4" | "bnb4" | "q4f16";

/** Download progress of one model file, or of all of them (overall), for a progress bar. */
export type EmbedLoadProgress = ModelLoadProgress;

export interface TransformersEmbedderOptions {
  /** A hub id ("Xenova/all-MiniLM-L6-v2") or a folder name under localModelPath ("querylab/tiny-embed"). */
  model: string;
  /** Folder (Node) or absolute URL (browser) that holds `<model>/…`; when set, it is tried first. */
  localModelPath?: string;
  /** Where remote models come from; the Hugging Face hub by default. */
  remoteHost?: string;
  /** Path of a model's files under remoteHost; the hub's "{model}/resolve/{revision}/" by default. */
  remotePathTemplate?: string;
  /** False: never download, only localModelPath. */
  allowRemoteModels?: boolean;
  /** "auto" leaves the choice to transformers.js (CPU in Node, WASM in the browser); the worker probes WebGPU itself. */
  device?: EmbeddingDevice;
  /** q8 by default: a quarter of the bytes to download, and faster on CPU/WASM, for a small loss of accuracy. */
  dtype?: EmbeddingDtype;
  /** Texts per inference call; bounds memory on large schemas (padding grows with the longest text of a batch). */
  batchSize?: number;
  onProgress?: (event: EmbedLoadProgress) => void;
}

/** The model could not be loaded: which model, where it was looked for, and why, in words a person can act on. */
export class EmbeddingModelError extends Error {
  override readonly name = "EmbeddingModelError";
  constructor(
    readonly model: string,
    readonly lookedIn: string,
    readonly reason: string,
  ) {
    super(`The embedding model "${model}" could not be loaded from ${lookedIn}: ${reason}`);
  }
}

export interface LoadedEmbedder extends TextEmbedder {
  /** Vector length (the model's hidden size). */
  readonly dimensions: number;
  /** The device the session runs on. */
  readonly device: string;
  /** Milliseconds the load took (download included). */
  readonly loadMs: number;
  dispose(): Promise<void>;
}

type Transformers = typeof import("@huggingface/transformers");
type FeatureExtractor = Awaited<ReturnType<Transformers["pipeline"]>> & {
  (texts: string[], options: { pooling: "mean"; normalize: boolean }): Promise<{ data: ArrayLike<number>; dims: number[] }>;
  model: { config: { hidden_size?: number } };
  tokenizer: unknown;
  dispose(): Promise<void>;
};

const DEFAULT_REMOTE_HOST = "https://huggingface.co/";
const HUB_PATH_TEMPLATE = "{model}/resolve/{revision}/";

function describeLocation(options: TransformersEmbedderOptions): string {
  const places: string[] = [];
  if (options.localModelPath) places.push(`the folder ${joinPath(siteUrl(options.localModelPath), options.model)}`);
  if (options.allowRemoteModels !== false) {
    places.push(options.remotePathTemplate ? `the folder ${options.remoteHost}${options.model}/` : `the hub ${options.remoteHost ?? DEFAULT_REMOTE_HOST}`);
  }
  return places.length ? places.join(" or ") : "nowhere (local and remote models are both off)";
}

/** A site path ("/models/") as the full URL a person can open; unchanged in Node, where it is a file path. */
function siteUrl(path: string): string {
  const origin = (globalThis as { location?: { origin?: string } }).location?.origin;
  return origin && path.startsWith("/") ? `${origin}${path}` : path;
}

function joinPath(base: string, name: string): string {
  return base.endsWith("/") ? `${base}${name}/` : `${base}/${name}/`;
}

/** Turns what transformers.js, onnxruntime or fetch threw into a reason a person can act on. */
export function explainLoadFailure(error: unknown, options: TransformersEmbedderOptions): string {
  const message = errorMessage(error);
  const file = /(?:found locally at|locate file:|load file:?)\s*"([^"]+)"/.exec(message)?.[1];
  if (/not found locally|Could not locate file|status: 404|\b404\b/.test(message)) {
    return `a file it needs is missing${file ? ` (${file})` : ""}. Check the model name and that the folder holds config.json, tokenizer.json and onnx/${options.dtype === "fp32" ? "model.onnx" : "model_quantized.onnx"}.`;
  }
  if (/Unexpected token|is not valid JSON|JSON\.parse|Unexpected end of JSON/.test(message)) {
    return `a file is not what a model folder holds (${message}); the server probably answered with a web page, so the folder is likely wrong.`;
  }
  if (/Failed to fetch|NetworkError|fetch failed|ENOTFOUND|ECONNREFUSED|Content Security Policy/i.test(message)) {
    return `the download failed (${message}); check the connection, or host the model in a folder.`;
  }
  if (/Unsupported model type|Unrecognized|not supported/i.test(message)) return `transformers.js cannot run it (${message}).`;
  return message;
}

/** The transformers.js module, imported on first use so pages that never embed do not load it. */
let transformersModule: Promise<Transformers> | null = null;
function loadTransformers(): Promise<Transformers> {
  transformersModule ??= import("@huggingface/transformers");
  return transformersModule;
}

/**
 * Loads a feature-extraction model and returns an embedder of unit-length mean-pooled vectors.
 * transformers.js keeps its settings in one global `env`, so they are set right before each load; loading two
 * models at once with different locations is not supported (the app loads one at a time).
 */
export async function createTransformersEmbedder(options: TransformersEmbedderOptions): Promise<LoadedEmbedder> {
  const started = performance.now();
  const transformers = await loadTransformers();
  const { env } = transformers;
  const allowRemoteModels = options.allowRemoteModels ?? true;
  if (!options.localModelPath && !allowRemoteModels) {
    throw new EmbeddingModelError(options.model, describeLocation(options), "no folder is set and downloading is off.");
  }
  env.allowRemoteModels = allowRemoteModels;
  // Without a folder, local lookups would only produce 404s (the browser default is /models/ on the page).
  env.allowLocalModels = options.localModelPath !== undefined;
  if (options.localModelPath) env.localModelPath = options.localModelPath;
  env.remoteHost = options.remoteHost ?? DEFAULT_REMOTE_HOST;
  env.remotePathTemplate = options.remotePathTemplate ?? HUB_PATH_TEMPLATE;

  const device = options.device && options.device !== "auto" ? options.device : undefined;
  const dtype = options.dtype ?? "q8";
  let extractor: FeatureExtractor;
  try {
    extractor = (await transformers.pipeline("feature-extraction", options.model, {
      dtype,
      ...(device ? { device } : {}),
      progress_callback: (info: unknown) => reportModelLoadProgress(info, options.onProgress),
    })) as unknown as FeatureExtractor;
  } catch (error) {
    throw new EmbeddingModelError(options.model, describeLocation(options), explainLoadFailure(error, { ...options, dtype }));
  }
  // transformers.js builds the pipeline without a tokenizer when it cannot see tokenizer_config.json; it would
  // fail later on every embed with "this.tokenizer is not a function", so say it now.
  if (typeof extractor.tokenizer !== "function") {
    await extractor.dispose();
    throw new EmbeddingModelError(options.model, describeLocation(options), "its tokenizer was not found (tokenizer.json and tokenizer_config.json).");
  }
  const loadMs = performance.now() - started;
  const batchSize = Math.max(1, options.batchSize ?? 32);
  let dimensions = extractor.model.config.hidden_size ?? 0;

  return {
    modelId: options.model,
    get dimensions() {
      return dimensions;
    },
    device: device ?? (typeof process !== "undefined" && process.versions?.node ? "cpu" : "wasm"),
    loadMs,
    async embed(texts: string[]): Promise<Float32Array[]> {
      const vectors: Float32Array[] = [];
      for (let start = 0; start < texts.length; start += batchSize) {
        // An empty text would be only [CLS] [SEP]; a space keeps the tokenizer and pooling well defined.
        const batch = texts.slice(start, start + batchSize).map((text) => (text.trim() ? text : " "));
        const output = await extractor(batch, { pooling: "mean", normalize: true });
        const width = output.dims[output.dims.length - 1]!;
        dimensions = width;
        const data = Float32Array.from(output.data);
        for (let row = 0; row < batch.length; row += 1) {
          // A copy per row (not a view) so each vector can cross a worker boundary on its own.
          const vector = data.slice(row * width, (row + 1) * width);
          // A text of unknown pieces only can pool to zeros; 0/0 must not leak NaN into cosine scores.
          for (let i = 0; i < vector.length; i += 1) if (Number.isNaN(vector[i])) vector[i] = 0;
          vectors.push(vector);
        }
      }
      return vectors;
    },
    async dispose() {
      await extractor.dispose();
    },
  };
}

/**
 * The embedder for a model folder on disk (`querylab prune --embed DIR`, the bench): the folder's parent is the
 * local model path and its name the model, with downloads off.
 */
export async function embedderFromFolder(
  dir: string,
  options: Omit<TransformersEmbedderOptions, "model" | "localModelPath" | "allowRemoteModels"> = {},
): Promise<LoadedEmbedder> {
  // String splitting rather than node:path, so this module also bundles into the worker untouched.
  const trimmed = dir.replace(/[\\/]+$/, "");
  const cut = Math.max(trimmed.lastIndexOf("/"), trimmed.lastIndexOf("\\"));
  const parent = cut >= 0 ? trimmed.slice(0, cut + 1) : "./";
  const model = trimmed.slice(cut + 1);
  if (!model) throw new EmbeddingModelError(dir, `the folder ${dir}`, "it is not a model folder name.");
  // transformers.js joins localModelPath and the name only when the name looks like a hub id; any other folder
  // name (spaces, say) is used as a path of its own, so pass the whole path then.
  const hubLike = /^[\w\-.]{1,96}$/.test(model);
  return createTransformersEmbedder({ ...options, model: hubLike ? model : trimmed, localModelPath: parent, allowRemoteModels: false });
}

/** Times a load and one embedding of the given texts, for the bench. */
export async function timeEmbedding(
  load: () => Promise<LoadedEmbedder>,
  texts: string[],
): Promise<{ model: string; dimensions: number; loadMs: number; embedMs: number; texts: number }> {
  const started = performance.now();
  const embedder = await load();
  const loadMs = performance.now() - started;
  const embedStarted = performance.now();
  await embedder.embed(texts);
  const embedMs = performance.now() - embedStarted;
  await embedder.dispose();
  return { model: embedder.modelId, dimensions: embedder.dimensions, loadMs, embedMs, texts: texts.length };
}

/** Cosine similarity of two unit-length vectors (their dot product). */
export function cosine(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) sum += a[i]! * b[i]!;
  return sum;
}
