// The one execution-accuracy (EX) judge: compares a predicted query's result with the gold one's, by Spider or BIRD rules.
import { z } from "zod";
import type { SqlValue } from "../db/types";
import type { QueryOutcome, QueryRunner } from "./query-runner";
import { applyOfficialSpiderRewrites, hasTopLevelOrderBy } from "./sql-text";

export { hasTopLevelOrderBy } from "./sql-text";

/**
 * - `spider`: test-suite-sql-eval's `result_eq` — rows as a multiset (duplicates count), row order only
 *   when the gold query sorts, predicted columns may come in any order.
 * - `bird`: BIRD's `calculate_ex` — `set(predicted) == set(gold)`: duplicates and row order ignored,
 *   columns compared in the order written.
 */
export type ExSemantics = "spider" | "bird";

export type JudgementReason =
  | "match"
  | "both-empty"
  | "different-rows"
  | "different-row-count"
  | "different-columns"
  | "different-order"
  | "prediction-error"
  | "prediction-timeout"
  | "gold-error";

export interface Judgement {
  match: boolean;
  reason: JudgementReason;
  /** What differed, in words, for the benchmark view and the CLI. */
  detail?: string;
}

export const judgementSchema: z.ZodType<Judgement> = z.object({
  match: z.boolean(),
  reason: z.enum([
    "match",
    "both-empty",
    "different-rows",
    "different-row-count",
    "different-columns",
    "different-order",
    "prediction-error",
    "prediction-timeout",
    "gold-error",
  ]),
  detail: z.string().optional(),
});

export interface JudgeExecutionOptions {
  semantics: ExSemantics;
  /** Spider only: the gold query sorts its result, so row order must match too. Defaults to false. */
  goldHasOrderBy?: boolean;
  /** Spider only: bound on the column orders tried when several predicted columns hold the same values. */
  maxColumnOrderSteps?: number;
}

export interface JudgeQueriesOptions extends JudgeExecutionOptions {
  /** Per query, gold and predicted each; defaults to DEFAULT_JUDGE_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Rows kept per query before it counts as failed; defaults to the runner's cap. */
  maxRows?: number;
  /**
   * Spider only: rewrite both queries as test-suite-sql-eval does by default (DISTINCT dropped,
   * `> =` joined, …) to reproduce official numbers. Off by default: the queries are judged as written.
   */
  officialSpiderRewrites?: boolean;
}

export const judgeQueriesOptionsSchema: z.ZodType<JudgeQueriesOptions> = z.object({
  semantics: z.enum(["spider", "bird"]),
  goldHasOrderBy: z.boolean().optional(),
  maxColumnOrderSteps: z.number().int().positive().optional(),
  timeoutMs: z.number().positive().optional(),
  maxRows: z.number().int().positive().optional(),
  officialSpiderRewrites: z.boolean().optional(),
});

/** The limit both official scripts use per query (BIRD's `meta_time_out`); long enough for honest queries on their databases. */
export const DEFAULT_JUDGE_TIMEOUT_MS = 30_000;

/**
 * Each step extends a partial column order by one column and checks the partial result against gold
 * (an O(rows) pass). Searches this long only happen when many columns hold the same multiset of values
 * in different arrangements; the official code would enumerate up to columns! orders there.
 */
export const DEFAULT_MAX_COLUMN_ORDER_STEPS = 2_000;

// ---------------------------------------------------------------------------------------------------
// Canonical value keys
// ---------------------------------------------------------------------------------------------------

const HEX_DIGITS = "0123456789abcdef";

/**
 * A string that is equal for two values exactly when the official (Python) scripts consider them
 * equal: numbers by value, whatever their SQLite type, so 1 and 1.0 agree (and -0.0 equals 0.0);
 * text never equals a number or a blob ('1' is not 1); NULL equals NULL (None == None).
 * sql.js hands INTEGER and REAL both over as JS numbers, so integers past 2^53 are compared as the
 * nearest double, where Python would compare them exactly.
 */
function valueKey(value: SqlValue): string {
  if (value === null) return "N";
  if (typeof value === "number") return String(value); // String(-0) is "0"; each double has one shortest form.
  if (typeof value === "string") return `s${value.length}:${value}`; // The length makes a joined row key unambiguous.
  let hex = "x";
  for (const byte of value) hex += HEX_DIGITS[byte >> 4]! + HEX_DIGITS[byte & 15]!;
  return hex;
}

/** Separates value keys in a row key; never the first character of a key, and strings carry their length. */
const SEPARATOR = "\u0001";

