// The SQLite engine over sql.js: open, run, page through results, introspect, import, export. Runs in the worker and in Node.
import type { Database, SqlJsStatic, Statement } from "sql.js";
import { errorMessage } from "../error-message";
import { formatBytes } from "../format";
import { hashBytes } from "./content-hash";
import { NOT_INTERNAL_NAME, readSchema } from "./introspect";
import type { LazyFile } from "./lazy-file";
import { keptByMemfs, openLazyDatabase, QUERY_ONLY_PRAGMA } from "./lazy-sqljs";
import { refuseChangesOnLazy } from "./lazy-writes";
import { runReadOnlyQuery, type ReadOnlyOptions } from "./read-only-query";
import { firstKeyword, splitStatements } from "./sql-statements";
import { statementSourceFor, type StatementSource, type SteppedStatement } from "./statement-stream";
import { tuneConnection } from "./connection-settings";
import type { CsvOptions } from "./result-export";
import type { DatabaseSchema, DbError, ExecuteOutcome, ImportSummary, OpenedDatabase, Outcome, ReadOnlyResult, SqlValue } from "./types";

/** Bytes every SQLite 3 database file starts with. */
const SQLITE_MAGIC = "SQLite format 3\u0000";
/** The page keeps the whole database in memory; past this a tab risks running out of it. */
export const MAX_DATABASE_BYTES = 1024 * 1024 * 1024;
/** Rows kept per result for paging; beyond it rows are counted but not kept. */
export const DEFAULT_MAX_STORED_ROWS = 1_000_000;
/** Rows sent with the run's answer so small results need no second call. */
export const FIRST_PAGE_ROWS = 200;
/** Rows changed on the connection so far: read before and after every run, to tell whether the run changed the database. */
const TOTAL_CHANGES_SQL = "SELECT total_changes()";
/**
 * The schema's version, the other half of that. Reading it makes SQLite prepare a statement of its own every time
 * (pragma_schema_version runs PRAGMA schema_version, which is never kept prepared): ~9 µs in Node and ~40 µs in the
 * worker after an idle moment, twice a run, where total_changes() costs well under one. So a run reads it only once
 * it reaches a statement that could change the schema (ChangeWatch, beforeStatement).
 */
const SCHEMA_VERSION_SQL = "SELECT schema_version FROM pragma_schema_version";
/**
 * First keywords of the statements that cannot change the schema: queries (a WITH can end in INSERT, UPDATE or DELETE,
 * whose rows total_changes() counts) and EXPLAIN, which runs nothing. Every other statement reads the version first.
 */
const SCHEMA_KEEPING_KEYWORDS: ReadonlySet<string> = new Set(["SELECT", "VALUES", "WITH", "EXPLAIN"]);

/** What execute notes before a run to tell afterwards whether the run changed the database. */
interface ChangeWatch {
  totalChanges: number;
  /** The schema's version before the run's first statement that could change it; null while none has run. */
  schemaVersion: number | null;
}
/** Results kept alive for paging; older ones are dropped to bound memory. */
const RESULTS_KEPT = 4;

export type ImportFormat = "csv" | "tsv" | "json";

interface StoredResult {
  columns: string[];
  rows: SqlValue[][];
}

export interface ExecuteOptions {
  maxStoredRows?: number;
}

/** Checked before a file is read at all, so a huge file is refused without filling the page's memory. */
export function checkDatabaseSize(sizeBytes: number): DbError | null {
  if (sizeBytes <= MAX_DATABASE_BYTES) return null;
  return {
    kind: "too-large",
    message: `The file is ${formatBytes(sizeBytes)}; the page holds the whole database in memory and opens files up to ${formatBytes(MAX_DATABASE_BYTES)}.`,
  };
}

