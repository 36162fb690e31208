// The statements of a SQL text, prepared one after another, and their rows: what the engine's execute steps through.
// Two sources with the same behaviour: SQLite's C API as sql.js's build exports it, reading cells straight from the
// WASM memory (when the module was loaded keeping it: sqljs-memory.ts), or sql.js's own StatementIterator and
// Statement.get. sql.js's get decodes every text cell with a TextDecoder call (~1 µs each in Chromium, a quarter of
// that in Node): 22,000 text cells cost ~25 ms of a 40 ms query. Here short ASCII text, most cells, is made in plain
// JavaScript, and only long or non-ASCII text goes through the TextDecoder.
import type { Database, SqlJsStatic } from "sql.js";
import { wasmMemoryOf } from "./sqljs-memory";
import type { SqlValue } from "./types";

/** One prepared statement, stepped row by row. */
export interface SteppedStatement {
  columnNames(): string[];
  /** True when a row is ready; false when the statement is done; throws SQLite's message on an error. */
  step(): boolean;
  /** The current row's values, as sql.js gives them (integers as numbers, BLOBs as bytes). */
  row(): SqlValue[];
  free(): void;
}

export interface StatementStream {
  /** The next statement, prepared; null when none is left. Throws SQLite's message when preparing fails. */
  next(): SteppedStatement | null;
  /** The text after the statement last prepared. */
  remainingSql(): string;
  /** Frees what the stream holds; call once, however the loop ended. */
  close(): void;
}

export type StatementSource = ((database: Database, sqlText: string) => StatementStream) & {
  /**
   * Finalizes the statements kept prepared for reuse. Call before the connection is closed or exported (sql.js closes
   * it): a statement left unfinalized would keep the closed connection, and the whole database in its memory, alive.
   */
  forgetReused(): void;
};

/** The C API source when the module's memory was kept and it exports every function needed; sql.js's API otherwise. */
export function statementSourceFor(sql: SqlJsStatic): StatementSource {
  const memory = wasmMemoryOf(sql);
  const api = memory && hasCApi(sql) ? sql : null;
  if (!memory || !api) return sqlJsStatements;
  const heap = new WasmHeap(memory);
  const reused = new ReusedStatements(api);
  const source = (database: Database, sqlText: string) => {
    const handle = (database as unknown as { db?: unknown }).db;
    // sql.js keeps the connection's pointer as `db`; a build that renamed it is read through its own API instead.
    if (typeof handle !== "number" || handle === 0) return sqlJsStatements(database, sqlText);
    return new CApiStatements(api, heap, handle, sqlText, reused);
  };
  return Object.assign(source, { forgetReused: () => reused.forget() });
}

/** sql.js's own iterator and Statement.get: the fallback, and the reference the tests compare the C API source with. */
function sqlJsStatementStream(database: Database, sqlText: string): StatementStream {
  const iterator = database.iterateStatements(sqlText);
  return {
    next() {
      const next = iterator.next();
      if (next.done) return null;
      const statement = next.value;
      return {
        columnNames: () => statement.getColumnNames(),
        step: () => statement.step(),
        row: () => statement.get() as SqlValue[],
        free: () => statement.free(),
      };
    },
    remainingSql: () => iterator.getRemainingSQL(),
    // The iterator frees its copy of the text when it reaches the end or a statement fails to prepare.
    close: () => undefined,
  };
}

/** sql.js's API keeps no statement for reuse: each run prepares its own. */
export const sqlJsStatements: StatementSource = Object.assign(sqlJsStatementStream, { forgetReused: () => undefined });

const SQLITE_OK = 0;
const SQLITE_ROW = 100;
const SQLITE_DONE = 101;
const SQLITE_INTEGER = 1;
const SQLITE_FLOAT = 2;
const SQLITE_TEXT = 3;
const SQLITE_BLOB = 4;

/** Past this many bytes one TextDecoder call is cheaper than checking and copying the bytes one by one. */
const SHORT_TEXT_BYTES = 64;

/** The exports of sql.js's build this source calls (all listed in sql.js's exported functions). */
interface SqliteCApi {
  _sqlite3_prepare_v2(database: number, sql: number, byteCount: number, statementOut: number, tailOut: number): number;
  _sqlite3_step(statement: number): number;
  _sqlite3_finalize(statement: number): number;
  _sqlite3_reset(statement: number): number;
  _sqlite3_errmsg(database: number): number;
  _sqlite3_column_count(statement: number): number;
  _sqlite3_column_name(statement: number, column: number): number;
  _sqlite3_column_type(statement: number, column: number): number;
  _sqlite3_column_double(statement: number, column: number): number;
  _sqlite3_column_text(statement: number, column: number): number;
  _sqlite3_column_blob(statement: number, column: number): number;
  _sqlite3_column_bytes(statement: number, column: number): number;
  _malloc(byteCount: number): number;
  _free(pointer: number): void;
  stringToNewUTF8(text: string): number;
  UTF8ToString(pointer: number): string;
}

