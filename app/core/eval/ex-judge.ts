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
 * Gives each value a number that is equal for two values exactly when the official (Python) scripts
 * consider them equal: numbers by value, whatever their SQLite type, so 1 and 1.0 agree (and -0.0
 * equals 0.0); text never equals a number or a blob ('1' is not 1); NULL equals NULL (None == None).
 * Comparing small numbers instead of values keeps large results fast. sql.js hands INTEGER and REAL
 * both over as JS numbers, so integers past 2^53 are compared as the nearest double, where Python
 * would compare them exactly.
 */
class ValueIds {
  // Map keys compare by SameValueZero, so -0 and 0 share an id.
  private readonly numbers = new Map<number, number>();
  private readonly texts = new Map<string, number>();
  private readonly blobs = new Map<string, number>();
  /** 0 is NULL. */
  private nextId = 1;

  idOf(value: SqlValue): number {
    if (value === null) return 0;
    if (typeof value === "number") return this.intern(this.numbers, value);
    if (typeof value === "string") return this.intern(this.texts, value);
    let hex = "";
    for (const byte of value) hex += HEX_DIGITS[byte >> 4]! + HEX_DIGITS[byte & 15]!;
    return this.intern(this.blobs, hex);
  }

  private intern<K>(ids: Map<K, number>, key: K): number {
    let id = ids.get(key);
    if (id === undefined) {
      id = this.nextId++;
      ids.set(key, id);
    }
    return id;
  }
}

/** Value ids column by column: `columns[column][row]`. Computed once per result; every comparison below works on these. */
function idColumns(ids: ValueIds, columnCount: number, rows: SqlValue[][]): Int32Array[] {
  const columns: Int32Array[] = [];
  for (let column = 0; column < columnCount; column++) {
    const values = new Int32Array(rows.length);
    for (let row = 0; row < rows.length; row++) values[row] = ids.idOf(rows[row]![column] ?? null);
    columns.push(values);
  }
  return columns;
}

/** An id as two UTF-16 code units: fixed width, so keys joined from ids need no separator. */
function encodeId(id: number): string {
  return String.fromCharCode(id & 0xffff, id >>> 16);
}

/** Row keys with the columns taken in `order` (`order[goldColumn] = predictedColumn`). */
function rowKeys(columns: Int32Array[], rowCount: number, order: readonly number[]): string[] {
  const keys = new Array<string>(rowCount);
  for (let row = 0; row < rowCount; row++) {
    let key = "";
    for (const column of order) key += encodeId(columns[column]![row]!);
    keys[row] = key;
  }
  return keys;
}

/** Row keys of `prefix` (null for none) extended by one column. */
function extendKeys(prefix: string[] | null, column: Int32Array, rowCount: number): string[] {
  const keys = new Array<string>(rowCount);
  for (let row = 0; row < rowCount; row++) keys[row] = (prefix === null ? "" : prefix[row]!) + encodeId(column[row]!);
  return keys;
}

function countKeys(keys: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
}

/**
 * Multiset equality of `keys` against counts of a list of the same length. Uses the counts up unless
 * `restore` is set, in which case it puts back what it took: cheaper than copying the counts, since a
 * mismatch usually shows within the first rows.
 */
function sameMultiset(counts: Map<string, number>, keys: readonly string[], restore = false): boolean {
  let taken = 0;
  let equal = true;
  for (; taken < keys.length; taken++) {
    const key = keys[taken]!;
    const left = counts.get(key);
    if (!left) {
      equal = false;
      break;
    }
    counts.set(key, left - 1);
  }
  if (restore) for (let index = 0; index < taken; index++) counts.set(keys[index]!, counts.get(keys[index]!)! + 1);
  return equal;
}

function sameSequence(left: Int32Array, right: Int32Array): boolean {
  if (left.length !== right.length) return false;
  for (let index = 0; index < left.length; index++) if (left[index] !== right[index]) return false;
  return true;
}