/** Checks a database file before sql.js sees it: sql.js happily "opens" anything and fails later. */
export function checkDatabaseBytes(bytes: Uint8Array): DbError | null {
  if (bytes.byteLength === 0) {
    return { kind: "empty-file", message: "The file is empty (0 bytes), so there is no database in it." };
  }
  const tooLarge = checkDatabaseSize(bytes.byteLength);
  if (tooLarge) return tooLarge;
  const header = new TextDecoder("latin1").decode(bytes.subarray(0, SQLITE_MAGIC.length));
  if (header !== SQLITE_MAGIC) {
    return {
      kind: "not-a-database",
      message: "This file is not a SQLite database (it does not start with the SQLite header). To load a CSV, TSV or JSON file, import it as a table.",
    };
  }
  if (bytes.byteLength < 512) {
    return { kind: "corrupt-database", message: "The database file is truncated: it is shorter than one page." };
  }
  return null;
}

export interface OpenOptions {
  /**
   * false for bytes known to be a whole, sound file (a sample the site ships, its size checked against the sample
   * list): SQLite's check of every page (PRAGMA quick_check, most of the time an open takes) is skipped; the header and
   * the schema are still read. True by default: files, downloads and stored copies are checked.
   */
  checkPages?: boolean;
  /**
   * Leaves hashing the bytes (the content key's part, a pass over every byte) until the content key is first asked
   * for; the engine keeps `bytes` until then, so the caller must neither change nor transfer them before. The first
   * visit's sample uses it to answer the page sooner, then reads the key at once (workers/first-sample.ts).
   */
  hashLater?: boolean;
  /**
   * The bytes' content key, hashed already by the caller (hashBytes or hashBytesInSlices over these very bytes): the
   * open then makes no pass over them, and hashLater has nothing left to wait for. A large database swapped in whole
   * after it was read on demand is hashed in slices before the swap, while the worker still answers queries.
   */
  contentHash?: string;
  /**
   * The bytes are the engine's to keep: a copy no one else holds, as a worker's are when they came in a message.
   * SQLite's in-memory file then takes them as they are instead of copying them (a second copy of the whole file
   * while it opens: ~400 MB for the bench's 401 MB file), and its writes change them, so the caller must not use them
   * afterwards. Ignored with hashLater (unless contentHash is given), which keeps the bytes unchanged until they are
   * hashed.
   */
  ownBytes?: boolean;
  /**
   * The same content as the open database in another form (a first visit's sample, loaded whole after it was read on
   * demand): the results already on screen stay pageable instead of being dropped with the old connection.
   */
  keepResults?: boolean;
}

/** What schema() reads. */
export interface SchemaOptions {
  /** false leaves every rowCount null: counting reads every page of every table (tens of ms for a sample). */
  rowCounts?: boolean;
}

export interface LazyOpenOptions {
  /**
   * The count of tables, given by a caller that knows the file's schema already (the build read a first visit's sample):
   * the open then neither parses the schema nor applies the connection's settings before it answers (together ~35-60 ms
   * of a cold worker's time on the way to the first screen); they follow at finishOpening or the connection's next use.
   */
  tableCount?: number;
}

/** Closes a connection being dropped: one whose read failed mid-query may not close cleanly, and is dropped either way. */
function closeDropped(database: Database): void {
  try {
    database.close();
  } catch {
    // Dropped either way.
  }
}

/** What SQLite's quick check says is wrong with a connection's pages (its first few findings), or null when nothing is. */
function pageDamage(database: Database): DbError | null {
  const check = database.exec("PRAGMA quick_check(5)");
  const messages = (check[0]?.values ?? []).map((row) => String(row[0]));
  if (messages.length === 0 || messages[0] === "ok") return null;
  return { kind: "corrupt-database", message: `The database is damaged (SQLite's check says: ${messages.slice(0, 3).join("; ")}).` };
}

