// Everything the page keeps in the browser, behind one typed interface: databases, query history, traces, profiles, descriptions, embedding vectors.
import * as z from "../core/zod-mini";
import { agentEventSchema } from "../core/agent/events";
import { traceSchema, type Trace } from "../core/agent/trace";
import { summarizeThread, threadSchema, threadSummarySchema, type Thread, type ThreadSummary } from "../core/agent/thread";
import { questionResultSchema } from "../core/eval/question-result";
import type { EmbeddingStore } from "../core/schema/embedding-cache";
import { schemaDescriptionsSchema } from "../core/schema/descriptions";
import type { ColumnProfile, DatabaseProfile, SchemaDescriptions, TableProfile, ValueCount } from "../core/schema/types";
import { isNullOrString, isNumber, isRecord, isString, isStringArray } from "./plain-checks";
import { isQuotaError } from "./storage-estimate";
import { DATABASE_INDEX_KEY, LAST_OPEN_KEY, databaseBytesKey } from "./kept-database-keys";
import { isProfileWorthKeeping, keepProfileIn, readKeptProfileIn } from "./profile-keeping";

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
  rowCount: z.nullable(z.number()),
  elapsedMs: z.number(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const traceSummarySchema = z.object({
  id: z.string(),
  question: z.string(),
  databaseName: z.string(),
  model: z.string(),
  createdAt: z.number(),
  status: z.string(),
  sql: z.nullable(z.string()),
});
export type TraceSummary = z.infer<typeof traceSummarySchema>;

const valueCountSchema = z.object({ value: z.string(), count: z.number() });
export const tableProfileSchema: z.ZodMiniType<TableProfile> = z.object({
  table: z.string(),
  kind: z.enum(["table", "view"]),
  rowCount: z.nullable(z.number()),
  rowsProfiled: z.number(),
  columns: z.array(
    z.object({
      column: z.string(),
      type: z.string(),
      nullFraction: z.number(),
      distinctCount: z.number(),
      approximate: z.boolean(),
      min: z.nullable(z.string()),
      max: z.nullable(z.string()),
      topValues: z.array(valueCountSchema),
      examples: z.array(z.string()),
    }),
  ),
});
export const databaseProfileSchema: z.ZodMiniType<DatabaseProfile> = z.object({
  contentKey: z.string(),
  elapsedMs: z.number(),
  tables: z.array(tableProfileSchema),
});

/**
 * A column profile (the worker's reply, or one kept in this browser) checked field by field, as databaseProfileSchema
 * checks it (the tests hold the two to the same verdicts), and copied without unknown fields as its parse does; null
 * when any check fails (for a reply the schema then words the error). For 5,000 tables (60,000 columns, each with its
 * top values and examples) zod's parse, which the page's CSP keeps from compiling its checks, held the page's main
 * thread for ~100-150 ms once the profile arrived.
 */
export function checkedDatabaseProfile(reply: unknown): DatabaseProfile | null {
  if (!isRecord(reply) || !isString(reply.contentKey) || !isNumber(reply.elapsedMs) || !Array.isArray(reply.tables)) return null;
  const tables = checkedTableProfiles(reply.tables);
  return tables && { contentKey: reply.contentKey, elapsedMs: reply.elapsedMs, tables };
}

/** The tables of a profile checked and copied as checkedDatabaseProfile does (z.array(tableProfileSchema)); null when any check fails. */
export function checkedTableProfiles(reply: unknown[]): TableProfile[] | null {
  const tables: TableProfile[] = [];
  for (const table of reply) {
    if (!isRecord(table)) return null;
    const { table: name, kind, rowCount, rowsProfiled, columns } = table;
    if (!isString(name) || (kind !== "table" && kind !== "view") || !(rowCount === null || isNumber(rowCount))) return null;
    if (!isNumber(rowsProfiled) || !Array.isArray(columns)) return null;
    const checkedColumns: ColumnProfile[] = [];
    for (const column of columns as unknown[]) {
      if (!isRecord(column)) return null;
      const { column: columnName, type, nullFraction, distinctCount, approximate, min, max, topValues, examples } = column;
      if (!isString(columnName) || !isString(type) || !isNumber(nullFraction) || !isNumber(distinctCount) || typeof approximate !== "boolean") return null;
      if (!isNullOrString(min) || !isNullOrString(max) || !Array.isArray(topValues) || !isStringArray(examples)) return null;
      const checkedTopValues: ValueCount[] = [];
      for (const top of topValues as unknown[]) {
        if (!isRecord(top) || !isString(top.value) || !isNumber(top.count)) return null;
        checkedTopValues.push({ value: top.value, count: top.count });
      }
      checkedColumns.push({ column: columnName, type, nullFraction, distinctCount, approximate, min, max, topValues: checkedTopValues, examples });
    }
    tables.push({ table: name, kind, rowCount, rowsProfiled, columns: checkedColumns });
  }
  return tables;
}

/** One benchmark answer in the page: the judged result, its model, and the agent's events to open its trace. */
export const benchmarkRunResultSchema = z.extend(questionResultSchema, {
  model: z.string(),
  /** The agent's events for this question, to open its trace; not written to exported files. */
  events: z.optional(z.array(agentEventSchema)),
});
export type BenchmarkRunResult = z.infer<typeof benchmarkRunResultSchema>;

/** The benchmark run on screen, kept so it survives a reload and can continue. */
export const savedBenchmarkRunSchema = z.object({
  sourceName: z.string(),
  models: z.array(z.string()),
  questions: z.array(
    z.object({
      index: z.number(),
      dbId: z.string(),
      question: z.string(),
      gold: z.string(),
      evidence: z.optional(z.string()),
      difficulty: z.optional(z.string()),
    }),
  ),
  results: z.array(benchmarkRunResultSchema),
  semantics: z.enum(["spider", "bird"]),
  /** Spider only: DISTINCT kept when judging (runs kept before this option have none: dropped). */
  keepDistinct: z.optional(z.boolean()),
});
export type SavedBenchmarkRun = z.infer<typeof savedBenchmarkRunSchema>;

/**
 * One database's place in the workspace, kept under its id: the editor text, the thread on screen, and the last result
 * as the SQL that made it (run again when the database is opened again, not stored as rows).
 */
export const databaseWorkspaceSchema = z.object({
  databaseId: z.string(),
  editorText: z.string(),
  threadId: z.nullable(z.string()),
  lastRun: z.nullable(z.object({ sql: z.string(), elapsedMs: z.number(), rowCount: z.number() })),
  updatedAt: z.number(),
});
export type DatabaseWorkspace = z.infer<typeof databaseWorkspaceSchema>;

export type StorageProbe = "writable" | "full" | "refused";

/** Errors from storage mean "not kept", never "broken": callers catch them and keep working in memory. */
export interface QueryLabStorage {
  /** True when what is written survives a reload (IndexedDB); false for the in-memory fallback. */
  readonly durable: boolean;
  /**
   * Whether a write is accepted: "refused" in some private modes (nothing can be kept or read), "full" when the
   * browser refuses for lack of space (what is kept can still be read; saves work again once space is freed).
   */
  probe(): Promise<StorageProbe>;

  /** Stored databases, the most recently saved first. */
  listDatabases(): Promise<StoredDatabaseMeta[]>;
  /**
   * `data`: the bytes, or a Blob holding them (a File the person chose): IndexedDB copies a Blob from where it lies,
   * not through the page's memory. Loaded back as a Blob either way.
   */
  saveDatabase(meta: StoredDatabaseMeta, data: Uint8Array | Blob): Promise<void>;
  /**
   * A stored database: its entry, and its bytes as a Blob, not read (the SQLite worker reads them, off the page's main
   * thread; a copy an earlier version kept as bytes comes wrapped in one). Null when there is none.
   */
  loadDatabase(id: string): Promise<{ meta: StoredDatabaseMeta; copy: Blob } | null>;
  removeDatabase(id: string): Promise<void>;
  lastOpenDatabaseId(): Promise<string | null>;
  setLastOpenDatabaseId(id: string): Promise<void>;

  /** Queries run from the editor, the latest first. */
  queryHistory(): Promise<HistoryEntry[]>;
  /** Adds a run and returns the history after it. */
  addQueryHistory(entry: HistoryEntry): Promise<HistoryEntry[]>;

  /** Agent runs, the latest first. */
  listTraces(): Promise<TraceSummary[]>;
  /** Keeps a trace and returns the list after it (the oldest fall off past a limit). */
  saveTrace(trace: Trace): Promise<TraceSummary[]>;
  loadTrace(id: string): Promise<Trace | null>;
  removeTrace(id: string): Promise<TraceSummary[]>;

  /** Threads of questions, the latest changed first. */
  listThreads(): Promise<ThreadSummary[]>;
  /** Keeps a thread and returns the list after it (the oldest fall off past a limit; their traces stay in History). */
  saveThread(thread: Thread): Promise<ThreadSummary[]>;
  loadThread(id: string): Promise<Thread | null>;
  removeThread(id: string): Promise<ThreadSummary[]>;

  /** A database's editor text, thread and last result; removed with the database. */
  loadWorkspace(databaseId: string): Promise<DatabaseWorkspace | null>;
  saveWorkspace(workspace: DatabaseWorkspace): Promise<void>;

  /** Column profiles by content key: the same bytes opened again need no second profiling. */
  loadProfile(contentKey: string): Promise<DatabaseProfile | null>;
  saveProfile(profile: DatabaseProfile): Promise<void>;
  /** A person's and the LLM's descriptions of a stored database (harvested ones are recomputed, not kept). */
  loadDescriptionEdits(databaseId: string): Promise<SchemaDescriptions | null>;
  saveDescriptionEdits(databaseId: string, edits: SchemaDescriptions): Promise<void>;

  /** A value index snapshot (value-snapshot.ts) by its key; null when none is kept. */
  loadValueIndex(key: string): Promise<Blob | null>;
  /** Keeps a snapshot; the least recently used go once more than VALUE_INDEXES_KEPT or VALUE_INDEX_BYTES_KEPT are kept. */
  saveValueIndex(key: string, snapshot: Blob): Promise<void>;

  /** Embedding vectors by model and text, so a schema's vectors survive reloads. */
  readonly embeddings: EmbeddingStore;

  /** The benchmark run on screen; null when none is kept or what is kept is unreadable. */
  loadBenchmarkRun(): Promise<SavedBenchmarkRun | null>;
  saveBenchmarkRun(run: SavedBenchmarkRun): Promise<void>;
}

/** One named key-value area (an IndexedDB object store, or a Map). Values come back as unknown: every read is validated. */
export interface KeyValueArea {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  delete(key: string): Promise<void>;
  getMany(keys: string[]): Promise<unknown[]>;
  setMany(entries: Array<[string, unknown]>): Promise<void>;
}

export interface StorageAreas {
  databases: KeyValueArea;
  traces: KeyValueArea;
  schemaContext: KeyValueArea;
  embeddings: KeyValueArea;
  benchmark: KeyValueArea;
}

const HISTORY_KEY = "query-history";
export const HISTORY_LIMIT = 200;
const TRACE_INDEX_KEY = "trace-index";
export const TRACES_KEPT = 100;
const THREAD_INDEX_KEY = "thread-index";
export const THREADS_KEPT = 100;
const BENCHMARK_RUN_KEY = "current-run";

const VALUE_INDEX_LIST_KEY = "value-index-list";
/** Value indexes kept: one per database a person goes back to; each can be tens of MB. */
export const VALUE_INDEXES_KEPT = 4;
/** Bytes of value indexes kept in all; the newest is kept even when it alone is larger. */
export const VALUE_INDEX_BYTES_KEPT = 256 * 1024 * 1024;
const valueIndexEntrySchema = z.object({ key: z.string(), bytes: z.number() });
type ValueIndexEntry = z.infer<typeof valueIndexEntrySchema>;

/** The entries to keep, most recently used first: within the count and the byte bound, the first always. */
function valueIndexesWithin(entries: ValueIndexEntry[], bytesKept: number): { kept: ValueIndexEntry[]; dropped: ValueIndexEntry[] } {
  const kept: ValueIndexEntry[] = [];
  const dropped: ValueIndexEntry[] = [];
  let bytes = 0;
  for (const entry of entries) {
    const fits = kept.length === 0 || (kept.length < VALUE_INDEXES_KEPT && bytes + entry.bytes <= bytesKept);
    (fits ? kept : dropped).push(entry);
    if (fits) bytes += entry.bytes;
  }
  return { kept, dropped };
}

/** Reads a list, keeping the entries that are valid: one damaged entry must not hide all the others. */
function validEntries<T>(value: unknown, schema: z.ZodMiniType<T>): T[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    const parsed = schema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

export function summarizeTrace(trace: Trace): TraceSummary {
  const end = trace.events.findLast((event) => event.type === "run-end");
  const final = trace.events.findLast((event) => event.type === "final");
  return {
    id: trace.id,
    question: trace.question,
    databaseName: trace.databaseName,
    model: trace.model,
    createdAt: trace.createdAt,
    status: end?.type === "run-end" ? end.status : "running",
    sql: final?.type === "final" ? final.sql : null,
  };
}

/** The one implementation of the storage rules (indexes, limits, validation) over any set of areas. */
/** `valueIndexBytesKept`: the bound on kept value indexes (a test sets a small one rather than write hundreds of MB). */
export function createQueryLabStorage(areas: StorageAreas, durable: boolean, { valueIndexBytesKept = VALUE_INDEX_BYTES_KEPT } = {}): QueryLabStorage {
  const { databases, traces, schemaContext, embeddings, benchmark } = areas;

  async function listDatabases(): Promise<StoredDatabaseMeta[]> {
    return validEntries(await databases.get(DATABASE_INDEX_KEY), storedDatabaseMetaSchema).sort((a, b) => b.updatedAt - a.updatedAt);
  }

  async function lastOpenDatabaseId(): Promise<string | null> {
    const id = await databases.get(LAST_OPEN_KEY);
    return typeof id === "string" ? id : null;
  }

  async function queryHistory(): Promise<HistoryEntry[]> {
    return validEntries(await databases.get(HISTORY_KEY), historyEntrySchema);
  }

  async function listTraces(): Promise<TraceSummary[]> {
    return validEntries(await traces.get(TRACE_INDEX_KEY), traceSummarySchema);
  }

  async function listThreads(): Promise<ThreadSummary[]> {
    return validEntries(await traces.get(THREAD_INDEX_KEY), threadSummarySchema);
  }

  async function listValueIndexes(): Promise<ValueIndexEntry[]> {
    return validEntries(await schemaContext.get(VALUE_INDEX_LIST_KEY), valueIndexEntrySchema);
  }

  return {
    durable,

    async probe() {
      try {
        await databases.set("probe", Date.now());
        return "writable";
      } catch (error) {
        return isQuotaError(error) ? "full" : "refused";
      }
    },

    listDatabases,

    async saveDatabase(meta, data) {
      const others = (await listDatabases()).filter((entry) => entry.id !== meta.id);
      // One write (one IndexedDB transaction): a refused save leaves the bytes and the index both as they were,
      // never new bytes under the old date or the new date over the old bytes.
      // Bytes are kept as a Blob, as a File already is: read back, IndexedDB gives a reference at once, and the bytes
      // are read from it where they are needed. A returning visit's start script reads the database open last and
      // sends it to the SQLite worker (html-start.ts): a Blob reached it in ~11 ms and the worker read it in ~15-20
      // ms off the page's main thread, where the same 3.3 MB stored as bytes took 37-48 ms on the main thread itself
      // (IndexedDB unwraps a large value there), while the app evaluates. Copies kept as bytes by earlier versions
      // still load.
      await databases.setMany([
        [databaseBytesKey(meta.id), data instanceof Blob ? data : new Blob([data as Uint8Array<ArrayBuffer>])],
        [DATABASE_INDEX_KEY, [meta, ...others]],
      ]);
    },

    async loadDatabase(id) {
      // Together: on a returning visit this read stands between the page and its database.
      const [list, stored] = await Promise.all([listDatabases(), databases.get(databaseBytesKey(id))]);
      const meta = list.find((entry) => entry.id === id);
      if (!meta) return null;
      if (stored instanceof Blob) return { meta, copy: stored };
      if (stored instanceof Uint8Array) return { meta, copy: new Blob([stored as Uint8Array<ArrayBuffer>]) };
      return null;
    },

    async removeDatabase(id) {
      await databases.delete(databaseBytesKey(id));
      await databases.set(
        DATABASE_INDEX_KEY,
        (await listDatabases()).filter((entry) => entry.id !== id),
      );
      if ((await lastOpenDatabaseId()) === id) await databases.delete(LAST_OPEN_KEY);
      // Its threads stay in History (like its traces); only its place in the workspace goes with it.
      await databases.delete(`workspace:${id}`);
    },

    lastOpenDatabaseId,

    async setLastOpenDatabaseId(id) {
      await databases.set(LAST_OPEN_KEY, id);
    },

    queryHistory,

    async addQueryHistory(entry) {
      const previous = await queryHistory();
      // The same query run again moves to the top instead of filling the list with copies.
      const next = [entry, ...previous.filter((item) => item.sql !== entry.sql)].slice(0, HISTORY_LIMIT);
      await databases.set(HISTORY_KEY, next);
      return next;
    },

    listTraces,

    async saveTrace(trace) {
      await traces.set(`trace:${trace.id}`, trace);
      const next = [summarizeTrace(trace), ...(await listTraces()).filter((entry) => entry.id !== trace.id)];
      for (const dropped of next.slice(TRACES_KEPT)) await traces.delete(`trace:${dropped.id}`);
      await traces.set(TRACE_INDEX_KEY, next.slice(0, TRACES_KEPT));
      return next.slice(0, TRACES_KEPT);
    },

    async loadTrace(id) {
      const parsed = traceSchema.safeParse(await traces.get(`trace:${id}`));
      return parsed.success ? parsed.data : null;
    },

    async removeTrace(id) {
      await traces.delete(`trace:${id}`);
      const next = (await listTraces()).filter((entry) => entry.id !== id);
      await traces.set(TRACE_INDEX_KEY, next);
      return next;
    },

    listThreads,

    async saveThread(thread) {
      await traces.set(`thread:${thread.id}`, thread);
      const next = [summarizeThread(thread), ...(await listThreads()).filter((entry) => entry.id !== thread.id)];
      for (const dropped of next.slice(THREADS_KEPT)) await traces.delete(`thread:${dropped.id}`);
      await traces.set(THREAD_INDEX_KEY, next.slice(0, THREADS_KEPT));
      return next.slice(0, THREADS_KEPT);
    },

    async loadThread(id) {
      const parsed = threadSchema.safeParse(await traces.get(`thread:${id}`));
      return parsed.success ? parsed.data : null;
    },

    async removeThread(id) {
      await traces.delete(`thread:${id}`);
      const next = (await listThreads()).filter((entry) => entry.id !== id);
      await traces.set(THREAD_INDEX_KEY, next);
      return next;
    },

    async loadWorkspace(databaseId) {
      const parsed = databaseWorkspaceSchema.safeParse(await databases.get(`workspace:${databaseId}`));
      return parsed.success && parsed.data.databaseId === databaseId ? parsed.data : null;
    },

    async saveWorkspace(workspace) {
      await databases.set(`workspace:${workspace.databaseId}`, workspace);
    },

    async loadProfile(contentKey) {
      const profile = checkedDatabaseProfile(await readKeptProfileIn(schemaContext, contentKey));
      return profile?.contentKey === contentKey ? profile : null;
    },

    async saveProfile(profile) {
      if (isProfileWorthKeeping(profile)) await keepProfileIn(schemaContext, profile);
    },

    async loadDescriptionEdits(databaseId) {
      const parsed = schemaDescriptionsSchema.safeParse(await schemaContext.get(`descriptions:${databaseId}`));
      return parsed.success ? parsed.data : null;
    },

    async saveDescriptionEdits(databaseId, edits) {
      await schemaContext.set(`descriptions:${databaseId}`, edits);
    },

    async loadValueIndex(key) {
      const entries = await listValueIndexes();
      const entry = entries.find((candidate) => candidate.key === key);
      const snapshot = entry ? await schemaContext.get(`value-index:${key}`) : undefined;
      if (!entry || !(snapshot instanceof Blob)) return null;
      // Used again: it moves to the front, so the indexes of databases opened often are the last to go.
      if (entries[0]?.key !== key) await schemaContext.set(VALUE_INDEX_LIST_KEY, [entry, ...entries.filter((candidate) => candidate !== entry)]);
      return snapshot;
    },

    async saveValueIndex(key, snapshot) {
      const entries = [{ key, bytes: snapshot.size }, ...(await listValueIndexes()).filter((entry) => entry.key !== key)];
      const { kept, dropped } = valueIndexesWithin(entries, valueIndexBytesKept);
      // A listed snapshot that is gone reads as none, so a failure between these writes loses an index, never misreads one.
      for (const entry of dropped) await schemaContext.delete(`value-index:${entry.key}`);
      await schemaContext.setMany([
        [`value-index:${key}`, snapshot],
        [VALUE_INDEX_LIST_KEY, kept],
      ]);
    },

    embeddings: {
      async getMany(keys) {
        // Float32Array survives structured cloning; anything else (an older format) counts as missing.
        return (await embeddings.getMany(keys)).map((value) => (value instanceof Float32Array ? value : undefined));
      },
      async setMany(entries) {
        await embeddings.setMany(entries);
      },
    },

    async loadBenchmarkRun() {
      const parsed = savedBenchmarkRunSchema.safeParse(await benchmark.get(BENCHMARK_RUN_KEY));
      return parsed.success ? parsed.data : null;
    },

    async saveBenchmarkRun(run) {
      await benchmark.set(BENCHMARK_RUN_KEY, run);
    },
  };
}
