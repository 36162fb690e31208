// Runs one read-only query to completion for the EX judge, with a time limit and a row cap; the sql.js implementation serves Node and the worker.
import type { Database, Statement } from "sql.js";
import { z } from "zod";
import { sqlValueSchema, type SqlValue } from "../db/types";
import { hasSqlContent } from "./sql-text";

export type QueryErrorKind = "sql-error" | "timeout" | "too-many-rows";

/** Why a query gave no result: SQLite refused it, it ran past the time limit, or it returned more rows than the judge keeps. */
export interface QueryError {
  kind: QueryErrorKind;
  message: string;
}

export const queryErrorSchema: z.ZodType<QueryError> = z.object({
  kind: z.enum(["sql-error", "timeout", "too-many-rows"]),
  message: z.string(),
});

/** A query's full result (every row, in the order SQLite produced them), or why there is none. */
export type QueryOutcome =
  | { ok: true; columns: string[]; rows: SqlValue[][]; elapsedMs?: number }
  | { ok: false; error: QueryError; elapsedMs?: number };

export const queryOutcomeSchema: z.ZodType<QueryOutcome> = z.discriminatedUnion("ok", [
  z.object({
    ok: z.literal(true),
    columns: z.array(z.string()),
    rows: z.array(z.array(sqlValueSchema)),
    elapsedMs: z.number().optional(),
  }),
  z.object({ ok: z.literal(false), error: queryErrorSchema, elapsedMs: z.number().optional() }),
]);

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

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function readQueryOnly(database: Database): boolean {
  return Number(database.exec("PRAGMA query_only")[0]?.values[0]?.[0] ?? 0) !== 0;
}

/**
 * A QueryRunner over an open sql.js database. Queries cannot change it: `PRAGMA query_only` is on while
 * one runs (restored afterwards), and a statement that returns no columns (BEGIN, ATTACH, PRAGMA x = y…)
 * is refused before it runs, since it is not a query and could change the connection's state.
 * Exactly one statement is accepted (a trailing `;` or comment is fine), as Python's sqlite3 `execute`,
 * which the official Spider and BIRD scripts use, also insists.
 *
 * The time limit is checked between rows: sql.js offers no way to interrupt a statement, so a query
 * that spends long inside a single step (a huge sort or aggregate before its first row) runs to the end
 * of that step however long it takes. The browser therefore also runs the judge in a worker it can
 * terminate; in Node a runaway step blocks the process.
 *
 * The run is synchronous inside the returned promise, so no other call on the same database can
 * interleave with it while the pragma is switched.
 */
export function createSqlJsQueryRunner(database: Database): QueryRunner {
  return {
    async run(sql: string, options: QueryRunOptions): Promise<QueryOutcome> {
      const started = performance.now();
      const maxRows = options.maxRows ?? DEFAULT_MAX_JUDGED_ROWS;
      const failed = (kind: QueryErrorKind, message: string): QueryOutcome => ({
        ok: false,
        error: { kind, message },
        elapsedMs: performance.now() - started,
      });

      const wasQueryOnly = readQueryOnly(database);
      if (!wasQueryOnly) database.exec("PRAGMA query_only = 1");
      let statement: Statement | undefined;
      try {
        const iterator = database.iterateStatements(sql);
        try {
          const first = iterator.next();
          if (first.done) return failed("sql-error", "The query is empty: there is no SQL statement to run.");
          statement = first.value;
          // Not iterator.next(): sql.js frees the current statement when the iterator moves on.
          if (hasSqlContent(iterator.getRemainingSQL())) {
            return failed("sql-error", "Only one statement can be judged; remove the statements after the first `;`.");
          }
        } catch (error) {
          return failed("sql-error", errorMessage(error));
        }

        const columns = statement.getColumnNames();
        if (columns.length === 0) {
          return failed("sql-error", "The statement returns no columns, so it is not a query whose result can be judged.");
        }
        const rows: SqlValue[][] = [];
        try {
          while (statement.step()) {
            if (rows.length >= maxRows) {
              return failed("too-many-rows", `The query returns more than ${maxRows.toLocaleString("en-US")} rows; the judge stops there.`);
            }
            rows.push(statement.get() as SqlValue[]);
            if (performance.now() - started > options.timeoutMs) {
              return failed("timeout", `The query ran longer than ${options.timeoutMs} ms and was stopped.`);
            }
          }
        } catch (error) {
          return failed("sql-error", errorMessage(error));
        }
        // A single step may itself have run past the limit; the answer is complete, but the limit still applies.
        if (performance.now() - started > options.timeoutMs) {
          return failed("timeout", `The query ran longer than ${options.timeoutMs} ms.`);
        }
        return { ok: true, columns, rows, elapsedMs: performance.now() - started };
      } finally {
        statement?.free();
        if (!wasQueryOnly) database.exec("PRAGMA query_only = 0");
      }
    },
  };
}