export class SqliteEngine {
  private connectionNow!: Database;
  /**
   * An open read on demand whose schema the caller already knew (a first visit's sample, whose schema the build read):
   * the schema's parse and the connection's settings wait until the connection is next used, or finishOpening.
   */
  private setUpLater = false;
  /** The connection an open with its setup left for later replaced: closed with that setup (finishOpening). */
  private closeWhenSetUp: Database | null = null;
  private get database(): Database {
    if (this.setUpLater) this.finishOpening();
    return this.connectionNow;
  }
  private set database(value: Database) {
    this.setUpLater = false;
    this.connectionNow = value;
  }
  private readonly results = new Map<string, StoredResult>();
  private nextResultNumber = 1;
  /** Hash of the bytes last opened: the same file opened again gets the same content key. null until computed (hashLater). */
  private openedHash: string | null = hashBytes(new Uint8Array());
  /** The bytes last opened with hashLater, kept only until their hash is computed. */
  private unhashed: Uint8Array | null = null;
  /**
   * The schemas schema() read last without and with row counts, and of what: the connection, the open (session) and
   * the changes since (writes). Temp tables (the profile's sample) are not in them, so they do not make them stale.
   */
  private readonly lastSchemas: Array<{ database: Database; session: string; writes: number; schema: DatabaseSchema } | undefined> = [];
  /** Changes since the open (runs that changed the database, imports). */
  private writes = 0;
  /** Random per open, so keys after writes never collide with another session's different writes. */
  private session = "";
  /** The change markers' statements and the connection they were prepared on (each open makes a new connection). */
  private markers: { database: Database; totalChanges: Statement; schemaVersion: Statement | null } | null = null;
  /** Set while the open database is read on demand (read-only) rather than held in memory. */
  private lazy: LazyFile | null = null;
  /** How execute prepares and steps statements: SQLite's C API over the WASM memory when the module kept it. */
  private readonly statementsOf: StatementSource;

  constructor(private readonly sql: SqlJsStatic) {
    this.database = new sql.Database();
    this.statementsOf = statementSourceFor(sql);
  }

  /** Opens a database from file bytes, or a new empty one when bytes is null. The current one stays open on failure. */
  async open(bytes: Uint8Array | null, options: OpenOptions = {}): Promise<Outcome<OpenedDatabase>> {
    if (bytes !== null) {
      const problem = checkDatabaseBytes(bytes);
      if (problem) return { ok: false, error: problem };
    }
    const hashLater = options.hashLater === true && options.contentHash === undefined;
    let candidate: Database;
    try {
      candidate = bytes === null ? new this.sql.Database() : new this.sql.Database(options.ownBytes && !hashLater ? keptByMemfs(bytes) : bytes);
    } catch (error) {
      return { ok: false, error: { kind: "not-a-database", message: `SQLite could not open the file: ${errorMessage(error)}` } };
    }
    const validation = this.validate(candidate, options.checkPages ?? true);
    if (validation) {
      candidate.close();
      return { ok: false, error: validation };
    }
    this.statementsOf.forgetReused();
    this.database.close();
    this.database = candidate;
    tuneConnection(candidate);
    this.lazy = null;
    if (!options.keepResults) this.results.clear();
    this.openedHash = !bytes ? hashBytes(new Uint8Array()) : hashLater ? null : (options.contentHash ?? hashBytes(bytes));
    this.unhashed = this.openedHash === null ? bytes : null;
    this.writes = 0;
    this.session = Math.random().toString(36).slice(2, 10);
    const tableCount = Number(candidate.exec(`SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name ${NOT_INTERNAL_NAME}`)[0]?.values[0]?.[0] ?? 0);
    return { ok: true, sizeBytes: bytes?.byteLength ?? 0, tableCount };
  }