/** Value keys column by column: `keys[column][row]`. Computed once per result; every comparison below works on these. */
function keyColumns(columnCount: number, rows: SqlValue[][]): string[][] {
  const columns: string[][] = [];
  for (let column = 0; column < columnCount; column++) {
    const keys = new Array<string>(rows.length);
    for (let row = 0; row < rows.length; row++) keys[row] = valueKey(rows[row]![column] ?? null);
    columns.push(keys);
  }
  return columns;
}

/** Row keys with the predicted columns taken in `order` (`order[goldColumn] = predictedColumn`). */
function rowKeys(columns: string[][], rowCount: number, order: readonly number[]): string[] {
  if (order.length === 0) return new Array<string>(rowCount).fill("");
  const keys = columns[order[0]!]!.slice(0, rowCount);
  for (let position = 1; position < order.length; position++) {
    const column = columns[order[position]!]!;
    for (let row = 0; row < rowCount; row++) keys[row] = keys[row]! + SEPARATOR + column[row]!;
  }
  return keys;
}

function countKeys(keys: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
}

/**
 * Multiset equality of `keys` against counts of a list of the same length. Leaves `counts` untouched
 * unless `consume` is set, which spares a copy when the counts are not needed again.
 */
function sameMultiset(counts: Map<string, number>, keys: readonly string[], consume = false): boolean {
  const remaining = consume ? counts : new Map(counts);
  for (const key of keys) {
    const left = remaining.get(key);
    if (!left) return false;
    remaining.set(key, left - 1);
  }
  return true;
}

function sameSequence(left: readonly string[], right: readonly string[]): boolean {
  if (left.length !== right.length) return false;
  for (let index = 0; index < left.length; index++) if (left[index] !== right[index]) return false;
  return true;
}

/** Each row's values sorted and joined: equal multisets of these is necessary for a match under any column order (the official `quick_rej`). */
function unorderedRowKeys(columns: string[][], rowCount: number): string[] {
  const keys = new Array<string>(rowCount);
  const values = new Array<string>(columns.length);
  for (let row = 0; row < rowCount; row++) {
    for (let column = 0; column < columns.length; column++) values[column] = columns[column]![row]!;
    keys[row] = values.slice().sort().join(SEPARATOR);
  }
  return keys;
}

// ---------------------------------------------------------------------------------------------------
// Spider: multisets of rows, predicted columns in any order
// ---------------------------------------------------------------------------------------------------

type OrderSearch = { found: true; order: number[] } | { found: false; gaveUp: boolean };

/**
 * Finds an order of the predicted columns under which the rows equal gold's as multisets. A depth-first
 * search over gold columns: each partial order is checked by comparing the multiset of partial rows
 * (gold's first k columns against the chosen k predicted columns), which is necessary for a full match;
 * at depth one it is the official per-column value check, deeper ones prune far more. Predicted columns
 * with identical contents are interchangeable, so only the first unused of them is tried.
 */
function findColumnOrder(gold: string[][], predicted: string[][], rowCount: number, maxSteps: number): OrderSearch {
  const columnCount = gold.length;
  // Counts of gold's partial rows (its first depth + 1 columns), built as the search first reaches each depth.
  const goldPrefixCounts: Map<string, number>[] = [];
  let goldPrefix: string[] | null = null;
  const goldCountsAt = (depth: number): Map<string, number> => {
    while (goldPrefixCounts.length <= depth) {
      const column = gold[goldPrefixCounts.length]!;
      const prefix: string[] | null = goldPrefix;
      const next = prefix === null ? column.slice(0, rowCount) : prefix.map((key, row) => key + SEPARATOR + column[row]!);
      goldPrefixCounts.push(countKeys(next));
      goldPrefix = next;
    }
    return goldPrefixCounts[depth]!;
  };

  const identical = new Map<number, boolean>();
  const sameContents = (first: number, second: number): boolean => {
    const memoKey = first * columnCount + second;
    let known = identical.get(memoKey);
    if (known === undefined) {
      known = sameSequence(predicted[first]!, predicted[second]!);
      identical.set(memoKey, known);
    }
    return known;
  };

  const order: number[] = [];
  const used = new Array<boolean>(columnCount).fill(false);
  let steps = 0;
  let gaveUp = false;

  const extend = (prefix: string[] | null): boolean => {
    const depth = order.length;
    if (depth === columnCount) return true;
    for (let candidate = 0; candidate < columnCount; candidate++) {
      if (used[candidate]) continue;
      let duplicateOfEarlierUnused = false;
      for (let earlier = 0; earlier < candidate && !duplicateOfEarlierUnused; earlier++) {
        duplicateOfEarlierUnused = !used[earlier] && sameContents(earlier, candidate);
      }
      if (duplicateOfEarlierUnused) continue;
      if (++steps > maxSteps) {
        gaveUp = true;
        return false;
      }
      const column = predicted[candidate]!;
      const next: string[] = prefix === null ? column.slice(0, rowCount) : prefix.map((key, row) => key + SEPARATOR + column[row]!);
      if (!sameMultiset(goldCountsAt(depth), next)) continue;
      used[candidate] = true;
      order.push(candidate);
      if (extend(next)) return true;
      order.pop();
      used[candidate] = false;
      if (gaveUp) return false;
    }
    return false;
  };

  return extend(null) ? { found: true, order: order.slice() } : { found: false, gaveUp };
}

