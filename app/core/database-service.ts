// The database API the worker exposes and the CLI uses: the SQLite engine composed with the column profile and
// the EX judge's runner. The one place that joins the layers (db, schema, eval) for a connection; no layer imports it.
import type { SqlJsStatic } from "sql.js";
import { SqliteEngine, type ExecuteOptions, type ImportFormat, type OpenOptions, type SchemaOptions } from "./db/sqljs-engine";
import type { ReadOnlyOptions } from "./db/read-only-query";
import type { CsvOptions } from "./db/result-export";
import { errorMessage } from "./error-message";
import { refuseChangesOnLazy } from "./db/lazy-writes";
import { LazyFile, readsBetween, type LazyFileOptions, type LazyReadCounters, type LazySourceSpec, type RangeSource } from "./db/lazy-file";
import type {
  DatabaseSchema,
  DbError,
  ExecuteOutcome,
  ImportSummary,
  OpenedDatabase,
  Outcome,
  PagedExecuteOutcome,
  ReadOnlyResult,
  SqlValue,
  TableInfo,
} from "./db/types";
import { encodeRows, type ColumnarRows } from "./db/columnar-rows";
import type { QueryOutcome, QueryRunner, QueryRunOptions } from "./eval/query-runner";
import type { ProfileOptions } from "./schema/profile";
import { yieldToEvents } from "./yield-to-events";
import { partStarts } from "./column-parts";
import { HASH_SLICE_BYTES, hashBytesInSlices } from "./db/content-hash";
import type { DatabaseProfile, TableProfile } from "./schema/types";
import type { Language } from "./schema/language";
import type { ValueMatch } from "./schema/value-index";
import type { ValueIndexHost } from "./schema/value-index-host";
import { CHANGED_WHILE_INDEXING, type ValueIndexOutcome } from "./schema/value-index-outcome";
import type { ValueReadProgress } from "./schema/value-stream";

/** A module loaded on first use: `forget` runs when the load fails, so the next use tries again (a network back). */
function loadOnce<T>(load: () => Promise<T>, forget: () => void): Promise<T> {
  const loading = load();
  loading.catch(forget);
  return loading;
}

/** The value index's outcome when its own code could not be loaded (offline, a deploy that removed it): said, as any failure. */
function valueIndexNotLoaded(error: unknown): ValueIndexOutcome {
  return { ok: false, cancelled: false, message: `the value index's code could not be loaded (${errorMessage(error)})` };
}

/** What profileHead() announces: the profile without its tables, which profileTablesPart() then gives in parts. */
export interface ProfileHead {
  contentKey: string;
  elapsedMs: number;
  tableCount: number;
}

/** What schemaHead() announces: the schema's id for schemaTablesPart(), and how many tables come in how many parts. */
export interface SchemaHead {
  id: number;
  tableCount: number;
  parts: number;
}

/** Schemas announced and not yet sent whole, held for their parts. */
const ANNOUNCED_SCHEMAS_HELD = 4;

/** A profile's cache key: the content and the options that change its figures (not the clock). */
function profileKey(contentKey: string, options: ProfileOptions): string {
  // String(): JSON would write an unlimited budget (Infinity) as null, the same as no budget given.
  return [contentKey, options.sampleThreshold, options.sampleRows, options.timeBudgetMs, options.overBudgetSampleRows].map(String).join("|");
}

/**
 * Each method forwards to one part, like duckdb-wasm's dispatcher: the engine answers for the database itself,
 * the profile is computed over its connection and cached per content key, the judge runs through the engine's
 * read-only executor. Plain methods only, so comlink can expose an instance as it is.
 */
export class DatabaseService {
  /** The last profiles by content key and options: a benchmark asks for a complete one, the workspace for a quick one. */
  private readonly profileCache = new Map<string, DatabaseProfile>();
  /** Profiles being taken, by the same key as profileCache: a second caller waits for the first one's. */
  private readonly profilesUnderWay = new Map<string, Promise<DatabaseProfile>>();
  // The judge, the profile and the value index load with their first use (the EX judge's first query, the first
  // profile or index asked for): none is needed to open a database, and the SQLite worker's code is part of a first
  // visit's download (issue #14). A bundled sample's profile and index come from the site on a first visit.
  private judgeLoaded: Promise<QueryRunner> | null = null;
  /** The value index lives beside the database it reads, so its values never cross to the page in bulk. */
  private valuesLoaded: Promise<ValueIndexHost> | null = null;
  /** The value index host once loaded: what a change of content invalidates. */
  private valuesNow: ValueIndexHost | null = null;
  /** Changes of the open content so far: a build asked for before the host loaded is cancelled by one meanwhile, as the host would. */
  private contentChanges = 0;