  /**
   * Opens a database read on demand from a lazy file (read-only: see lazy-sqljs.ts). Only the header and the schema
   * are checked: SQLite's consistency check would read the whole file.
   */
  async openLazy(file: LazyFile, options: LazyOpenOptions = {}): Promise<Outcome<OpenedDatabase>> {
    let header: Uint8Array;
    try {
      header = file.read(0, Math.min(100, file.sizeBytes));
    } catch (error) {
      return { ok: false, error: { kind: "fetch-failed", message: file.takeFailure() ?? errorMessage(error) } };
    }
    // The header stands in for the whole file in the byte checks; a file shorter than a page is refused as truncated.
    const problem = checkDatabaseBytes(file.sizeBytes < 512 ? header : padToPage(header));
    if (problem) return { ok: false, error: problem };
    const setUpLater = options.tableCount !== undefined;
    let candidate: Database;
    try {
      candidate = openLazyDatabase(this.sql, file, { queryOnlyLater: setUpLater });
      if (!setUpLater) candidate.exec("SELECT count(*) FROM sqlite_schema");
    } catch (error) {
      const failure = file.takeFailure();
      return {
        ok: false,
        error: { kind: failure ? "fetch-failed" : "corrupt-database", message: failure ?? `SQLite could not read the database: ${errorMessage(error)}` },
      };
    }
    // A connection whose read failed mid-query may not finalize or close cleanly; it is dropped either way, and a
    // failed finalize must not keep it from being closed.
    try {
      this.statementsOf.forgetReused();
    } catch {
      // Dropped with the connection.
    }
    // The connection replaced is closed now, or with the setup left for later: closing the engine's first (empty)
    // connection was one more cold path of SQLite's on the way to a first visit's screen.
    // Not through `database`: a setup still pending on the connection replaced is not run just to close it.
    const replaced = this.connectionNow;
    if (this.closeWhenSetUp) closeDropped(this.closeWhenSetUp);
    this.closeWhenSetUp = null;
    if (!setUpLater) closeDropped(replaced);
    this.database = candidate;
    if (!setUpLater) tuneConnection(candidate);
    else {
      this.setUpLater = true;
      this.closeWhenSetUp = replaced;
    }
    this.lazy = file;
    this.results.clear();
    // The file is never read whole, so its key is what names it: the source, its size and its header (whose change
    // counter moves on every write to the file).
    this.openedHash = `lazy-${hashBytes(new TextEncoder().encode(`${file.label}|${file.sizeBytes}|`))}-${hashBytes(header)}`;
    this.unhashed = null;
    this.writes = 0;
    this.session = Math.random().toString(36).slice(2, 10);
    const tableCount =
      options.tableCount ??
      Number(candidate.exec(`SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name ${NOT_INTERNAL_NAME}`)[0]?.values[0]?.[0] ?? 0);
    return { ok: true, sizeBytes: file.sizeBytes, tableCount };
  }

  /**
   * Parses the schema and applies the connection's settings when an open left them for later (LazyOpenOptions): done
   * once the open has been answered, or before whatever uses the connection first. A schema SQLite cannot read is
   * reported by the query that needs it.
   */
  finishOpening(): void {
    if (!this.setUpLater) return;
    this.setUpLater = false;
    if (this.closeWhenSetUp) closeDropped(this.closeWhenSetUp);
    this.closeWhenSetUp = null;
    // Before any other statement, and not caught: a connection that could not be made query_only is not used.
    this.connectionNow.exec(QUERY_ONLY_PRAGMA);
    try {
      tuneConnection(this.connectionNow);
      this.connectionNow.exec("SELECT count(*) FROM sqlite_schema");
    } catch {
      // Reported by the next query, as for any damaged page.
    }
  }

  /** The lazy file of the open database, or null when it is held in memory. */
  get lazyFile(): LazyFile | null {
    return this.lazy;
  }

  /**
   * SQLite's consistency check of the open database's pages (an open with checkPages: false left it for later): the
   * damage it finds, or null. A database read on demand is not checked, as that reads the whole file, unless asked
   * (`readOnDemand`: a worker of its own checks a large kept copy so, app/browser/stored-copy-check.ts).
   */
  async checkPages(options: { readOnDemand?: boolean } = {}): Promise<DbError | null> {
    if (this.lazy && !options.readOnDemand) return null;
    try {
      return pageDamage(this.database);
    } catch (error) {
      const failure = this.lazy?.takeFailure();
      if (failure) return { kind: "fetch-failed", message: failure };
      return { kind: "corrupt-database", message: `The database is damaged and cannot be read (SQLite says: ${errorMessage(error)}).` };
    }
  }

  /** Reads the schema and, with checkPages, runs SQLite's own consistency check, so a damaged file is refused up front. */
  private validate(candidate: Database, checkPages: boolean): DbError | null {
    try {
      candidate.exec("SELECT count(*) FROM sqlite_schema");
      if (!checkPages) return null;
      const damage = pageDamage(candidate);
      return damage && { ...damage, message: `${damage.message} It may be truncated or not fully downloaded.` };
    } catch (error) {
      const text = errorMessage(error);
      if (/not a database/i.test(text)) {
        return { kind: "not-a-database", message: "This file is not a SQLite database (SQLite says: file is not a database)." };
      }
      return {
        kind: "corrupt-database",
        message: `The database is damaged and cannot be read (SQLite says: ${text}). It may be truncated or not fully downloaded.`,
      };
    }
  }

