// Keeps databases (bytes and a little metadata) and the query history in IndexedDB so they survive a reload.
import { createStore, del, get, set, type UseStore } from "idb-keyval";
import { z } from "zod";

export const storedDatabaseMetaSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Where it came from, in words a person recognizes: "sample", "file", "url", "new". */
  source: z.enum(["sample", "file", "url", "new"]),
  sizeBytes: z.number(),
  updatedAt: z.number(),
});
export type StoredDatabaseMeta = z.infer<typeof storedDatabaseMetaSchema>;

export const historyEntrySchema = z.object({
  sql: z.string(),
  ranAt: z.number(),
  databaseName: z.string(),
  ok: z.boolean(),
  rowCount: z.number().nullable(),
  elapsedMs: z.number(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

const INDEX_KEY = "database-index";
const LAST_OPEN_KEY = "last-open-database";
const HISTORY_KEY = "query-history";
const HISTORY_LIMIT = 200;

/** Errors from storage mean "not kept", never "broken": callers keep working in memory. */
export class DatabaseStorage {
  private readonly store: UseStore;

  constructor(store?: UseStore) {
    this.store = store ?? createStore("querylab", "keyval");
  }

  /** True when IndexedDB accepts a write (it does not in some private modes). */
  async probe(): Promise<boolean> {
    try {
      await set("probe", Date.now(), this.store);
      return true;
    } catch {
      return false;
    }
  }

  async list(): Promise<StoredDatabaseMeta[]> {
    const raw = await get(INDEX_KEY, this.store);
    const parsed = z.array(storedDatabaseMetaSchema).safeParse(raw ?? []);
    return parsed.success ? parsed.data.sort((a, b) => b.updatedAt - a.updatedAt) : [];
  }

  async save(meta: StoredDatabaseMeta, bytes: Uint8Array): Promise<void> {
    await set(`database:${meta.id}`, bytes, this.store);
    const others = (await this.list()).filter((entry) => entry.id !== meta.id);
    await set(INDEX_KEY, [meta, ...others], this.store);
  }

  async load(id: string): Promise<{ meta: StoredDatabaseMeta; bytes: Uint8Array } | null> {
    const meta = (await this.list()).find((entry) => entry.id === id);
    const bytes = await get(`database:${id}`, this.store);
    if (!meta || !(bytes instanceof Uint8Array)) return null;
    return { meta, bytes };
  }

  async remove(id: string): Promise<void> {
    await del(`database:${id}`, this.store);
    await set(INDEX_KEY, (await this.list()).filter((entry) => entry.id !== id), this.store);
    if ((await this.lastOpenId()) === id) await del(LAST_OPEN_KEY, this.store);
  }

  async lastOpenId(): Promise<string | null> {
    const id = await get(LAST_OPEN_KEY, this.store);
    return typeof id === "string" ? id : null;
  }

  async setLastOpenId(id: string): Promise<void> {
    await set(LAST_OPEN_KEY, id, this.store);
  }

  async history(): Promise<HistoryEntry[]> {
    const parsed = z.array(historyEntrySchema).safeParse((await get(HISTORY_KEY, this.store)) ?? []);
    return parsed.success ? parsed.data : [];
  }

  async addHistory(entry: HistoryEntry): Promise<HistoryEntry[]> {
    const previous = await this.history();
    // The same query run again moves to the top instead of filling the list with copies.
    const next = [entry, ...previous.filter((item) => item.sql !== entry.sql)].slice(0, HISTORY_LIMIT);
    await set(HISTORY_KEY, next, this.store);
    return next;
  }
}