  /** Schemas announced by schemaHead() whose parts are not all sent, by id. */
  private readonly announcedSchemas = new Map<number, { schema: DatabaseSchema; starts: number[]; unsent: number }>();
  private schemaAnnouncements = 0;

  /** What the last execute read from a database read on demand; null when the open database is in memory. */
  private lastRunReads: LazyReadCounters | null = null;

  /**
   * A database read on demand whose connection a failed read broke, and which could not be opened again then (the
   * source still failing): SQLite's cache in that connection may hold a page whose read was cut off, so a run on it
   * could answer wrongly. It is opened again before the next run; until that works, runs fail with the reason.
   */
  private brokenLazy: LazyFile | null = null;

  /** Opens so far (bytes or on demand): a load begun for one database gives way to any open after it. */
  private opens = 0;
  /**
   * While the database read on demand is being loaded whole (openReadOnDemandUntilWhole): the swap to the bytes in
   * memory. A change waits for it, so it is made to the copy the page keeps rather than refused as read-only.
   */
  private loadingWhole: Promise<unknown> | null = null;

  constructor(
    private readonly engine: SqliteEngine,
    private readonly lazyOptions: LazyServiceOptions = {},
  ) {}

  private judge(): Promise<QueryRunner> {
    this.judgeLoaded ??= loadOnce(
      () => import("./eval/query-runner").then(({ queryRunnerFor }) => queryRunnerFor(this.engine)),
      () => (this.judgeLoaded = null),
    );
    return this.judgeLoaded;
  }

  private contentChanged(): void {
    this.contentChanges += 1;
    this.valuesNow?.invalidate();
  }

  private values(): Promise<ValueIndexHost> {
    const engine = this.engine;
    this.valuesLoaded ??= loadOnce(
      () =>
        import("./schema/value-index-host").then(({ ValueIndexHost }) => {
          // It only reads the schema: the engine's own, not a copy of it.
          this.valuesNow = new ValueIndexHost({
            contentKey: () => engine.contentKey(),
            schema: () => engine.sharedSchema(),
            executeReadOnly: (sql, options) => engine.executeReadOnly(sql, options),
          });
          return this.valuesNow;
        }),
      () => (this.valuesLoaded = null),
    );
    return this.valuesLoaded;
  }

  static create(sql: SqlJsStatic, lazyOptions: LazyServiceOptions = {}): DatabaseService {
    return new DatabaseService(new SqliteEngine(sql), lazyOptions);
  }

  async open(bytes: Uint8Array | null, options?: OpenOptions): Promise<Outcome<OpenedDatabase>> {
    this.opens += 1;
    const opened = await this.engine.open(bytes, options);
    if (opened.ok) this.forgetContent();
    return opened;
  }

  /**
   * Opens a database from a File or a stored Blob, read whole here rather than by the page: in the worker that is off
   * the page's main thread, which read the bench's 401 MB file in tasks of up to ~0.6 s and then copied it into the
   * message. The bytes read are this service's own, so SQLite keeps them as its file (ownBytes). When the read fails,
   * the database that was open stays open.
   */
  async openBlob(blob: Blob, options?: OpenOptions): Promise<Outcome<OpenedDatabase>> {
    let bytes: Uint8Array;
    try {
      bytes = await this.readWhole(blob);
    } catch (error) {
      return { ok: false, error: { kind: "fetch-failed", message: `the file could not be read (${errorMessage(error)}).` } };
    }
    return this.open(bytes, { ...options, ownBytes: true });
  }

  /** A File or Blob read whole, by the reader the service was given (the worker's), else at once. */
  private async readWhole(blob: Blob): Promise<Uint8Array> {
    return (this.lazyOptions.readBlob ?? readWholeBlob)(blob);
  }

