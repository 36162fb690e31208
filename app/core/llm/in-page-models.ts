// The provider "In this browser": the small chat models it offers, where their files come from, whether this browser
// can run them, and how fast it writes. No transformers.js here: the page reads this at start.
import { formatCountOf } from "../format";

export type InPageDevice = "webgpu" | "wasm";
/** The weight files transformers.js picks by dtype: q4f16 loads onnx/model_q4f16.onnx, q4 onnx/model_q4.onnx. */
export type InPageDtype = "q4f16" | "q4";

/** WebGPU computes in float16 well and needs half the bytes; WASM (CPU) runs float32 with 4-bit weights. */
export const DTYPE_FOR_DEVICE: Record<InPageDevice, InPageDtype> = { webgpu: "q4f16", wasm: "q4" };

export interface InPageModel {
  id: string;
  label: string;
  /** Approximate download in MB per weight format (the .onnx file, the bulk of it), as the hub lists them. */
  approxMegabytes: Record<InPageDtype, number>;
}

/**
 * Small instruction-tuned models that write SQL, in transformers.js's ONNX layout on the hub. Sizes are approximate
 * (the export's weights as listed when this list was written; check the hub). Qwen2.5-Coder was trained on code and
 * SQL and is the default; Llama 3.2 1B is a general instruct model. Anything else in that layout can be typed instead.
 */
export const IN_PAGE_MODELS: readonly InPageModel[] = [
  { id: "onnx-community/Qwen2.5-Coder-0.5B-Instruct", label: "Qwen2.5-Coder 0.5B Instruct", approxMegabytes: { q4f16: 480, q4: 790 } },
  { id: "onnx-community/Qwen2.5-Coder-1.5B-Instruct", label: "Qwen2.5-Coder 1.5B Instruct", approxMegabytes: { q4f16: 1200, q4: 1800 } },
  { id: "onnx-community/Llama-3.2-1B-Instruct", label: "Llama 3.2 1B Instruct", approxMegabytes: { q4f16: 1000, q4: 1500 } },
];

export const DEFAULT_IN_PAGE_MODEL = IN_PAGE_MODELS[0]!.id;
export const IN_PAGE_HUB = "https://huggingface.co/";

/** The approximate download of a listed model on a device, or null for a model not in the list. */
export function approxDownloadMegabytes(model: string, device: InPageDevice): number | null {
  return IN_PAGE_MODELS.find((entry) => entry.id === model)?.approxMegabytes[DTYPE_FOR_DEVICE[device]] ?? null;
}

export function megabytesText(megabytes: number): string {
  return megabytes >= 1000 ? `about ${(megabytes / 1000).toFixed(1)} GB` : `about ${megabytes} MB`;
}

/** Where the model files come from, as transformers.js is told (the same shape as the embedding model's). */
export interface InPageModelLocation {
  model: string;
  /** A same-site folder as a path ("/models/"): transformers.js checks optional files only for local paths. */
  localModelPath?: string;
  /** The hub, or another site's folder read as `<folder><model>/<file>`. */
  remoteHost?: string;
  remotePathTemplate?: string;
  allowRemoteModels: boolean;
}

/** True when the Base URL is the Hugging Face hub (a download that needs the person's agreement first). */
export function isHubLocation(baseUrl: string, pageUrl: string): boolean {
  try {
    const host = new URL(baseUrl, pageUrl).hostname;
    return host === "huggingface.co" || host.endsWith(".huggingface.co") || host === "hf.co";
  } catch {
    return false;
  }
}

/**
 * The Base URL setting of the provider as a model location: the hub, a folder of this site ("./models/"), or a folder
 * on another site. A self-hosted folder is the only place asked, so an offline or static deployment never reaches out.
 */
