// The real transformers.js loading and inference path in Node, on the tiny test model, with downloads off.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createCachedEmbedder, createMemoryEmbeddingStore } from "./embedding-cache";
import { DEFAULT_EMBEDDING_SETTINGS, embeddingLoadSettings, parseEmbeddingSettings, TEST_BUILD_EMBEDDING_SETTINGS } from "./embedding-settings";
import { cosine, createTransformersEmbedder, EmbeddingModelError, embedderFromFolder, timeEmbedding, type EmbedLoadProgress } from "./text-embedder";
import { allowedModelFetch } from "./model-fetch-policy";
import type { TextEmbedder } from "./types";

const MODELS = fileURLToPath(new URL("../../../test-models/", import.meta.url));
const MODEL = "querylab/tiny-embed";
const HIDDEN = 64; // test-models/querylab/tiny-embed/config.json hidden_size

function norm(vector: Float32Array): number {
  return Math.sqrt(vector.reduce((sum, x) => sum + x * x, 0));
}

describe("createTransformersEmbedder on the tiny model", () => {
  it("loads with remote models off, reports progress, and returns unit vectors of the config's size", async () => {
    const events: EmbedLoadProgress[] = [];
    const embedder = await createTransformersEmbedder({
      model: MODEL,
      localModelPath: MODELS,
      allowRemoteModels: false,
      onProgress: (event) => events.push(event),
    });
    expect(embedder.modelId).toBe(MODEL);
    expect(embedder.dimensions).toBe(HIDDEN);
    const vectors = await embedder.embed(["customer name", "the city where the customer lives", ""]);
    expect(vectors).toHaveLength(3);
    for (const vector of vectors.slice(0, 2)) {
      expect(vector).toBeInstanceOf(Float32Array);
      expect(vector).toHaveLength(HIDDEN);
      expect(norm(vector)).toBeCloseTo(1, 4);
    }
    expect(vectors[2]!.every((x) => Number.isFinite(x))).toBe(true);
    expect(events.some((event) => event.file === "onnx/model_quantized.onnx" && event.progress === 1)).toBe(true);
    expect(events.some((event) => event.overall && event.progress === 1)).toBe(true);
    await embedder.dispose();
  });

  it("scores texts that share words above unrelated texts, in batches and in one call alike", async () => {
    const embedder = await createTransformersEmbedder({ model: MODEL, localModelPath: MODELS, allowRemoteModels: false, batchSize: 2 });
    // Each question against a unit that shares its content words and one that shares none.
    const cases: Array<[string, string, string]> = [
      ["which customer paid the largest invoice", "invoice customer: the customer an invoice is for", "flight pilot: pilot of the flight"],
      ["how many flights left each airport", "flight airport: airport a flight leaves from", "book author: writer of a book"],
      ["list the titles of books by each author", "book title: title of the book", "patient doctor: doctor of a patient"],
    ];
    const vectors = await embedder.embed(cases.flat());
    for (let i = 0; i < cases.length; i += 1) {
      const [question, related, unrelated] = vectors.slice(i * 3, i * 3 + 3) as [Float32Array, Float32Array, Float32Array];
      expect(cosine(question, related), cases[i]![0]).toBeGreaterThan(cosine(question, unrelated) + 0.15);
    }
    // Batching does not change a vector: the same text embedded alone.
    const [alone] = await embedder.embed([cases[0]![2]]);
    expect(cosine(alone!, vectors[2]!)).toBeCloseTo(1, 5);
    await embedder.dispose();
  });

  it("loads the fp32 weights too", async () => {
    const embedder = await createTransformersEmbedder({ model: MODEL, localModelPath: MODELS, allowRemoteModels: false, dtype: "fp32" });
    const [a, b] = await embedder.embed(["book title", "title of the book"]);
    expect(cosine(a!, b!)).toBeGreaterThan(0.5);
    await embedder.dispose();
  });

  it("embedderFromFolder takes a model folder on disk, as `querylab prune --embed DIR` does", async () => {
    const embedder = await embedderFromFolder(`${MODELS}querylab/tiny-embed/`);
    expect(embedder.modelId).toBe("tiny-embed");
    expect((await embedder.embed(["hello"]))[0]).toHaveLength(HIDDEN);
    await embedder.dispose();
  });

  it("says which model, where it looked and why when the folder is missing", async () => {
    const error = await createTransformersEmbedder({ model: "querylab/no-such-model", localModelPath: MODELS, allowRemoteModels: false }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(EmbeddingModelError);
    const message = (error as Error).message;
    expect(message).toContain('"querylab/no-such-model"');
    expect(message).toContain(`the folder ${MODELS}querylab/no-such-model/`);
    expect(message).toMatch(/missing \(.*no-such-model\/config\.json\)/);
    expect(message).not.toContain("hub");
  });

  it("refuses to load with neither a folder nor downloads", async () => {
    await expect(createTransformersEmbedder({ model: MODEL, allowRemoteModels: false })).rejects.toThrow(/no folder is set and downloading is off/);
  });

  it("says when the weights of the chosen precision are missing", async () => {
    await expect(createTransformersEmbedder({ model: MODEL, localModelPath: MODELS, allowRemoteModels: false, dtype: "fp16" })).rejects.toThrow(
      /model_fp16\.onnx/,
    );
  });
});

describe("createCachedEmbedder", () => {
  function counting(modelId: string): TextEmbedder & { calls: string[][] } {
    const calls: string[][] = [];
    return {
      modelId,
      calls,
      async embed(texts) {
        calls.push(texts);
        return texts.map((text) => Float32Array.from([text.length, 1]));
      },
    };
  }

  it("embeds each text once per model, repeated texts within a call included", async () => {
    const store = createMemoryEmbeddingStore();
    const inner = counting("m1");
    const cached = createCachedEmbedder(inner, store);
    const first = await cached.embed(["a", "bb", "a"]);
    expect(inner.calls).toEqual([["a", "bb"]]);
    expect(first.map((v) => v[0])).toEqual([1, 2, 1]);
    const second = await cached.embed(["bb", "ccc", "a"]);
    expect(inner.calls).toEqual([["a", "bb"], ["ccc"]]);
    expect(second.map((v) => v[0])).toEqual([2, 3, 1]);
    await cached.embed(["a", "bb", "ccc"]);
    expect(inner.calls).toHaveLength(2);
    // Another model shares the store but not the vectors.
    const other = counting("m2");
    await createCachedEmbedder(other, store).embed(["a"]);
    expect(other.calls).toEqual([["a"]]);
    expect(store.size).toBe(4);
  });

  it("recomputes when the store fails instead of failing", async () => {
    const inner = counting("m1");
    const broken = {
      getMany: () => Promise.reject(new Error("quota")),
      setMany: () => Promise.reject(new Error("quota")),
    };
    const vectors = await createCachedEmbedder(inner, broken).embed(["x"]);
    expect(vectors[0]![0]).toBe(1);
  });

  it("spares the real model the second time a schema is embedded", async () => {
    const embedder = await createTransformersEmbedder({ model: MODEL, localModelPath: MODELS, allowRemoteModels: false });
    let computed = 0;
    const counted: TextEmbedder = {
      modelId: embedder.modelId,
      embed: (texts) => ((computed += texts.length), embedder.embed(texts)),
    };
    const cached = createCachedEmbedder(counted, createMemoryEmbeddingStore());
    const units = ["customer.name: customer name", "customer.city: city", "invoice.total: total amount"];
    const first = await cached.embed(units);
    const second = await cached.embed(units);
    expect(computed).toBe(3);
    expect(second.map((v) => Array.from(v))).toEqual(first.map((v) => Array.from(v)));
    await embedder.dispose();
  });
});

describe("embedding settings", () => {
  it("keeps good stored fields and drops broken ones", () => {
    expect(parseEmbeddingSettings(null)).toEqual(DEFAULT_EMBEDDING_SETTINGS);
    expect(parseEmbeddingSettings({ model: "querylab/tiny-embed", location: "moon" })).toEqual(DEFAULT_EMBEDDING_SETTINGS);
    expect(parseEmbeddingSettings({ model: "querylab/tiny-embed", location: "folder" })).toMatchObject({
      model: "querylab/tiny-embed",
      location: "folder",
      enabled: true,
    });
  });

  it("turns a relative folder into an absolute URL with downloads off, and the hub into downloads on", () => {
    const page = "https://example.org/app/index.html";
    // A same-site folder is a path: transformers.js only looks for optional files (the tokenizer's) at non-URL paths.
    expect(embeddingLoadSettings({ ...DEFAULT_EMBEDDING_SETTINGS, location: "folder", folderUrl: "./models" }, page)).toEqual({
      model: DEFAULT_EMBEDDING_SETTINGS.model,
      localModelPath: "/app/models/",
      allowRemoteModels: false,
      device: "auto",
    });
    // Another site's folder is the only remote host, with plain `<model>/<file>` paths.
    expect(embeddingLoadSettings({ ...DEFAULT_EMBEDDING_SETTINGS, location: "folder", folderUrl: "https://cdn.example/m/" }, page)).toEqual({
      model: DEFAULT_EMBEDDING_SETTINGS.model,
      remoteHost: "https://cdn.example/m/",
      remotePathTemplate: "{model}/",
      allowRemoteModels: true,
      device: "auto",
    });
    const hub = embeddingLoadSettings(DEFAULT_EMBEDDING_SETTINGS, page);
    expect(hub).toMatchObject({ allowRemoteModels: true, model: "Xenova/all-MiniLM-L6-v2" });
    expect(hub?.localModelPath).toBeUndefined();
    expect(embeddingLoadSettings({ ...DEFAULT_EMBEDDING_SETTINGS, enabled: false }, page)).toBeNull();
  });
});

describe("allowedModelFetch", () => {
  const self = "http://127.0.0.1:4181";
  it("allows the folder's site only, with downloads off", () => {
    const folder = { localModelPath: "http://127.0.0.1:4181/models/", allowRemoteModels: false };
    expect(allowedModelFetch("http://127.0.0.1:4181/models/querylab/tiny-embed/config.json", folder, self)).toBe(true);
    expect(allowedModelFetch("https://huggingface.co/Xenova/all-MiniLM-L6-v2/resolve/main/config.json", folder, self)).toBe(false);
    expect(allowedModelFetch("https://cdn.jsdelivr.net/npm/onnxruntime-web/dist/x.wasm", folder, self)).toBe(false);
  });
  it("allows the hub and its file hosts when the hub is chosen, over https only", () => {
    const hub = { allowRemoteModels: true };
    expect(allowedModelFetch("https://huggingface.co/Xenova/all-MiniLM-L6-v2/resolve/main/config.json", hub, self)).toBe(true);
    expect(allowedModelFetch("https://cas-bridge.xethub.hf.co/xet-bridge-us/abc", hub, self)).toBe(true);
    expect(allowedModelFetch("https://cdn-lfs-us-1.huggingface.co/x", hub, self)).toBe(true);
    expect(allowedModelFetch("http://huggingface.co/x", hub, self)).toBe(false);
    expect(allowedModelFetch("https://huggingface.co.evil.example/x", hub, self)).toBe(false);
    expect(allowedModelFetch("https://nothf.co/x", hub, self)).toBe(false);
  });
  it("allows only another site's folder when that is the location, not the hub", () => {
    const folder = { remoteHost: "https://cdn.example/m/", allowRemoteModels: true };
    expect(allowedModelFetch("https://cdn.example/m/querylab/tiny-embed/config.json", folder, self)).toBe(true);
    expect(allowedModelFetch("https://huggingface.co/x", folder, self)).toBe(false);
  });
});

describe("timeEmbedding", () => {
  it("times a load and one embedding, for the bench", async () => {
    const units = Array.from({ length: 100 }, (_, i) => `table${i % 7}.column ${i}: the name of item ${i}`);
    const figures = await timeEmbedding(() => embedderFromFolder(`${MODELS}querylab/tiny-embed`), units);
    expect(figures).toMatchObject({ model: "tiny-embed", dimensions: HIDDEN, texts: 100 });
    expect(figures.loadMs).toBeGreaterThan(0);
    expect(figures.embedMs).toBeGreaterThan(0);
  });
});

describe("test build embedding defaults", () => {
  it("start with the model off, and turned on use the tiny model from ./models/ with downloads off", () => {
    expect(embeddingLoadSettings(parseEmbeddingSettings(null, TEST_BUILD_EMBEDDING_SETTINGS), "http://127.0.0.1:4174/")).toBeNull();
    const load = embeddingLoadSettings({ ...parseEmbeddingSettings(null, TEST_BUILD_EMBEDDING_SETTINGS), enabled: true }, "http://127.0.0.1:4174/");
    expect(load).toEqual({ model: "querylab/tiny-embed", localModelPath: "/models/", allowRemoteModels: false, device: "auto" });
  });
});