  /**
   * Opens a database read on demand now, and in memory once `loadWhole` (started after the open) brings its bytes: a
   * first visit's sample answers queries while its download goes on, then becomes an ordinary database the page keeps.
   * Reads run on demand meanwhile; a change waits for the swap (then runs on the whole copy). `whole` resolves to the
   * swap's outcome, or to null when another database was opened first (nothing is swapped then).
   */
  async openReadOnDemandUntilWhole(
    spec: LazySourceSpec,
    loadWhole: () => Promise<Uint8Array>,
    options: OpenOptions = {},
  ): Promise<{ opened: Outcome<OpenedDatabase>; whole: Promise<Outcome<OpenedDatabase> | null> }> {
    const opened = await this.openLazy(spec);
    if (!opened.ok) return { opened, whole: Promise.resolve(null) };
    const generation = this.opens;
    const whole = (async (): Promise<Outcome<OpenedDatabase> | null> => {
      let bytes: Uint8Array;
      try {
        bytes = await loadWhole();
      } catch (error) {
        return { ok: false, error: { kind: "fetch-failed", message: errorMessage(error) } };
      }
      if (this.opens !== generation) return null;
      if (bytes.byteLength !== opened.sizeBytes) {
        return {
          ok: false,
          error: { kind: "fetch-failed", message: `The download brought ${bytes.byteLength} bytes where the file has ${opened.sizeBytes}.` },
        };
      }
      // Hashed here a slice at a time, with reads still answered on demand between slices, rather than by the open
      // in the swap's one task, where a query sent then waited for the whole pass (~130-300 ms for a 401 MB file).
      // Not when the caller asked for the hash later (a first visit's sample: answered first, hashed after).
      const hashFirst = !options.hashLater && bytes.byteLength > HASH_SLICE_BYTES;
      const contentHash = hashFirst ? await hashBytesInSlices(bytes) : undefined;
      if (this.opens !== generation) return null;
      // The same file: results on screen stay pageable, and nothing connection-local was made meanwhile (every
      // statement that could make it waited for this swap).
      const swapped = await this.engine.open(bytes, { ...options, keepResults: true, ...(contentHash ? { contentHash } : {}) });
      if (swapped.ok) this.forgetContent();
      return swapped;
    })();
    const settled = whole.finally(() => {
      if (this.loadingWhole === settled) this.loadingWhole = null;
    });
    this.loadingWhole = settled;
    return { opened, whole };
  }

  /** Waits for a load whole under way before a statement that would change the database (see loadingWhole). */
  private async beforeChange(sql: string | null): Promise<void> {
    if (!this.loadingWhole || !this.engine.lazyFile) return;
    if (sql !== null && refuseChangesOnLazy(sql, "") === null) return;
    await this.loadingWhole.catch(() => undefined);
  }

  /** Opens a database read-only, reading its pages on demand from a URL (range requests) or a File (slices). */
  async openLazy(spec: LazySourceSpec): Promise<Outcome<OpenedDatabase>> {
    if (!this.lazyOptions.openRangeSource) {
      return { ok: false, error: { kind: "fetch-failed", message: "Reading a database on demand is not available here." } };
    }
    let source: RangeSource;
    try {
      source = this.lazyOptions.openRangeSource(spec);
    } catch (error) {
      return { ok: false, error: { kind: "fetch-failed", message: errorMessage(error) } };
    }
    this.opens += 1;
    const { firstReadBytes, head, headRanges, tableCount } = spec.kind === "url" ? spec : {};
    const fileOptions: LazyFileOptions = {
      ...this.lazyOptions.fileOptions,
      ...(firstReadBytes ? { firstReadBytes } : {}),
      ...(head ? { head } : {}),
      ...(headRanges ? { headRanges } : {}),
    };
    const opened = await this.engine.openLazy(new LazyFile(source, fileOptions), tableCount === undefined ? {} : { tableCount });
    if (opened.ok) this.forgetContent();
    return opened;
  }

  /** What an open with a known schema left for later (SqliteEngine.finishOpening), done now. */
  async finishOpening(): Promise<void> {
    this.engine.finishOpening();
  }

  /** Opens a broken connection's file again (see brokenLazy); the reason it still cannot be read, or null. */
  private async reopenBroken(): Promise<string | null> {
    const file = this.brokenLazy;
    if (!file) return null;
    const reopened = await this.engine.openLazy(file);
    if (!reopened.ok) return `${reopened.error.message} The query was not run; run it again to retry.`;
    this.brokenLazy = null;
    return null;
  }

  private forgetContent(): void {
    this.brokenLazy = null;
    this.profileCache.clear();
    this.contentChanged();
    this.lastRunReads = null;
  }

