// A chat model run by transformers.js (text generation with the model's chat template, streamed token by token), for
// the in-page provider's worker and for Node. The AI SDK adapter over it is in-page-language-model.ts.
import { errorMessage } from "../error-message";
import { reportModelLoadProgress, type ModelLoadProgress } from "../model-load-progress";
import type { InPageDevice, InPageDtype, InPageModelLocation } from "./in-page-models";
import { DTYPE_FOR_DEVICE } from "./in-page-models";

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

export interface GenerationRequest {
  messages: ChatMessage[];
  maxNewTokens: number;
  /** 0: greedy (the same answer every time); above 0, sampled at that temperature. */
  temperature: number;
}

/** One streamed piece of text and the tokens written so far. */
export interface GenerationDelta {
  text: string;
  outputTokens: number;
}

export interface GenerationResult {
  text: string;
  inputTokens: number;
  outputTokens: number;
  /** "length" when max new tokens cut it, "stopped" when interrupted, else "stop" (the model ended its turn). */
  finish: "stop" | "length" | "stopped";
}

/** What the adapter needs of a generator: the worker's proxy and the Node generator alike. */
export interface TextGenerator {
  readonly modelId: string;
  generate(request: GenerationRequest, onDelta: (delta: GenerationDelta) => void, signal?: AbortSignal): Promise<GenerationResult>;
}

export interface LoadedTextGenerator extends TextGenerator {
  readonly device: string;
  readonly dtype: InPageDtype;
  readonly loadMs: number;
  /** Ends a generation in progress (the worker's way to pass an abort, which cannot cross a postMessage). */
  interrupt(): void;
  dispose(): Promise<void>;
}

export interface TransformersGeneratorOptions extends InPageModelLocation {
  /** "cpu" in Node; in the browser the worker picks WebGPU or WASM. */
  device: InPageDevice | "cpu";
  onProgress?: (event: ModelLoadProgress) => void;
}

/** The model could not be loaded, in words a person can act on: which model, where it was looked for, why. */
export class InPageModelError extends Error {
  override readonly name = "InPageModelError";
  constructor(
    readonly model: string,
    readonly lookedIn: string,
    readonly reason: string,
  ) {
    super(`The model "${model}" could not be loaded from ${lookedIn}: ${reason}`);
  }
}

const HUB = "https://huggingface.co/";

function describeLocation(options: InPageModelLocation): string {
  if (options.localModelPath) return `the folder ${options.localModelPath}${options.model}/`;
  return options.remoteHost ? `the folder ${options.remoteHost}${options.model}/` : `the hub ${HUB}`;
}

function explainFailure(error: unknown, dtype: InPageDtype): string {
  const message = errorMessage(error);
  // transformers.js 4 reads a missing tokenizer_config.json as undefined and fails on its first field.
  if (/not found locally|Could not locate file|\b404\b|reading 'tokenizer_class'/.test(message)) {
    return `a file it needs is missing (${message}). A model folder holds config.json, generation_config.json, tokenizer.json, tokenizer_config.json and onnx/model_${dtype}.onnx.`;
  }
  if (/Failed to fetch|NetworkError|fetch failed|ENOTFOUND|ECONNREFUSED/i.test(message)) {
    return `the download failed (${message}); check the connection, or host the model in a folder.`;
  }
  if (/Unsupported model type|Unrecognized model/i.test(message)) return `it is not a chat model transformers.js can run (${message}).`;
  if (/memory|allocation|RangeError/i.test(message)) return `the browser ran out of memory (${message}); pick a smaller model.`;
  return message;
}

type Transformers = typeof import("@huggingface/transformers");
let transformersModule: Promise<Transformers> | null = null;
function loadTransformers(): Promise<Transformers> {
  transformersModule ??= import("@huggingface/transformers");
  return transformersModule;
}

/**
 * Loads a causal language model and its tokenizer. transformers.js keeps its settings in one global `env`, set right
 * before the load (one model loads at a time in a worker). The weights are picked by device: q4f16 on WebGPU, q4
 * elsewhere; the browser caches the files (transformers.js's Cache Storage), so a second visit downloads nothing.
 */
