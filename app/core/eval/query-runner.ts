// The EX judge's view of a database: one read-only query run to completion (every row, a time limit, a row cap), through the one executor.
import type { Database } from "sql.js";
import { runReadOnlyQuery, type ReadOnlyDatabase, type ReadOnlyOptions } from "../db/read-only-query";
import type { Outcome, ReadOnlyResult, SqlValue } from "../db/types";

export type QueryErrorKind = "sql-error" | "timeout" | "too-many-rows";

/** Why a query gave no result: SQLite refused it, it ran past the time limit, or it returned more rows than the judge keeps. */
export interface QueryError {
  kind: QueryErrorKind;
  message: string;
}

/** A query's full result (every row, in the order SQLite produced them), or why there is none. */
export type QueryOutcome =
  | {
      ok: true;
      columns: string[];
      rows: SqlValue[][];
      elapsedMs?: number;
      /** Cells (row × column count + column) holding a whole-valued REAL (3.0); every other whole number is an INTEGER. */
      wholeRealCells?: number[];
    }
  | { ok: false; error: QueryError; elapsedMs?: number };

export interface QueryRunOptions {
  /** Wall-clock limit for the whole query. */
  timeoutMs: number;
  /** Rows kept before giving up with `too-many-rows`; defaults to DEFAULT_MAX_JUDGED_ROWS. */
  maxRows?: number;
}

/** What the judge needs from a database: run one query and hand back all of its rows. */
export interface QueryRunner {
  run(sql: string, options: QueryRunOptions): Promise<QueryOutcome>;
}

/** Spider and BIRD answers are small; a query past this is almost surely a runaway join, and keeping more risks the tab's memory. */
export const DEFAULT_MAX_JUDGED_ROWS = 1_000_000;

function toQueryOutcome(outcome: Outcome<ReadOnlyResult>): QueryOutcome {
  if (outcome.ok) {
    const { columns, rows, elapsedMs, wholeRealCells } = outcome;
    return wholeRealCells ? { ok: true, columns, rows, elapsedMs, wholeRealCells } : { ok: true, columns, rows, elapsedMs };
  }
  const kind = outcome.error.kind === "timeout" || outcome.error.kind === "too-many-rows" ? outcome.error.kind : "sql-error";
  return { ok: false, error: { kind, message: outcome.error.message } };
}

function judgeOptions(options: QueryRunOptions): ReadOnlyOptions {
  return { maxRows: options.maxRows ?? DEFAULT_MAX_JUDGED_ROWS, beyondMaxRows: "fail", timeoutMs: options.timeoutMs, markWholeReals: true };
}

/** The judge's runner over any read-only database (the engine in process, or the worker's service). */
export function queryRunnerFor(database: Pick<ReadOnlyDatabase, "executeReadOnly">): QueryRunner {
  return { run: async (sql, options) => toQueryOutcome(await database.executeReadOnly(sql, judgeOptions(options))) };
}

/** The judge's runner over an open sql.js database (the CLI's `ex`, the bench): the same executor, no engine needed. */
export function createSqlJsQueryRunner(database: Database): QueryRunner {
  return { run: async (sql, options) => toQueryOutcome(runReadOnlyQuery(database, sql, judgeOptions(options))) };
}