  async execute(sql: string, options?: ExecuteOptions): Promise<ExecuteOutcome> {
    await this.beforeChange(sql);
    const stillBroken = await this.reopenBroken();
    if (stillBroken) return { ok: false, error: { kind: "fetch-failed", message: stillBroken }, elapsedMs: 0, statementsCompleted: 0, databaseChanged: false };
    const lazy = this.engine.lazyFile;
    const before = lazy?.readCounters();
    const outcome = await this.engine.execute(sql, options);
    if (outcome.databaseChanged) this.contentChanged();
    if (lazy && before) {
      this.lastRunReads = readsBetween(before, lazy.readCounters());
      const failure = lazy.takeFailure();
      if (failure && !outcome.ok) {
        // The failed read was thrown through SQLite's WASM frames: its connection is not to be trusted, a new one over
        // the same file (its cache kept) is.
        const reopened = await this.engine.openLazy(lazy);
        if (!reopened.ok) this.brokenLazy = lazy;
        return { ...outcome, error: { ...outcome.error, kind: "fetch-failed", message: `${failure} The query was stopped; run it again to retry.` } };
      }
    }
    return outcome;
  }

  /** What the last run of execute read from the database read on demand (null when it is held in memory). */
  async lastRunReadOnDemand(): Promise<LazyReadCounters | null> {
    return this.engine.lazyFile ? this.lastRunReads : null;
  }

  /** execute for the page's grid: the first page of rows as columnar buffers, which the worker moves rather than clones. */
  async executePaged(sql: string, options?: ExecuteOptions): Promise<PagedExecuteOutcome> {
    const outcome = await this.execute(sql, options);
    if (!outcome.ok) return outcome;
    const { firstRows, ...summary } = outcome;
    return { ...summary, firstPage: encodeRows(summary.columns.length, firstRows) };
  }

  async executeReadOnly(sql: string, options: ReadOnlyOptions): Promise<Outcome<ReadOnlyResult>> {
    const stillBroken = await this.reopenBroken();
    if (stillBroken) return { ok: false, error: { kind: "fetch-failed", message: stillBroken } };
    return this.engine.executeReadOnly(sql, options);
  }

  /** Runs a query to completion for the EX judge (all rows, a time limit, read-only). */
  async runForJudge(sql: string, options: QueryRunOptions): Promise<QueryOutcome> {
    return (await this.judge()).run(sql, options);
  }

  /**
   * Profiles every column (stage 1 of the schema context); computed once per content key, so again after a write.
   * Callers asking for the same content while it is taken share it (the page asks more than once after an open).
   * With `keep`, it is also kept in the browser's storage (LazyServiceOptions.keepProfile), as the page asks when the
   * browser keeps anything.
   */
  async profile(options: ProfileOptions = {}, keep = false): Promise<DatabaseProfile> {
    const profile = await this.profileOfOpenContent(options);
    // Started now, it reaches storage after the reply is on its way (its first step waits for a read); its failure
    // (storage full, blocked) costs only profiling this content again on a later open.
    if (keep) void this.lazyOptions.keepProfile?.(profile).catch(() => undefined);
    return profile;
  }

  /**
   * profile() for a caller across a thread: its head now, its tables then in parts (profileTablesPart), so that neither
   * the worker nor the page holds its thread for the whole profile at once. Sent whole, 5,000 tables' profile (60,000
   * columns) was one ~60-120 ms task in the worker to send and one ~120-170 ms task on the page's main thread to receive.
   */
  async profileHead(options: ProfileOptions = {}, keep = false): Promise<ProfileHead> {
    const profile = await this.profile(options, keep);
    return { contentKey: profile.contentKey, elapsedMs: profile.elapsedMs, tableCount: profile.tables.length };
  }

  /**
   * The tables of the profile profileHead() announced from `from` on: at least one, and more while they hold at most
   * PART_COLUMNS columns in all (column-parts.ts). Null when that profile is no longer held (the content changed meanwhile).
   */
  profileTablesPart(contentKey: string, options: ProfileOptions, from: number): TableProfile[] | null {
    const profile = this.profileCache.get(profileKey(contentKey, options));
    if (!profile) return null;
    const rest = profile.tables.slice(from);
    return rest.slice(0, partStarts(rest.map((table) => table.columns.length))[1] ?? rest.length);
  }

