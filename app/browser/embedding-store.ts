// The embedding cache in IndexedDB (idb-keyval), so a schema's vectors survive reloads; memory when storage is unavailable.
import { createStore, getMany, setMany, type UseStore } from "idb-keyval";
import { createMemoryEmbeddingStore, type EmbeddingStore } from "../core/schema/embedding-cache";

let database: UseStore | null = null;

export function createIndexedDbEmbeddingStore(): EmbeddingStore {
  if (typeof indexedDB === "undefined") return createMemoryEmbeddingStore();
  database ??= createStore("querylab-embeddings", "vectors");
  const store = database;
  return {
    async getMany(keys) {
      const values = await getMany<unknown>(keys, store);
      // Float32Array survives structured cloning; anything else (an older format) counts as missing.
      return values.map((value) => (value instanceof Float32Array ? value : undefined));
    },
    async setMany(entries) {
      await setMany(entries, store);
    },
  };
}