const C_API_FUNCTIONS: readonly (keyof SqliteCApi)[] = [
  "_sqlite3_prepare_v2",
  "_sqlite3_step",
  "_sqlite3_finalize",
  "_sqlite3_reset",
  "_sqlite3_errmsg",
  "_sqlite3_column_count",
  "_sqlite3_column_name",
  "_sqlite3_column_type",
  "_sqlite3_column_double",
  "_sqlite3_column_text",
  "_sqlite3_column_blob",
  "_sqlite3_column_bytes",
  "_malloc",
  "_free",
  "stringToNewUTF8",
  "UTF8ToString",
];

function hasCApi(sql: SqlJsStatic): sql is SqlJsStatic & SqliteCApi {
  const module = sql as unknown as Record<string, unknown>;
  return C_API_FUNCTIONS.every((name) => typeof module[name] === "function");
}

/** Views of the WASM memory, made again after the memory grows (growing detaches the old buffer). */
class WasmHeap {
  private bytesView: Uint8Array;
  private wordsView: Uint32Array;

  constructor(private readonly memory: WebAssembly.Memory) {
    this.bytesView = new Uint8Array(memory.buffer);
    this.wordsView = new Uint32Array(memory.buffer);
  }

  get bytes(): Uint8Array {
    if (this.bytesView.buffer !== this.memory.buffer) this.refresh();
    return this.bytesView;
  }

  get words(): Uint32Array {
    if (this.wordsView.buffer !== this.memory.buffer) this.refresh();
    return this.wordsView;
  }

  private refresh(): void {
    this.bytesView = new Uint8Array(this.memory.buffer);
    this.wordsView = new Uint32Array(this.memory.buffer);
  }
}

const decoder = new TextDecoder();

/** The text of `byteLength` UTF-8 bytes at `pointer`, NUL bytes included (as sql.js's Statement.get reads it). */
export function readText(heap: Uint8Array, pointer: number, byteLength: number): string {
  const bytes = heap.subarray(pointer, pointer + byteLength);
  if (byteLength > SHORT_TEXT_BYTES) return decoder.decode(bytes);
  for (let index = 0; index < byteLength; index += 1) if (bytes[index]! > 0x7f) return decoder.decode(bytes);
  return String.fromCharCode.apply(null, bytes as unknown as number[]);
}

/** How many statements are kept prepared for reuse; the least recently run is finalized past it. */
export const REUSED_STATEMENTS_KEPT = 16;

/**
 * The longest text kept prepared. A prepared program takes several times its text's size in WASM memory, which never
 * shrinks: sixteen pasted multi-megabyte VALUES lists would hold hundreds of MB. Parsing and planning matter only for
 * short, quick queries anyway.
 */
export const REUSED_TEXT_MAX_LENGTH = 4096;

/**
 * A text that is one query starting with SELECT, WITH or VALUES: kept prepared after its run, so running the same text
 * again skips SQLite's parser and planner (most of a point lookup's time). SQLite re-prepares a kept statement by
 * itself when the schema changed since (prepare_v2; a change to the temp schema, a flag PRAGMA, ANALYZE or a function
 * defined again expire every statement), so a reused statement runs as a new one would. PRAGMA statements are not
 * kept: SQLite marks each one to be prepared again on every run, so keeping one would save nothing.
 */
const REUSABLE_TEXT = /^\s*(?:SELECT|WITH|VALUES)\b/i;

interface KeptStatement {
  database: number;
  statement: number;
  /** Where the text after the statement starts, in bytes from the start of the text. */
  tailOffset: number;
}

/** Kept statements by their whole SQL text; one is taken out while it runs, then put back reset. */
class ReusedStatements {
  private readonly kept = new Map<string, KeptStatement>();

  constructor(private readonly api: SqliteCApi) {}

  take(database: number, sqlText: string): KeptStatement | null {
    const kept = this.kept.get(sqlText);
    if (!kept) return null;
    this.kept.delete(sqlText);
    if (kept.database === database) return kept;
    this.api._sqlite3_finalize(kept.statement);
    return null;
  }

  /** Resets a statement whose run ended and keeps it, most recently run last. */
  keep(sqlText: string, kept: KeptStatement): void {
    this.api._sqlite3_reset(kept.statement);
    this.kept.set(sqlText, kept);
    for (const [text, oldest] of this.kept) {
      if (this.kept.size <= REUSED_STATEMENTS_KEPT) break;
      this.kept.delete(text);
      this.api._sqlite3_finalize(oldest.statement);
    }
  }

  forget(): void {
    const statements = [...this.kept.values()];
    this.kept.clear();
    for (const kept of statements) this.api._sqlite3_finalize(kept.statement);
  }
}

class CApiStatements implements StatementStream {
  /** The whole text as UTF-8 in the WASM memory, and where the next statement starts in it (0: nothing left). */
  private readonly text: number;
  private rest: number;
  /** Two 4-byte slots SQLite writes to: the prepared statement, and where the text after it starts. */
  private readonly out: number;