  private async profileOfOpenContent(options: ProfileOptions): Promise<DatabaseProfile> {
    const key = profileKey(await this.engine.contentKey(), options);
    const cached = this.profileCache.get(key);
    if (cached) return cached;
    const underWay = this.profilesUnderWay.get(key);
    if (underWay) return underWay;
    const taking = this.takeProfile(options).finally(() => this.profilesUnderWay.delete(key));
    this.profilesUnderWay.set(key, taking);
    return taking;
  }

  /**
   * A table at a time, with a pause after each, so a query the person runs meanwhile waits for one table's profile,
   * not for all of them (seconds on a large database). When the content or the connection changed meanwhile (a write,
   * another database, a read on demand swapped for the whole file), the profile is taken again of what is open now.
   */
  private async takeProfile(options: ProfileOptions): Promise<DatabaseProfile> {
    const { profileTables } = await import("./schema/profile");
    for (;;) {
      const contentKey = await this.engine.contentKey();
      const key = profileKey(contentKey, options);
      const cached = this.profileCache.get(key);
      if (cached) return cached;
      const connection = this.engine.connection;
      const steps = profileTables(connection, await this.engine.sharedSchema(), contentKey, options);
      let step = steps.next();
      while (!step.done && this.engine.connection === connection) {
        await yieldToEvents();
        if (this.engine.connection === connection) step = steps.next();
      }
      if (!step.done || this.engine.connection !== connection || (await this.engine.contentKey()) !== contentKey) continue;
      // Profiles of earlier contents are never asked for again.
      for (const [stale, entry] of this.profileCache) if (entry.contentKey !== contentKey) this.profileCache.delete(stale);
      this.profileCache.set(key, step.value);
      return step.value;
    }
  }

  contentKey(): Promise<string> {
    return this.engine.contentKey();
  }

  /** SQLite's check of the open database's pages, when its open left it for later (see SqliteEngine.checkPages). */
  checkPages(options?: { readOnDemand?: boolean }): Promise<DbError | null> {
    return this.engine.checkPages(options);
  }

  inTransaction(): Promise<boolean> {
    return this.engine.inTransaction();
  }

  fetchRows(resultId: string, offset: number, limit: number): Promise<Outcome<{ rows: SqlValue[][] }>> {
    return this.engine.fetchRows(resultId, offset, limit);
  }

  /** fetchRows for the page's grid, as columnar buffers. */
  async fetchPage(resultId: string, offset: number, limit: number): Promise<Outcome<{ page: ColumnarRows }>> {
    const fetched = await this.engine.fetchRows(resultId, offset, limit);
    if (!fetched.ok) return fetched;
    const columnCount = fetched.rows[0]?.length ?? 0;
    return { ok: true, page: encodeRows(columnCount, fetched.rows) };
  }

  exportResult(resultId: string, format: "csv" | "json", csv?: CsvOptions): Promise<Outcome<{ text: string }>> {
    return this.engine.exportResult(resultId, format, csv);
  }

  /**
   * schema() for a caller across a thread, in parts as profileHead() gives the profile: the schema is announced (held
   * here under an id, with its parts' bounds) and its parts are then asked for by number, all at once, each answered
   * in a message of its own. Sent whole, 5,000 tables' schema was one task of ~80-180 ms on the page's main thread
   * to receive, before the panel could list it.
   */
  async schemaHead(options?: SchemaOptions): Promise<SchemaHead> {
    const schema = await this.engine.sharedSchema(options);
    const starts = partStarts(schema.tables.map((table) => table.columns.length));
    this.announcedSchemas.set(++this.schemaAnnouncements, { schema, starts, unsent: starts.length });
    // A caller that never asked for every part (its worker ended meanwhile) leaves its schema held: only the latest few.
    for (const id of this.announcedSchemas.keys()) if (this.announcedSchemas.size > ANNOUNCED_SCHEMAS_HELD) this.announcedSchemas.delete(id);
    return { id: this.schemaAnnouncements, tableCount: schema.tables.length, parts: starts.length };
  }

  /** Part `part` of the schema schemaHead() announced as `id`; null when it is no longer held. */
  schemaTablesPart(id: number, part: number): TableInfo[] | null {
    const announced = this.announcedSchemas.get(id);
    if (!announced || part < 0 || part >= announced.starts.length) return null;
    const tables = announced.schema.tables.slice(announced.starts[part], announced.starts[part + 1] ?? announced.schema.tables.length);
    announced.unsent -= 1;
    if (announced.unsent === 0) this.announcedSchemas.delete(id);
    return tables;
  }