  /**
   * Runs one or more statements. Rows of the last statement that returns columns are kept for paging.
   * Statements before a failing one stay applied, as in the sqlite3 shell.
   */
  async execute(sqlText: string, options: ExecuteOptions = {}): Promise<ExecuteOutcome> {
    const maxStoredRows = options.maxStoredRows ?? DEFAULT_MAX_STORED_ROWS;
    const started = performance.now();
    const refusal = this.lazy ? refuseChangesOnLazy(sqlText, this.lazy.label) : null;
    if (refusal) return { ok: false, error: refusal, elapsedMs: 0, statementsCompleted: 0, databaseChanged: false };
    const before = this.watchChanges();
    let statementCount = 0;
    let last: { columns: string[]; rows: SqlValue[][]; rowCount: number } | null = null;
    let rowsModified = 0;
    const statements = this.statementsOf(this.database, sqlText);
    try {
      let remaining = sqlText;
      for (;;) {
        const statementStart = sqlText.length - remaining.length + (remaining.length - remaining.trimStart().length);
        let statement: SteppedStatement | null = null;
        try {
          statement = statements.next();
          if (!statement) break;
          remaining = statements.remainingSql();
          // The statement as SQLite split it off the text (not as splitStatements would), before any of it runs.
          this.beforeStatement(before, sqlText.slice(statementStart, sqlText.length - remaining.length));
          const rows: SqlValue[][] = [];
          let rowCount = 0;
          while (statement.step()) {
            if (rowCount < maxStoredRows) rows.push(statement.row());
            rowCount += 1;
          }
          // After stepping: a statement SQLite re-prepared on its first step (the schema changed) has its new columns.
          const columns = statement.columnNames();
          rowsModified += columns.length === 0 ? this.database.getRowsModified() : 0;
          if (columns.length > 0) last = { columns, rows, rowCount };
          statementCount += 1;
        } catch (error) {
          // When preparing fails, SQLite does not say where the bad statement ends; the splitter does.
          const statementEnd = statement
            ? sqlText.length - remaining.length
            : (splitStatements(sqlText).find((span) => span.end > statementStart)?.end ?? sqlText.length);
          return {
            ok: false,
            error: {
              kind: "sql-error",
              message: errorMessage(error),
              statementIndex: statementCount,
              statementStart,
              statementEnd: Math.max(statementEnd, statementStart),
            },
            elapsedMs: performance.now() - started,
            statementsCompleted: statementCount,
            databaseChanged: this.noteChange(this.changedSince(before)),
          };
        } finally {
          statement?.free();
        }
      }
    } finally {
      statements.close();
    }
    const elapsedMs = performance.now() - started;
    let resultId: string | null = null;
    if (last) {
      resultId = `r${this.nextResultNumber++}`;
      this.results.set(resultId, { columns: last.columns, rows: last.rows });
      for (const key of this.results.keys()) {
        if (this.results.size <= RESULTS_KEPT) break;
        this.results.delete(key);
      }
    }
    return {
      ok: true,
      resultId,
      columns: last?.columns ?? [],
      rowCount: last?.rowCount ?? 0,
      storedRowCount: last?.rows.length ?? 0,
      truncated: last ? last.rowCount > last.rows.length : false,
      firstRows: last?.rows.slice(0, FIRST_PAGE_ROWS) ?? [],
      elapsedMs,
      statementCount,
      rowsModified,
      databaseChanged: this.noteChange(this.changedSince(before)),
    };
  }

  /** Runs one statement that cannot change the database (see runReadOnlyQuery): the agent's tools, the pruner, the judge. */
  async executeReadOnly(sqlText: string, options: ReadOnlyOptions): Promise<Outcome<ReadOnlyResult>> {
    return runReadOnlyQuery(this.database, sqlText, options);
  }

  /**
   * The open sql.js connection, for composing in-process services over the engine (the column profile needs temp
   * tables); never sent over the worker boundary.
   */
  get connection(): Database {
    return this.database;
  }