/** Each row's values sorted: equal multisets of these is necessary for a match under any column order (the official `quick_rej`). */
function unorderedRowKeys(columns: Int32Array[], rowCount: number): string[] {
  const keys = new Array<string>(rowCount);
  const values = new Int32Array(columns.length);
  for (let row = 0; row < rowCount; row++) {
    // Insertion sort: rows are short, and a sort call per row costs more than the sorting.
    for (let column = 0; column < columns.length; column++) {
      const value = columns[column]![row]!;
      let position = column;
      while (position > 0 && values[position - 1]! > value) {
        values[position] = values[position - 1]!;
        position--;
      }
      values[position] = value;
    }
    let key = "";
    for (const id of values) key += encodeId(id);
    keys[row] = key;
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
function findColumnOrder(gold: Int32Array[], predicted: Int32Array[], rowCount: number, maxSteps: number): OrderSearch {
  const columnCount = gold.length;
  // compatible[g][p]: gold column g and predicted column p hold the same multiset of values (the
  // depth-one check), settled once on sorted copies, which costs no row keys.
  const sortedGold = gold.map((column) => column.slice().sort());
  const sortedPredicted = predicted.map((column) => column.slice().sort());
  const compatible = sortedGold.map((goldColumn) => sortedPredicted.map((column) => sameSequence(goldColumn, column)));

  // Counts of gold's partial rows (its first depth + 1 columns), built as the search first reaches each depth.
  const goldPrefixCounts: Map<string, number>[] = [];
  let goldPrefix: string[] | null = null;
  const goldCountsAt = (depth: number): Map<string, number> => {
    while (goldPrefixCounts.length <= depth) {
      const column = gold[goldPrefixCounts.length]!;
      const prefix: string[] | null = goldPrefix;
      const next = extendKeys(prefix, column, rowCount);
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
      if (used[candidate] || !compatible[depth]![candidate]) continue;
      let duplicateOfEarlierUnused = false;
      for (let earlier = 0; earlier < candidate && !duplicateOfEarlierUnused; earlier++) {
        duplicateOfEarlierUnused = !used[earlier] && sameContents(earlier, candidate);
      }
      if (duplicateOfEarlierUnused) continue;
      if (++steps > maxSteps) {
        gaveUp = true;
        return false;
      }
      // At depth 0 compatibility is the whole check, and its keys are only needed to go deeper.
      const next = columnCount === 1 ? null : extendKeys(prefix, predicted[candidate]!, rowCount);
      if (depth > 0 && !sameMultiset(goldCountsAt(depth), next!, true)) continue;
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
function findColumnOrderInSequence(gold: Int32Array[], predicted: Int32Array[]): number[] | null {
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
  const ids = new ValueIds();
  const goldIds = idColumns(ids, columnCount, gold.rows);
  const predictedIds = idColumns(ids, columnCount, predicted.rows);
  const identity = goldIds.map((_, index) => index);

  if (goldHasOrderBy) {
    const inSequence = findColumnOrderInSequence(goldIds, predictedIds);
    if (inSequence) return { match: true, reason: "match", detail: columnOrderDetail(inSequence) };
  } else if (sameMultiset(countKeys(rowKeys(goldIds, rowCount, identity)), rowKeys(predictedIds, rowCount, identity))) {
    // The usual case, the columns in gold's order, settled in one pass.
    return { match: true, reason: "match" };
  }

  const multisetMatch =
    columnCount === 1
      ? goldHasOrderBy && sameMultiset(countKeys(rowKeys(goldIds, rowCount, identity)), rowKeys(predictedIds, rowCount, identity))
        ? ({ found: true, order: [0] } as const)
        : ({ found: false, gaveUp: false } as const)
      : sameMultiset(countKeys(unorderedRowKeys(goldIds, rowCount)), unorderedRowKeys(predictedIds, rowCount))
        ? findColumnOrder(goldIds, predictedIds, rowCount, maxSteps)
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
  const ids = new ValueIds();
  const goldSet = new Set(rowKeys(idColumns(ids, columnCount, gold.rows), gold.rows.length, identity));
  const predictedSet = new Set(rowKeys(idColumns(ids, columnCount, predicted.rows), predicted.rows.length, identity));
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