  /** A copy for callers in this thread; where each reply crosses to the page (`repliesCopied`), postMessage's is enough. */
  schema(options?: SchemaOptions): Promise<DatabaseSchema> {
    return this.lazyOptions.repliesCopied ? this.engine.sharedSchema(options) : this.engine.schema(options);
  }

  async exportDatabase(): Promise<Uint8Array> {
    await this.beforeChange(null);
    return this.engine.exportDatabase();
  }

  /**
   * exportDatabase as a Blob made here: the page keeps, stores and downloads it without holding or copying its bytes.
   * After a change to the bench's 401 MB database, taking the bytes and making them a Blob cost the page's main thread
   * two tasks of ~1.8 s each.
   */
  async exportDatabaseCopy(): Promise<Blob> {
    return new Blob([(await this.exportDatabase()) as Uint8Array<ArrayBuffer>]);
  }

  /** `content`: the file's bytes, or the File itself, read here (in the worker: off the page's main thread, as openBlob). */
  async importTable(
    fileName: string,
    content: Uint8Array | Blob,
    format: ImportFormat,
    onProgress?: (fraction: number) => void,
  ): Promise<Outcome<ImportSummary>> {
    await this.beforeChange(null);
    let bytes: Uint8Array;
    try {
      bytes = content instanceof Blob ? await this.readWhole(content) : content;
    } catch (error) {
      return { ok: false, error: { kind: "import-error", message: `${fileName} could not be read (${errorMessage(error)}).` } };
    }
    const imported = await this.engine.importTable(fileName, bytes, format, onProgress);
    if (imported.ok) this.contentChanged();
    return imported;
  }

  /** Builds the value index of the open content, chunk by chunk; a write or another database meanwhile cancels it. */
  indexValues(onProgress?: (progress: ValueReadProgress) => void): Promise<ValueIndexOutcome> {
    if (this.engine.lazyFile) {
      // Reading up to half a million values (DISTINCT scans whole tables) would fetch most of the file.
      return Promise.resolve({
        ok: false,
        cancelled: false,
        message: "read on demand: reading every value would fetch most of the file",
      });
    }
    const asked = this.contentChanges;
    return this.values().then(
      (values): Promise<ValueIndexOutcome> | ValueIndexOutcome =>
        this.contentChanges === asked ? values.build(onProgress) : { ok: false, cancelled: true, message: CHANGED_WHILE_INDEXING },
      (error: unknown) => valueIndexNotLoaded(error),
    );
  }

  /** Rebuilds the value index from a snapshot kept for this content (no values read from the database). */
  loadValueIndex(contentKey: string, snapshot: Blob): Promise<ValueIndexOutcome> {
    return this.values().then(
      (values) => values.load(contentKey, snapshot),
      (error: unknown) => valueIndexNotLoaded(error),
    );
  }

  /** A question's value matches against the index of this content; null when there is none (build or load it first). */
  async matchValues(contentKey: string, question: string, language?: Language | null): Promise<ValueMatch[] | null> {
    return (await this.values()).match(contentKey, question, language);
  }
}

/** How the service reads databases on demand: the worker supplies the sources (HTTP ranges, File slices). */
export interface LazyServiceOptions {
  openRangeSource?: (spec: LazySourceSpec) => RangeSource;
  fileOptions?: LazyFileOptions;
  /**
   * How openBlob reads a File or Blob whole. The worker's reads it in one task (FileReaderSync), so no message is
   * answered before the open's: opens are answered in the order they were asked, which the page relies on.
   */
  readBlob?: (blob: Blob) => Uint8Array | Promise<Uint8Array>;
  /**
   * Keeps a profile in the browser's storage from where this service runs, when profile() is asked to keep it: in the
   * worker, the structured clone of a large profile (~160 ms for 5,000 tables) is then not a task on the page's main
   * thread. Without one, nothing is kept.
   */
  keepProfile?: (profile: DatabaseProfile) => Promise<void>;
  /**
   * True where every reply is copied on its way to its caller (the worker: postMessage's structured clone), so schema()
   * need not copy the engine's schema first.
   */
  repliesCopied?: boolean;
}

/** openBlob's read where no other is given (Node, the tests): the whole Blob at once. */
async function readWholeBlob(blob: Blob): Promise<Uint8Array> {
  return new Uint8Array(await blob.arrayBuffer());
}
