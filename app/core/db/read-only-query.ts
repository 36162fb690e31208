// The one read-only executor: every query the agent's tools, the pruner's value index, the diagnosis and the EX judge run.
import type { Database, Statement } from "sql.js";
import { errorMessage } from "../error-message";
import { firstKeyword, splitStatements } from "./sql-statements";
import type { DatabaseSchema, Outcome, ReadOnlyResult, SqlValue } from "./types";

/** Statement kinds a read-only caller may run; everything else (PRAGMA, ATTACH, DML, DDL) is refused up front. */
const READ_ONLY_KEYWORDS = new Set(["SELECT", "WITH", "VALUES", "EXPLAIN"]);
/** Rows counted past the kept ones before a query is cut off, so a runaway SELECT still ends. */
export const READ_ONLY_COUNT_LIMIT = 5_000_000;
/** The time limit is checked every this many rows: often enough to stop promptly, rarely enough to cost nothing. */
const ROWS_BETWEEN_CLOCK_READS = 64;

/** The observation a stopped query gives, the same wording whichever side (executor or watchdog) stopped it. */
export function timeLimitMessage(limitMs: number, elapsedMs = limitMs): string {
  const seconds = (ms: number) => (ms / 1000).toLocaleString("en-US", { maximumFractionDigits: 1 });
  return `Stopped after ${seconds(elapsedMs)} s: the query ran past the ${seconds(limitMs)} s time limit. The database is unchanged; a cheaper query (a LIMIT, a tighter WHERE, no unbounded recursion) may answer.`;
}

export interface ReadOnlyOptions {
  /** Rows kept in the answer. */
  maxRows: number;
  /**
   * Past maxRows: "count" keeps counting (up to READ_ONLY_COUNT_LIMIT) so the answer says how many rows there
   * were, as the agent's observations need; "fail" gives up with `too-many-rows`, as the judge needs every row.
   */
  beyondMaxRows?: "count" | "fail";
  /** Wall-clock limit for the whole query, in ms; none when unset. */
  timeoutMs?: number;
  /** List the cells holding whole-valued REALs (`wholeRealCells`), as the EX judge needs to see values the way Python does. */
  markWholeReals?: boolean;
}

/**
 * What the agent, the pruner and the judge need from a database: its schema and read-only queries. The SQLite
 * engine provides both, in process (CLI, tests) or through the worker (browser).
 */
export interface ReadOnlyDatabase {
  schema(): Promise<DatabaseSchema>;
  executeReadOnly(sql: string, options: ReadOnlyOptions): Promise<Outcome<ReadOnlyResult>>;
}

/**
 * Runs one statement that cannot change the database. Three layers: exactly one statement (a trailing `;` or
 * comment is fine, as Python's sqlite3 `execute`, which the official Spider and BIRD scripts use, insists), an
 * allow-list of leading keywords (no PRAGMA, so query_only cannot be switched off), and SQLite's own
 * `PRAGMA query_only`, which makes every write fail inside SQLite whatever the text looks like; its previous
 * value is restored afterwards so the person's connection stays writable.
 *
 * The time limit is checked between rows: sql.js offers no way to interrupt a statement, so a query that
 * spends long inside a single step (a huge sort before its first row) runs to the end of that step. The
 * browser therefore runs queries in a worker it can terminate.
 *
 * The run is synchronous, so no other call on the same connection can interleave while the pragma is switched.
 */
export function runReadOnlyQuery(database: Database, sql: string, options: ReadOnlyOptions): Outcome<ReadOnlyResult> {
  const started = performance.now();
  const refuse = (message: string, kind: "sql-error" | "timeout" | "too-many-rows" = "sql-error"): Outcome<ReadOnlyResult> => ({
    ok: false,
    error: { kind, message },
  });
  const statements = splitStatements(sql);
  if (statements.length === 0) return refuse("There is no SQL statement to run.");
  if (statements.length > 1) return refuse(`Only one statement can be run at a time; this text has ${statements.length}.`);
  const text = statements[0]!.text;
  const keyword = firstKeyword(text);
  if (!keyword || !READ_ONLY_KEYWORDS.has(keyword)) {
    return refuse(`Only read-only queries (SELECT, WITH, VALUES, EXPLAIN) are allowed; ${keyword ?? "this statement"} would not be.`);
  }
  const beyondMaxRows = options.beyondMaxRows ?? "count";
  const timeoutMs = options.timeoutMs ?? Number.POSITIVE_INFINITY;
  const overTime = () => performance.now() - started > timeoutMs;
  const timedOut = () => refuse(timeLimitMessage(timeoutMs, performance.now() - started), "timeout");

  const wasQueryOnly = Number(database.exec("PRAGMA query_only")[0]?.values[0]?.[0] ?? 0) !== 0;
  if (!wasQueryOnly) database.exec("PRAGMA query_only = ON");
  let statement: Statement | undefined;
  try {
    statement = database.prepare(text);
    const columns = statement.getColumnNames();
    const rows: SqlValue[][] = [];
    const wholeRealCells: number[] | undefined = options.markWholeReals ? [] : undefined;
    let rowCount = 0;
    while (rowCount < READ_ONLY_COUNT_LIMIT && statement.step()) {
      if (rows.length < options.maxRows)
        rows.push(wholeRealCells ? readRowMarkingWholeReals(statement, rows.length, wholeRealCells) : (statement.get() as SqlValue[]));
      else if (beyondMaxRows === "fail") {
        return refuse(`The query returns more than ${options.maxRows.toLocaleString("en-US")} rows; only that many are kept.`, "too-many-rows");
      }
      rowCount += 1;
      if (rowCount % ROWS_BETWEEN_CLOCK_READS === 0 && overTime()) return timedOut();
    }
    // A single step may itself have run past the limit; the answer is complete, but the limit still applies.
    if (overTime()) return timedOut();
    const elapsedMs = performance.now() - started;
    return wholeRealCells?.length ? { ok: true, columns, rows, rowCount, elapsedMs, wholeRealCells } : { ok: true, columns, rows, rowCount, elapsedMs };
  } catch (error) {
    return refuse(errorMessage(error));
  } finally {
    statement?.free();
    if (!wasQueryOnly) database.exec("PRAGMA query_only = OFF");
  }
}

/** sql.js's `get` also takes a config; `useBigInt` hands INTEGERs over as bigint, so a number that stays a number is a REAL. */
type GetWithConfig = (params: null, config: { useBigInt: boolean }) => (SqlValue | bigint)[];

/** The current row, numbers as usual, with the flat index of each whole-valued REAL appended to `wholeRealCells`. */
function readRowMarkingWholeReals(statement: Statement, rowIndex: number, wholeRealCells: number[]): SqlValue[] {
  const values = (statement.get as unknown as GetWithConfig).call(statement, null, { useBigInt: true });
  const row = new Array<SqlValue>(values.length);
  for (let column = 0; column < values.length; column++) {
    const value = values[column]!;
    if (typeof value === "bigint") row[column] = Number(value);
    else {
      if (typeof value === "number" && Number.isInteger(value)) wholeRealCells.push(rowIndex * values.length + column);
      row[column] = value;
    }
  }
  return row;
}