/**
 * An order of the predicted columns under which the rows equal gold's in sequence. Then every column
 * equals its gold column value by value, and "same contents" is an equivalence, so taking the first
 * unused identical column for each gold column finds an order whenever one exists.
 */
function findColumnOrderInSequence(gold: string[][], predicted: string[][]): number[] | null {
  const used = new Array<boolean>(predicted.length).fill(false);
  const order: number[] = [];
  for (const goldColumn of gold) {
    const match = predicted.findIndex((column, index) => !used[index] && sameSequence(goldColumn, column));
    if (match === -1) return null;
    used[match] = true;
    order.push(match);
  }
  return order;
}

function isIdentity(order: readonly number[]): boolean {
  return order.every((column, position) => column === position);
}

function columnOrderDetail(order: readonly number[]): string | undefined {
  if (isIdentity(order)) return undefined;
  return `The predicted columns match in a different order (gold column ${order.map((_, index) => index + 1).join(", ")} = predicted column ${order.map((column) => column + 1).join(", ")}).`;
}

function judgeSpider(
  gold: { columns: string[]; rows: SqlValue[][] },
  predicted: { columns: string[]; rows: SqlValue[][] },
  goldHasOrderBy: boolean,
  maxSteps: number,
): Judgement {
  const rowCount = gold.rows.length;
  const columnCount = gold.columns.length;
  // Rows without columns are all alike; the row counts, already equal, decide.
  if (columnCount === 0) return { match: true, reason: "match" };
  const goldKeys = keyColumns(columnCount, gold.rows);
  const predictedKeys = keyColumns(columnCount, predicted.rows);
  const identity = goldKeys.map((_, index) => index);

  if (goldHasOrderBy) {
    const inSequence = findColumnOrderInSequence(goldKeys, predictedKeys);
    if (inSequence) return { match: true, reason: "match", detail: columnOrderDetail(inSequence) };
  } else if (sameMultiset(countKeys(rowKeys(goldKeys, rowCount, identity)), rowKeys(predictedKeys, rowCount, identity), true)) {
    // The usual case, the columns in gold's order, settled in one pass.
    return { match: true, reason: "match" };
  }

  const multisetMatch =
    columnCount === 1
      ? goldHasOrderBy && sameMultiset(countKeys(goldKeys[0]!), predictedKeys[0]!, true)
        ? ({ found: true, order: [0] } as const)
        : ({ found: false, gaveUp: false } as const)
      : sameMultiset(countKeys(unorderedRowKeys(goldKeys, rowCount)), unorderedRowKeys(predictedKeys, rowCount), true)
        ? findColumnOrder(goldKeys, predictedKeys, rowCount, maxSteps)
        : ({ found: false, gaveUp: false } as const);

  if (multisetMatch.found) {
    if (!goldHasOrderBy) return { match: true, reason: "match", detail: columnOrderDetail(multisetMatch.order) };
    return {
      match: false,
      reason: "different-order",
      detail: "The rows are the same but in a different order, and the gold query sorts them (ORDER BY).",
    };
  }
  if (multisetMatch.gaveUp) {
    return {
      match: false,
      reason: "different-rows",
      detail: `No column order matched within ${maxSteps.toLocaleString("en-US")} steps: several predicted columns hold the same values, and the search stopped there.`,
    };
  }
  return {
    match: false,
    reason: "different-rows",
    detail: `Both have ${rowCount} ${rowCount === 1 ? "row" : "rows"}, but their values differ.`,
  };
}

// ---------------------------------------------------------------------------------------------------
// BIRD: sets of rows, columns in order
// ---------------------------------------------------------------------------------------------------

