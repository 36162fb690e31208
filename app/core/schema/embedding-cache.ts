// Caches embeddings by model and text, so a schema's retrieval units are embedded once per model (Map here, IndexedDB in the page).
import type { TextEmbedder } from "./types";

/** Where cached vectors live; keys already include the model. */
export interface EmbeddingStore {
  getMany(keys: string[]): Promise<Array<Float32Array | undefined>>;
  setMany(entries: Array<[string, Float32Array]>): Promise<void>;
}

/** The cache key of a text under a model: the same text under another model is a different vector. */
export function embeddingKey(modelId: string, text: string): string {
  return `${modelId}\u0000${text}`;
}

/** An in-memory store (Node, tests, and the page when IndexedDB is unavailable). */
export function createMemoryEmbeddingStore(): EmbeddingStore & { readonly size: number } {
  const vectors = new Map<string, Float32Array>();
  return {
    get size() {
      return vectors.size;
    },
    async getMany(keys) {
      return keys.map((key) => vectors.get(key));
    },
    async setMany(entries) {
      for (const [key, vector] of entries) vectors.set(key, vector);
    },
  };
}

/**
 * Wraps an embedder so only texts not seen before under this model reach it; repeated texts within one call are
 * embedded once. A failing store is treated as empty (the vectors are recomputed), never as a failed embedding.
 */
export function createCachedEmbedder(embedder: TextEmbedder, store: EmbeddingStore): TextEmbedder {
  return {
    get modelId() {
      return embedder.modelId;
    },
    async embed(texts) {
      const keys = texts.map((text) => embeddingKey(embedder.modelId, text));
      const cached = await store.getMany(keys).catch(() => keys.map(() => undefined));
      const missing = new Map<string, string>(); // key → text, first occurrence
      keys.forEach((key, index) => {
        if (!cached[index] && !missing.has(key)) missing.set(key, texts[index]!);
      });
      const fresh = new Map<string, Float32Array>();
      if (missing.size > 0) {
        const vectors = await embedder.embed([...missing.values()]);
        [...missing.keys()].forEach((key, index) => fresh.set(key, vectors[index]!));
        await store.setMany([...fresh.entries()]).catch(() => undefined);
      }
      return keys.map((key, index) => cached[index] ?? fresh.get(key)!);
    },
  };
}
