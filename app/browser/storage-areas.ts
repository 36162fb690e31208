// The two places QueryLab storage can live: IndexedDB (kept across reloads) and memory (when IndexedDB is unavailable, and in unit tests).
import { createStore, del, get, getMany, set, setMany, type UseStore } from "idb-keyval";
import { withKeptDatabaseHint } from "./kept-database-hint";
import { DATABASES_IDB } from "./kept-database-keys";
import { SCHEMA_CONTEXT_IDB } from "./profile-keeping";
import { createQueryLabStorage, type KeyValueArea, type QueryLabStorage } from "./storage";

function indexedDbArea(store: UseStore): KeyValueArea {
  return {
    get: (key) => get<unknown>(key, store),
    set: (key, value) => set(key, value, store),
    delete: (key) => del(key, store),
    getMany: (keys) => getMany<unknown>(keys, store),
    setMany: (entries) => setMany(entries, store),
  };
}

/** The database and store names are the ones earlier versions used, so what a person kept is still found. */
export function createIndexedDbStorage(): QueryLabStorage {
  const storage = createQueryLabStorage(
    {
      databases: indexedDbArea(createStore(DATABASES_IDB.database, DATABASES_IDB.store)),
      traces: indexedDbArea(createStore("querylab-traces", "keyval")),
      schemaContext: indexedDbArea(createStore(SCHEMA_CONTEXT_IDB.database, SCHEMA_CONTEXT_IDB.store)),
      embeddings: indexedDbArea(createStore("querylab-embeddings", "vectors")),
      benchmark: indexedDbArea(createStore("querylab-benchmark", "keyval")),
    },
    true,
  );
  // So index.html's start script knows, without waiting for IndexedDB, not to download the first sample.
  return withKeptDatabaseHint(storage);
}

/** Values are cloned on the way in and out, as IndexedDB does, so a caller changing an object cannot change what is kept. */
export function createMemoryArea(): KeyValueArea {
  const values = new Map<string, unknown>();
  return {
    async get(key) {
      return structuredClone(values.get(key));
    },
    async set(key, value) {
      values.set(key, structuredClone(value));
    },
    async delete(key) {
      values.delete(key);
    },
    async getMany(keys) {
      return keys.map((key) => structuredClone(values.get(key)));
    },
    async setMany(entries) {
      for (const [key, value] of entries) values.set(key, structuredClone(value));
    },
  };
}

/**
 * Storage that lasts as long as the page. `durable` says whether callers should treat it as kept across reloads:
 * false on the page (the person is told nothing is kept), true in tests that stand in for IndexedDB.
 */
export function createMemoryStorage(options: { durable?: boolean } = {}): QueryLabStorage {
  return createQueryLabStorage(
    {
      databases: createMemoryArea(),
      traces: createMemoryArea(),
      schemaContext: createMemoryArea(),
      embeddings: createMemoryArea(),
      benchmark: createMemoryArea(),
    },
    options.durable ?? false,
  );
}