export async function createTransformersGenerator(options: TransformersGeneratorOptions): Promise<LoadedTextGenerator> {
  const started = performance.now();
  const transformers = await loadTransformers();
  const { env } = transformers;
  env.allowRemoteModels = options.allowRemoteModels;
  env.allowLocalModels = options.localModelPath !== undefined;
  if (options.localModelPath) env.localModelPath = options.localModelPath;
  env.remoteHost = options.remoteHost ?? HUB;
  env.remotePathTemplate = options.remotePathTemplate ?? "{model}/resolve/{revision}/";
  const dtype = DTYPE_FOR_DEVICE[options.device === "webgpu" ? "webgpu" : "wasm"];
  const progress_callback = (info: unknown) => reportModelLoadProgress(info, options.onProgress);
  let tokenizer: Awaited<ReturnType<Transformers["AutoTokenizer"]["from_pretrained"]>>;
  let model: Awaited<ReturnType<Transformers["AutoModelForCausalLM"]["from_pretrained"]>>;
  try {
    // The model first: it reads config.json first, so a wrong folder fails at once with the file it looked for.
    model = await transformers.AutoModelForCausalLM.from_pretrained(options.model, { dtype, device: options.device, progress_callback });
    tokenizer = await transformers.AutoTokenizer.from_pretrained(options.model, { progress_callback });
  } catch (error) {
    throw new InPageModelError(options.model, describeLocation(options), explainFailure(error, dtype));
  }
  const loadMs = performance.now() - started;
  let current: InstanceType<Transformers["InterruptableStoppingCriteria"]> | null = null;

  return {
    modelId: options.model,
    device: options.device,
    dtype,
    loadMs,
    async generate(request, onDelta, signal) {
      const prompt = tokenizer.apply_chat_template(request.messages, { tokenize: false, add_generation_prompt: true }) as string;
      const inputs = tokenizer(prompt, { add_special_tokens: false });
      const inputTokens = inputs.input_ids.dims.at(-1) ?? 0;
      const pieces: string[] = [];
      let outputTokens = 0;
      const streamer = new transformers.TextStreamer(tokenizer, {
        skip_prompt: true,
        skip_special_tokens: true,
        // Counted before the text arrives: the streamer holds text back until a word is complete.
        token_callback_function: () => {
          outputTokens += 1;
        },
        callback_function: (text: string) => {
          if (!text) return;
          pieces.push(text);
          onDelta({ text, outputTokens });
        },
      });
      const stopping = new transformers.InterruptableStoppingCriteria();
      current = stopping;
      const onAbort = () => stopping.interrupt();
      signal?.addEventListener("abort", onAbort, { once: true });
      if (signal?.aborted) stopping.interrupt();
      try {
        await model.generate({
          ...inputs,
          max_new_tokens: request.maxNewTokens,
          ...(request.temperature > 0 ? { do_sample: true, temperature: request.temperature } : { do_sample: false }),
          streamer,
          stopping_criteria: [stopping],
        } as Parameters<typeof model.generate>[0]);
      } finally {
        signal?.removeEventListener("abort", onAbort);
        current = null;
      }
      const finish = stopping.interrupted ? "stopped" : outputTokens >= request.maxNewTokens ? "length" : "stop";
      return { text: pieces.join(""), inputTokens, outputTokens, finish };
    },
    interrupt() {
      current?.interrupt();
    },
    async dispose() {
      await model.dispose();
    },
  };
}

/** The generator for a model folder on disk (Node: the bench, tests): its parent is the local model path, downloads off. */
export function generatorFromFolder(dir: string, onProgress?: (event: ModelLoadProgress) => void): Promise<LoadedTextGenerator> {
  const trimmed = dir.replace(/[\\/]+$/, "");
  const cut = Math.max(trimmed.lastIndexOf("/"), trimmed.lastIndexOf("\\"));
  const parent = cut >= 0 ? trimmed.slice(0, cut + 1) : "./";
  return createTransformersGenerator({ model: trimmed.slice(cut + 1), localModelPath: parent, allowRemoteModels: false, device: "cpu", onProgress });
}
