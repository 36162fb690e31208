// The database API the worker exposes and the CLI uses: the SQLite engine composed with the column profile and
// the EX judge's runner. The one place that joins the layers (db, schema, eval) for a connection; no layer imports it.
import type { SqlJsStatic } from "sql.js";
import { SqliteEngine, type ExecuteOptions, type ImportFormat } from "./db/sqljs-engine";
import type { ReadOnlyOptions } from "./db/read-only-query";
import type { CsvOptions } from "./db/result-export";
import type { DatabaseSchema, ExecuteOutcome, ImportSummary, OpenedDatabase, Outcome, ReadOnlyResult, SqlValue } from "./db/types";
import { queryRunnerFor, type QueryOutcome, type QueryRunOptions } from "./eval/query-runner";
import { profileDatabase, type ProfileOptions } from "./schema/profile";
import type { DatabaseProfile } from "./schema/types";
import type { Language } from "./schema/language";
import type { ValueMatch } from "./schema/value-index";
import { ValueIndexHost, type ValueIndexOutcome } from "./schema/value-index-host";
import type { ValueReadProgress } from "./schema/value-stream";

/**
 * Each method forwards to one part, like duckdb-wasm's dispatcher: the engine answers for the database itself,
 * the profile is computed over its connection and cached per content key, the judge runs through the engine's
 * read-only executor. Plain methods only, so comlink can expose an instance as it is.
 */
export class DatabaseService {
  /** The last profiles by content key and options: a benchmark asks for a complete one, the workspace for a quick one. */
  private readonly profileCache = new Map<string, DatabaseProfile>();
  private readonly judge;
  /** The value index lives beside the database it reads, so its values never cross to the page in bulk. */
  private readonly values: ValueIndexHost;

  constructor(private readonly engine: SqliteEngine) {
    this.judge = queryRunnerFor(engine);
    this.values = new ValueIndexHost(engine);
  }

  static create(sql: SqlJsStatic): DatabaseService {
    return new DatabaseService(new SqliteEngine(sql));
  }

  async open(bytes: Uint8Array | null): Promise<Outcome<OpenedDatabase>> {
    const opened = await this.engine.open(bytes);
    if (opened.ok) {
      this.profileCache.clear();
      this.values.invalidate();
    }
    return opened;
  }

  async execute(sql: string, options?: ExecuteOptions): Promise<ExecuteOutcome> {
    const outcome = await this.engine.execute(sql, options);
    if (outcome.databaseChanged) this.values.invalidate();
    return outcome;
  }

  executeReadOnly(sql: string, options: ReadOnlyOptions): Promise<Outcome<ReadOnlyResult>> {
    return this.engine.executeReadOnly(sql, options);
  }

  /** Runs a query to completion for the EX judge (all rows, a time limit, read-only). */
  runForJudge(sql: string, options: QueryRunOptions): Promise<QueryOutcome> {
    return this.judge.run(sql, options);
  }

  /** Profiles every column (stage 1 of the schema context); computed once per content key, so again after a write. */
  async profile(options: ProfileOptions = {}): Promise<DatabaseProfile> {
    const contentKey = await this.engine.contentKey();
    const { now: _clock, ...settings } = options;
    // String(): JSON would write an unlimited budget (Infinity) as null, the same as no budget given.
    const key = [contentKey, settings.sampleThreshold, settings.sampleRows, settings.timeBudgetMs, settings.overBudgetSampleRows].map(String).join("|");
    const cached = this.profileCache.get(key);
    if (cached) return cached;
    const profile = profileDatabase(this.engine.connection, await this.engine.schema(), contentKey, options);
    // Profiles of earlier contents are never asked for again.
    for (const [stale, entry] of this.profileCache) if (entry.contentKey !== contentKey) this.profileCache.delete(stale);
    this.profileCache.set(key, profile);
    return profile;
  }

  contentKey(): Promise<string> {
    return this.engine.contentKey();
  }

  inTransaction(): Promise<boolean> {
    return this.engine.inTransaction();
  }

  fetchRows(resultId: string, offset: number, limit: number): Promise<Outcome<{ rows: SqlValue[][] }>> {
    return this.engine.fetchRows(resultId, offset, limit);
  }

  exportResult(resultId: string, format: "csv" | "json", csv?: CsvOptions): Promise<Outcome<{ text: string }>> {
    return this.engine.exportResult(resultId, format, csv);
  }

  schema(): Promise<DatabaseSchema> {
    return this.engine.schema();
  }

  exportDatabase(): Promise<Uint8Array> {
    return this.engine.exportDatabase();
  }

  async importTable(fileName: string, bytes: Uint8Array, format: ImportFormat, onProgress?: (fraction: number) => void): Promise<Outcome<ImportSummary>> {
    const imported = await this.engine.importTable(fileName, bytes, format, onProgress);
    if (imported.ok) this.values.invalidate();
    return imported;
  }

  /** Builds the value index of the open content, chunk by chunk; a write or another database meanwhile cancels it. */
  indexValues(onProgress?: (progress: ValueReadProgress) => void): Promise<ValueIndexOutcome> {
    return this.values.build(onProgress);
  }

  /** Rebuilds the value index from a snapshot kept for this content (no values read from the database). */
  loadValueIndex(contentKey: string, snapshot: Blob): Promise<ValueIndexOutcome> {
    return this.values.load(contentKey, snapshot);
  }

  /** A question's value matches against the index of this content; null when there is none (build or load it first). */
  async matchValues(contentKey: string, question: string, language?: Language | null): Promise<ValueMatch[] | null> {
    return this.values.match(contentKey, question, language);
  }
}