  constructor(
    private readonly api: SqliteCApi,
    private readonly heap: WasmHeap,
    private readonly database: number,
    private readonly sqlText: string,
    private readonly reused: ReusedStatements,
  ) {
    this.text = api.stringToNewUTF8(sqlText);
    this.rest = this.text;
    this.out = api._malloc(8);
  }

  next(): SteppedStatement | null {
    if (this.rest === 0) return null;
    const first = this.rest === this.text;
    if (first) {
      const kept = this.reused.take(this.database, this.sqlText);
      if (kept) {
        this.rest = this.text + kept.tailOffset;
        return new CApiStatement(this.api, this.heap, this.database, kept.statement, (run) => this.reused.keep(this.sqlText, run), kept);
      }
    }
    const slot = this.out >>> 2;
    const words = this.heap.words;
    words[slot] = 0;
    words[slot + 1] = 0;
    const code = this.api._sqlite3_prepare_v2(this.database, this.rest, -1, this.out, this.out + 4);
    if (code !== SQLITE_OK) {
      this.rest = 0;
      throw new Error(errorMessage(this.api, this.database));
    }
    const statement = this.heap.words[slot]!;
    this.rest = this.heap.words[slot + 1]!;
    // No statement: only whitespace or comments were left (sql.js's iterator ends there too).
    if (statement === 0) {
      this.rest = 0;
      return null;
    }
    if (first && this.sqlText.length <= REUSED_TEXT_MAX_LENGTH && REUSABLE_TEXT.test(this.sqlText) && this.remainingSql().trim() === "") {
      const kept = { database: this.database, statement, tailOffset: this.rest - this.text };
      return new CApiStatement(this.api, this.heap, this.database, statement, (run) => this.reused.keep(this.sqlText, run), kept);
    }
    return new CApiStatement(this.api, this.heap, this.database, statement);
  }

  remainingSql(): string {
    return this.rest === 0 ? "" : this.api.UTF8ToString(this.rest);
  }

  close(): void {
    this.api._free(this.text);
    this.api._free(this.out);
  }
}

class CApiStatement implements SteppedStatement {
  private columnCount: number;
  private stepped = false;
  private failed = false;

  /** With `keep` and `kept`, the statement is kept for reuse when freed after a run without error, not finalized. */
  constructor(
    private readonly api: SqliteCApi,
    private readonly heap: WasmHeap,
    private readonly database: number,
    private statement: number,
    private readonly keep?: (kept: KeptStatement) => void,
    private readonly kept?: KeptStatement,
  ) {
    this.columnCount = api._sqlite3_column_count(statement);
  }

  columnNames(): string[] {
    const names = new Array<string>(this.columnCount);
    for (let column = 0; column < this.columnCount; column += 1) names[column] = this.api.UTF8ToString(this.api._sqlite3_column_name(this.statement, column));
    return names;
  }

  step(): boolean {
    // Failed until SQLite says otherwise: a JavaScript error thrown through the step (a failed read of a database read
    // on demand, a stack overflow) cuts it off, and such a statement must be finalized, not kept.
    this.failed = true;
    const code = this.api._sqlite3_step(this.statement);
    // A kept statement is re-prepared inside its first step when the schema changed: its columns may differ since.
    if (!this.stepped) {
      this.stepped = true;
      this.columnCount = this.api._sqlite3_column_count(this.statement);
    }
    if (code === SQLITE_ROW || code === SQLITE_DONE) {
      this.failed = false;
      return code === SQLITE_ROW;
    }
    throw new Error(errorMessage(this.api, this.database));
  }

  row(): SqlValue[] {
    const { api, statement } = this;
    const values = new Array<SqlValue>(this.columnCount);
    for (let column = 0; column < this.columnCount; column += 1) {
      switch (api._sqlite3_column_type(statement, column)) {
        // sql.js reads integers as doubles too (without its useBigInt option, which the engine does not use).
        case SQLITE_INTEGER:
        case SQLITE_FLOAT:
          values[column] = api._sqlite3_column_double(statement, column);
          break;
        case SQLITE_TEXT: {
          // The pointer first, then the length: SQLite's documented order (converting the text can change its length).
          const pointer = api._sqlite3_column_text(statement, column);
          values[column] = readText(this.heap.bytes, pointer, api._sqlite3_column_bytes(statement, column));
          break;
        }
        case SQLITE_BLOB: {
          const pointer = api._sqlite3_column_blob(statement, column);
          const byteCount = api._sqlite3_column_bytes(statement, column);
          values[column] = this.heap.bytes.slice(pointer, pointer + byteCount);
          break;
        }
        default:
          values[column] = null;
      }
    }
    return values;
  }

  free(): void {
    if (this.statement === 0) return;
    if (this.keep && this.kept && !this.failed) this.keep(this.kept);
    else this.api._sqlite3_finalize(this.statement);
    this.statement = 0;
  }
}

function errorMessage(api: SqliteCApi, database: number): string {
  return api.UTF8ToString(api._sqlite3_errmsg(database));
}