function judgeBird(gold: { columns: string[]; rows: SqlValue[][] }, predicted: { columns: string[]; rows: SqlValue[][] }): Judgement {
  const columnCount = gold.columns.length;
  const identity = Array.from({ length: columnCount }, (_, index) => index);
  const goldSet = new Set(rowKeys(keyColumns(columnCount, gold.rows), gold.rows.length, identity));
  const predictedSet = new Set(rowKeys(keyColumns(columnCount, predicted.rows), predicted.rows.length, identity));
  if (goldSet.size === predictedSet.size && [...goldSet].every((key) => predictedSet.has(key))) {
    return { match: true, reason: "match" };
  }
  return {
    match: false,
    reason: "different-rows",
    detail: `The distinct rows differ (gold has ${goldSet.size} distinct ${goldSet.size === 1 ? "row" : "rows"}, the prediction ${predictedSet.size}).`,
  };
}

// ---------------------------------------------------------------------------------------------------
// The judge
// ---------------------------------------------------------------------------------------------------

function goldError(message: string): Judgement {
  return { match: false, reason: "gold-error", detail: `The gold query failed: ${message}` };
}

function plural(count: number, word: string): string {
  return `${count.toLocaleString("en-US")} ${word}${count === 1 ? "" : "s"}`;
}

/**
 * Judges a predicted result against the gold one. Checks, in order: gold failed → `gold-error`;
 * prediction timed out → `prediction-timeout`, failed otherwise → `prediction-error`; both without rows
 * → `both-empty`, a match whatever the columns (both official scripts compare rows only, so two empty
 * results are equal); column counts differ → `different-columns`; then Spider compares row counts
 * (`different-row-count`), the rows as multisets under some order of the predicted columns
 * (`different-rows`) and, when the gold query sorts, the order (`different-order`); BIRD compares the
 * sets of rows, columns in order (`different-rows`).
 * Column names never matter, only values.
 */
export function judgeExecution(gold: QueryOutcome, predicted: QueryOutcome, options: JudgeExecutionOptions): Judgement {
  if (!gold.ok) return goldError(gold.error.message);
  if (!predicted.ok) {
    return predicted.error.kind === "timeout"
      ? { match: false, reason: "prediction-timeout", detail: predicted.error.message }
      : { match: false, reason: "prediction-error", detail: predicted.error.message };
  }
  if (gold.rows.length === 0 && predicted.rows.length === 0) {
    return { match: true, reason: "both-empty" };
  }
  if (gold.columns.length !== predicted.columns.length) {
    return {
      match: false,
      reason: "different-columns",
      detail: `Gold has ${plural(gold.columns.length, "column")}, the prediction ${predicted.columns.length}.`,
    };
  }
  if (options.semantics === "bird") return judgeBird(gold, predicted);
  if (gold.rows.length !== predicted.rows.length) {
    return {
      match: false,
      reason: "different-row-count",
      detail: `Gold has ${plural(gold.rows.length, "row")}, the prediction ${predicted.rows.length}.`,
    };
  }
  return judgeSpider(gold, predicted, options.goldHasOrderBy ?? false, options.maxColumnOrderSteps ?? DEFAULT_MAX_COLUMN_ORDER_STEPS);
}

/**
 * Runs the gold query, then the prediction, and judges them. When the gold query fails the prediction
 * is not run. Whether row order matters is read from the gold SQL (a top-level ORDER BY) unless
 * `goldHasOrderBy` is given.
 */
export async function judgeQueries(
  runner: QueryRunner,
  goldSql: string,
  predictedSql: string,
  options: JudgeQueriesOptions,
): Promise<Judgement> {
  const rewrite = options.semantics === "spider" && options.officialSpiderRewrites;
  const gold = rewrite ? applyOfficialSpiderRewrites(goldSql) : goldSql;
  const predicted = rewrite ? applyOfficialSpiderRewrites(predictedSql) : predictedSql;
  const runOptions = { timeoutMs: options.timeoutMs ?? DEFAULT_JUDGE_TIMEOUT_MS, maxRows: options.maxRows };
  const goldOutcome = await runner.run(gold, runOptions);
  if (!goldOutcome.ok) return goldError(goldOutcome.error.message);
  const predictedOutcome = await runner.run(predicted, runOptions);
  return judgeExecution(goldOutcome, predictedOutcome, {
    ...options,
    goldHasOrderBy: options.goldHasOrderBy ?? hasTopLevelOrderBy(gold),
  });
}