  /** The change markers' statements on the open connection, prepared once per connection (SCHEMA_VERSION_SQL when first needed). */
  private markerStatements(): { database: Database; totalChanges: Statement; schemaVersion: Statement | null } {
    // Prepared once, not per run: this runs before and after every query, and preparing cost about as much as a point lookup.
    if (this.markers?.database !== this.database) {
      this.markers = { database: this.database, totalChanges: this.database.prepare(TOTAL_CHANGES_SQL), schemaVersion: null };
    }
    return this.markers;
  }

  private readMarker(statement: Statement): number {
    try {
      statement.step();
      return Number(statement.get()[0] ?? 0);
    } finally {
      statement.reset();
    }
  }

  private totalChanges(): number {
    return this.readMarker(this.markerStatements().totalChanges);
  }

  private schemaVersion(): number {
    const markers = this.markerStatements();
    markers.schemaVersion ??= this.database.prepare(SCHEMA_VERSION_SQL);
    return this.readMarker(markers.schemaVersion);
  }

  private watchChanges(): ChangeWatch {
    return { totalChanges: this.totalChanges(), schemaVersion: null };
  }

  /** Before a statement of a run is stepped: the schema's version is noted when it is the run's first that could change it. */
  private beforeStatement(watch: ChangeWatch, statementText: string): void {
    if (watch.schemaVersion !== null || SCHEMA_KEEPING_KEYWORDS.has(firstKeyword(statementText) ?? "")) return;
    watch.schemaVersion = this.schemaVersion();
  }

  private changedSince(watch: ChangeWatch): boolean {
    return this.totalChanges() !== watch.totalChanges || (watch.schemaVersion !== null && this.schemaVersion() !== watch.schemaVersion);
  }

  private noteChange(changed: boolean): boolean {
    if (changed) this.writes += 1;
    return changed;
  }

  /**
   * Names the database content: the hash of the opened bytes while nothing has changed (stable across
   * reopening the same file, so the page can keep profiles in IndexedDB under it), else that hash plus this
   * session and the number of changes (new after every write, and never equal to another session's).
   */
  async contentKey(): Promise<string> {
    if (this.openedHash === null) {
      this.openedHash = hashBytes(this.unhashed ?? new Uint8Array());
      this.unhashed = null;
    }
    return this.writes === 0 ? this.openedHash : `${this.openedHash}~${this.session}~${this.writes}`;
  }

  /** True while an explicit transaction (BEGIN without COMMIT) is open; saving then would lose its work. */
  async inTransaction(): Promise<boolean> {
    try {
      // BEGIN fails inside a transaction; outside one it opens an empty transaction that ROLLBACK ends at once.
      this.database.exec("BEGIN; ROLLBACK;");
      return false;
    } catch {
      return true;
    }
  }

  /** A page of a kept result. */
  async fetchRows(resultId: string, offset: number, limit: number): Promise<Outcome<{ rows: SqlValue[][] }>> {
    const result = this.results.get(resultId);
    if (!result) {
      return { ok: false, error: { kind: "no-result", message: "This result is no longer available; run the query again." } };
    }
    return { ok: true, rows: result.rows.slice(Math.max(0, offset), Math.max(0, offset + limit)) };
  }

  /** CSV neutralizes formula-like text unless `csv.formulas` is "raw" (see CsvOptions); JSON keeps every value. */
  async exportResult(resultId: string, format: "csv" | "json", csv: CsvOptions = {}): Promise<Outcome<{ text: string }>> {
    const result = this.results.get(resultId);
    if (!result) {
      return { ok: false, error: { kind: "no-result", message: "This result is no longer available; run the query again." } };
    }
    // Loaded on the first export or import: papaparse (~18 KB) is no part of the worker's start.
    const { resultToCsv, resultToJson } = await import("./result-export");
    const text = format === "csv" ? resultToCsv(result.columns, result.rows, csv) : resultToJson(result.columns, result.rows);
    return { ok: true, text };
  }

  /**
   * The schema; when the file is too damaged to read it, an empty one (the open check refuses most such files). Read
   * again only when the database may have changed: row counts read every page of every table (~0.6 s per 4.6 million
   * rows in the worker), and after an open the page, the profile and the value index each ask. A copy, so no caller
   * changes another's. Exact row counts on a database read on demand would read the whole file.
   */
  async schema(options: SchemaOptions = {}): Promise<DatabaseSchema> {
    return structuredClone(await this.sharedSchema(options));
  }

