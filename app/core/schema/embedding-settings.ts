// The embedding-model setting (which model, where it loads from, or off), its defaults, and the loader options it implies.
import * as z from "../zod-mini";

/**
 * The default model. Xenova/all-MiniLM-L6-v2: the smallest widely used sentence-embedding model (6 layers,
 * 384 dimensions, q8 weights ≈ 23 MB), trained on a billion sentence pairs, so short texts such as
 * "customer.city: city name" embed well and a schema of hundreds of columns embeds in seconds on WASM.
 * Xenova/bge-small-en-v1.5 ranks a little higher on retrieval benchmarks but has 12 layers (about twice the time,
 * q8 ≈ 34 MB) for little gain on names this short. Both are English-only: for other languages pick
 * Xenova/paraphrase-multilingual-MiniLM-L12-v2 (50+ languages, q8 ≈ 118 MB) or Xenova/multilingual-e5-small
 * (q8 ≈ 118 MB; trained with "query: "/"passage: " prefixes, which the retriever adds for e5 models: embedding-prefixes.ts). Lexical and
 * value matching work in any language without a model.
 */
export const DEFAULT_EMBEDDING_MODEL = "Xenova/all-MiniLM-L6-v2";

/**
 * Suggested models for the settings list; any hub id or folder name can be typed instead. `megabytes` is the size of
 * the q8 weights (onnx/model_quantized.onnx) as the hub lists them, the bulk of a download; config and tokenizer
 * files come with them. Said before the first download, so a person knows what they agree to fetch.
 */
export const EMBEDDING_MODEL_SUGGESTIONS: ReadonlyArray<{ id: string; label: string; megabytes: number; multilingual: boolean }> = [
  { id: "Xenova/all-MiniLM-L6-v2", label: "all-MiniLM-L6-v2 (English, 23 MB, default)", megabytes: 23, multilingual: false },
  { id: "Xenova/bge-small-en-v1.5", label: "bge-small-en-v1.5 (English, 34 MB)", megabytes: 34, multilingual: false },
  {
    id: "Xenova/paraphrase-multilingual-MiniLM-L12-v2",
    label: "paraphrase-multilingual-MiniLM-L12-v2 (50+ languages, 118 MB)",
    megabytes: 118,
    multilingual: true,
  },
  { id: "Xenova/multilingual-e5-small", label: "multilingual-e5-small (about 100 languages, 118 MB)", megabytes: 118, multilingual: true },
];

/** The model suggested for questions or schemas not in English: about 100 languages, e5 prefixes added. */
export const MULTILINGUAL_EMBEDDING_MODEL = "Xenova/multilingual-e5-small";

/** Whether a model reads languages other than English: a suggested one as listed, any other by its name. */
export function isMultilingualModel(model: string): boolean {
  const suggested = EMBEDDING_MODEL_SUGGESTIONS.find((entry) => entry.id === model);
  return suggested ? suggested.multilingual : /multilingual|labse|bge-m3|xlm|mE5|distiluse/i.test(model);
}

/** The weights' size in MB of a suggested model, or null for any other (its size is not known before fetching). */
export function knownDownloadMegabytes(model: string): number | null {
  return EMBEDDING_MODEL_SUGGESTIONS.find((entry) => entry.id === model)?.megabytes ?? null;
}

export const HUGGING_FACE_HUB = "https://huggingface.co/";

export const embeddingSettingsSchema = z.object({
  /** "off": lexical and value matching only; the model is never loaded. */
  enabled: z.boolean(),
  /** A hub id ("Xenova/all-MiniLM-L6-v2") or, with a folder location, the model's folder name inside it. */
  model: z.string().check(z.trim(), z.minLength(1)),
  /** "hub": download from the Hugging Face hub (cached by the browser); "folder": a self-hosted folder, nothing else. */
  location: z.enum(["hub", "folder"]),
  /** The folder holding `<model>/config.json`, `<model>/onnx/model_quantized.onnx`…; relative to the page. */
  folderUrl: z.string().check(z.trim()),
  /** "auto": WebGPU when the browser has a working one, else WASM. */
  device: z.enum(["auto", "webgpu", "wasm"]),
});

export type EmbeddingSettings = z.infer<typeof embeddingSettingsSchema>;

export const DEFAULT_EMBEDDING_SETTINGS: EmbeddingSettings = {
  enabled: true,
  model: DEFAULT_EMBEDDING_MODEL,
  location: "hub",
  folderUrl: "./models/",
  device: "auto",
};

/**
 * The test build's default (`vite build --mode test`, Playwright): the tiny model it serves at ./models/, never
 * the hub, so no test reaches the network for a model. Off until a test turns it on: compiling onnxruntime's
 * WASM costs seconds of CPU, which every agent test would otherwise pay in the background.
 */
export const TEST_BUILD_EMBEDDING_SETTINGS: EmbeddingSettings = {
  ...DEFAULT_EMBEDDING_SETTINGS,
  enabled: false,
  model: "querylab/tiny-embed",
  location: "folder",
  folderUrl: "./models/",
};

/** Reads stored settings leniently: unknown or broken fields fall back to the defaults one by one. */
export function parseEmbeddingSettings(value: unknown, defaults: EmbeddingSettings = DEFAULT_EMBEDDING_SETTINGS): EmbeddingSettings {
  const parsed = z.partial(embeddingSettingsSchema).safeParse(value);
  if (!parsed.success) return defaults;
  const defined = Object.fromEntries(Object.entries(parsed.data).filter(([, field]) => field !== undefined));
  return { ...defaults, ...defined };
}

/** What the loader needs (a subset of TransformersEmbedderOptions, kept here so this module has no heavy imports). */
export interface EmbeddingLoadSettings {
  model: string;
  /** A same-site folder as an absolute path ("/app/models/"); undefined with the hub or another site's folder. */
  localModelPath?: string;
  /** Another site's folder ("https://cdn.example/models/"), read as a host with `<model>/<file>` paths. */
  remoteHost?: string;
  remotePathTemplate?: string;
  allowRemoteModels: boolean;
  device: EmbeddingSettings["device"];
}

/**
 * The loader options a setting implies, or null when the model is off. With a folder the hub is never asked, so an
 * offline or static deployment never reaches out; with the hub, local paths are not tried. baseUrl resolves a
 * relative folder ("./models/") against the page, since the worker's own URL differs.
 *
 * A same-site folder becomes a path ("/models/"), not a full URL: transformers.js 4 checks whether optional files
 * (tokenizer_config.json, and so the tokenizer) exist only for local paths that are not URLs, and would silently
 * load no tokenizer from a URL. A folder on another site is given as the remote host instead, with
 * "{model}/" as the path template, so its files are fetched as `<folder><model>/<file>` and nothing else.
 */
export function embeddingLoadSettings(settings: EmbeddingSettings, baseUrl: string): EmbeddingLoadSettings | null {
  if (!settings.enabled) return null;
  if (settings.location === "hub") return { model: settings.model, allowRemoteModels: true, device: settings.device };
  let folder = settings.folderUrl || "./models/";
  if (!folder.endsWith("/")) folder += "/";
  const url = new URL(folder, baseUrl);
  if (url.origin === new URL(baseUrl).origin) {
    return { model: settings.model, localModelPath: url.pathname, allowRemoteModels: false, device: settings.device };
  }
  return { model: settings.model, remoteHost: url.href, remotePathTemplate: "{model}/", allowRemoteModels: true, device: settings.device };
}