export function inPageModelLocation(settings: { model: string; baseUrl: string }, pageUrl: string): InPageModelLocation {
  if (isHubLocation(settings.baseUrl, pageUrl)) return { model: settings.model, allowRemoteModels: true };
  const folder = new URL(settings.baseUrl.endsWith("/") ? settings.baseUrl : `${settings.baseUrl}/`, pageUrl);
  if (folder.origin === new URL(pageUrl).origin) return { model: settings.model, localModelPath: folder.pathname, allowRemoteModels: false };
  return { model: settings.model, remoteHost: folder.href, remotePathTemplate: "{model}/", allowRemoteModels: true };
}

/** What the browser offers, from navigator.gpu (a working adapter) and navigator.deviceMemory (GB, capped at 8; absent in Firefox and Safari). */
export interface BrowserAbilities {
  webGpu: boolean;
  deviceMemoryGb: number | null;
}

export type InPageSupport = { ok: true; device: InPageDevice; note: string | null } | { ok: false; message: string };

/**
 * WASM memory is 32-bit: one module holds at most 4 GB, and onnxruntime holds the weights twice while it creates the
 * session, besides the KV cache. Past this download the model cannot run on WASM at all.
 */
const WASM_LARGEST_MEGABYTES = 1500;
/** Weights, the runtime's copy while the session is created, and the cache: about this many times the download. */
const MEMORY_PER_DOWNLOAD = 2.5;

/**
 * Whether this browser can run the model, and on what: WebGPU when it has a working adapter, else WASM when the model
 * fits the WASM limit and the device's memory. Said in words: what is missing and what to do instead.
 */
export function inPageSupport(abilities: BrowserAbilities, model: string): InPageSupport {
  if (abilities.webGpu) return { ok: true, device: "webgpu", note: null };
  const megabytes = approxDownloadMegabytes(model, "wasm");
  const advice = "Pick a smaller model, open the page in a browser with WebGPU (Chrome or Edge 113 and later), or choose another provider.";
  if (megabytes !== null && megabytes > WASM_LARGEST_MEGABYTES) {
    return {
      ok: false,
      message: `This browser cannot run ${model}: it has no WebGPU, and on the CPU (WASM) a model of ${megabytesText(megabytes)} does not fit the 4 GB a page's WASM memory is limited to. ${advice}`,
    };
  }
  if (megabytes !== null && abilities.deviceMemoryGb !== null && abilities.deviceMemoryGb * 1024 < megabytes * MEMORY_PER_DOWNLOAD) {
    return {
      ok: false,
      message: `This browser cannot run ${model}: it has no WebGPU, and this device reports ${abilities.deviceMemoryGb} GB of memory, too little for a model of ${megabytesText(megabytes)} on the CPU. ${advice}`,
    };
  }
  return {
    ok: true,
    device: "wasm",
    note: "This browser has no WebGPU: the model runs on the CPU (WASM), which writes a few tokens per second at best.",
  };
}

/** Below this the page says generation is slow (a 200-token answer would take over a minute). */
export const SLOW_TOKENS_PER_SECOND = 3;
/** Tokens counted before speed is judged: the first ones include the prompt's processing. */
const TOKENS_BEFORE_JUDGING = 8;

export interface GenerationSpeed {
  tokens: number;
  elapsedMs: number;
}

export function tokensPerSecond(speed: GenerationSpeed): number | null {
  return speed.tokens > 0 && speed.elapsedMs > 0 ? (speed.tokens * 1000) / speed.elapsedMs : null;
}

/** "12.3 tokens/s (45 tokens)", and whether the speed is slow enough to say so. */
export function generationSpeedText(speed: GenerationSpeed): { text: string; slow: string | null } {
  const rate = tokensPerSecond(speed);
  const count = formatCountOf(speed.tokens, "token");
  if (rate === null) return { text: count, slow: null };
  const text = `${rate.toFixed(1)} tokens/s (${count})`;
  const slow =
    speed.tokens >= TOKENS_BEFORE_JUDGING && rate < SLOW_TOKENS_PER_SECOND
      ? `Generation is slow (${rate.toFixed(1)} tokens/s): a smaller model, or a browser with WebGPU, would answer sooner.`
      : null;
  return { text, slow };
}