  /**
   * The schema as schema() reads it, without the copy: the same object to every caller until the database changes,
   * so callers only read it. For the service's own readers (the profile, the value index) and for replies that cross
   * to the page, which postMessage copies anyway: a copy of 5,000 tables' schema took ~190 ms of the worker's time,
   * made two or three times after such an open while a query the person ran waited.
   */
  async sharedSchema(options: SchemaOptions = {}): Promise<DatabaseSchema> {
    const countRows = this.lazy === null && (options.rowCounts ?? true);
    const database = this.database;
    const last = this.lastSchemas[countRows ? 1 : 0];
    if (last && last.database === database && last.session === this.session && last.writes === this.writes) return last.schema;
    try {
      const schema = readSchema(database, { countRows });
      this.lastSchemas[countRows ? 1 : 0] = { database, session: this.session, writes: this.writes, schema };
      return schema;
    } catch {
      return { tables: [] };
    }
  }

  /** The database file as bytes. sql.js closes and reopens the connection to do it, so kept results survive but temp tables do not. */
  async exportDatabase(): Promise<Uint8Array> {
    if (this.lazy) throw new Error(`${this.lazy.label} is read on demand; it is not held in memory, so it cannot be exported.`);
    // sql.js frees every prepared statement when it exports (it closes and reopens the connection).
    this.markers = null;
    this.statementsOf.forgetReused();
    const bytes = this.database.export();
    // The connection sql.js reopened has SQLite's defaults again.
    tuneConnection(this.database);
    return bytes;
  }

  /** Imports a CSV/TSV/JSON file as a new table, all or nothing. */
  async importTable(fileName: string, bytes: Uint8Array, format: ImportFormat, onProgress?: (fraction: number) => void): Promise<Outcome<ImportSummary>> {
    if (this.lazy) {
      return {
        ok: false,
        error: { kind: "import-error", message: `${fileName}: ${this.lazy.label} is open read-only, read on demand, so no table can be added to it.` },
      };
    }
    const { createTableSql, insertSql, isImportError, parseDelimited, parseJsonRows, tableNameFromFileName } = await import("./tabular-import");
    const text = new TextDecoder("utf-8").decode(bytes);
    const parsed =
      format === "json"
        ? parseJsonRows(text)
        : parseDelimited(text, {
            delimiter: format === "tsv" ? "\t" : undefined,
            onProgress: onProgress ? (fraction) => onProgress(fraction * 0.7) : undefined,
          });
    if (isImportError(parsed)) {
      return { ok: false, error: { kind: "import-error", message: `${fileName}: ${parsed.message}` } };
    }
    const existing = (await this.schema()).tables.map((table) => table.name);
    const tableName = tableNameFromFileName(fileName, existing);
    const progressEvery = Math.max(1, Math.floor(parsed.rows.length / 30));
    try {
      this.database.exec("BEGIN");
      this.database.exec(createTableSql(tableName, parsed));
      const insert = this.database.prepare(insertSql(tableName, parsed));
      try {
        parsed.rows.forEach((row, index) => {
          insert.run(row);
          if (onProgress && index % progressEvery === 0) onProgress(0.7 + (0.3 * index) / parsed.rows.length);
        });
      } finally {
        insert.free();
      }
      this.database.exec("COMMIT");
      this.writes += 1;
    } catch (error) {
      try {
        this.database.exec("ROLLBACK");
      } catch {
        // Nothing to roll back when BEGIN itself failed.
      }
      return { ok: false, error: { kind: "import-error", message: `${fileName}: SQLite refused the import: ${errorMessage(error)}` } };
    }
    onProgress?.(1);
    return {
      ok: true,
      tableName,
      rowCount: parsed.rowCount,
      columns: parsed.columns.map((column) => ({ name: column.name, type: column.type })),
      warnings: parsed.warnings,
    };
  }
}

/** The header padded to one page, so the checks made of a whole file's bytes can be made of its first 100. */
function padToPage(header: Uint8Array): Uint8Array {
  const page = new Uint8Array(512);
  page.set(header);
  return page;
}
