// The one execution-accuracy (EX) judge: compares a predicted query's result with the gold one's, by Spider or BIRD rules.
import { z } from "zod";
import type { SqlValue } from "../db/types";
import type { QueryOutcome, QueryRunner, QueryRunOptions } from "./query-runner";
import { compareCodePoints, pythonSortKey } from "./python-values";
import { hasSqlContent, officialSpiderQueries, textAfterFirstStatement } from "./sql-text";

export { hasTopLevelOrderBy } from "./sql-text";
export type { QueryError, QueryOutcome, QueryRunner } from "./query-runner";

/**
 * - `spider`: test-suite-sql-eval (taoyds/test-suite-sql-eval, exec_eval.py `eval_exec_match` and `result_eq`) — the
 *   texts rewritten as it does (DISTINCT dropped unless kept, see officialSpiderQueries), rows as a multiset
 *   (duplicates count), row order only when the gold text says "order by", predicted columns in any order.
 * - `bird`: BIRD's `calculate_ex` (bird-bench/mini_dev evaluation/evaluation_ex.py) — `set(predicted) == set(gold)`:
 *   the queries as written, duplicates and row order ignored, columns compared in the order written.
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
   * Spider only: keep DISTINCT, as test-suite-sql-eval's `--keep_distinct` does. By default both queries lose it
   * before they run, as in the official numbers; its other rewrites always apply.
   */
  keepDistinct?: boolean;
}

export const judgeQueriesOptionsSchema: z.ZodType<JudgeQueriesOptions> = z.object({
  semantics: z.enum(["spider", "bird"]),
  goldHasOrderBy: z.boolean().optional(),
  maxColumnOrderSteps: z.number().int().positive().optional(),
  timeoutMs: z.number().positive().optional(),
  maxRows: z.number().int().positive().optional(),
  keepDistinct: z.boolean().optional(),
});

/** Per query: BIRD's `meta_time_out` (test-suite-sql-eval allows 60 s); ample for honest queries on benchmark databases. */
export const DEFAULT_JUDGE_TIMEOUT_MS = 30_000;

/**
 * Each step extends a partial column order by one column and checks the partial result against gold
 * (an O(rows) pass). Searches this long only happen when many columns hold the same multiset of values
 * in different arrangements; the official code would enumerate up to columns! orders there.
 */
export const DEFAULT_MAX_COLUMN_ORDER_STEPS = 2_000;

// ---------------------------------------------------------------------------------------------------
// Values as ids, rows as tuples of ids
// ---------------------------------------------------------------------------------------------------

const HEX_DIGITS = "0123456789abcdef";
const SMALL_INTEGER_LIMIT = 2 ** 29;
/** Maps [-2^29, 2^29] onto [-3·2^29, -2^29]: inside Int32, below NULL's 0 and the interned ids counting up from 1. */
const SMALL_INTEGER_OFFSET = 2 ** 30;

/**
 * Gives each value a number that is equal for two values exactly when the official (Python) scripts
 * consider them equal: numbers by value, whatever their SQLite type, so 1 and 1.0 agree (and -0.0
 * equals 0.0); text never equals a number or a blob ('1' is not 1); NULL equals NULL (None == None).
 * Everything after works on these numbers, which keeps large results fast and free of per-row strings.
 * sql.js hands INTEGER and REAL both over as JS numbers, so integers past 2^53 are compared as the
 * nearest double, where Python would compare them exactly.
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
    if (typeof value === "number") {
      // Small whole numbers (most values in benchmark answers) get their id without a lookup, in a
      // negative range interned ids never reach; -0 lands on 0's id.
      if (Number.isInteger(value) && value >= -SMALL_INTEGER_LIMIT && value <= SMALL_INTEGER_LIMIT) return value - SMALL_INTEGER_OFFSET;
      return this.intern(this.numbers, value);
    }
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

/** Value ids column by column: `columns[column][row]`. Built once per result. */
function idColumns(ids: ValueIds, columnCount: number, rows: SqlValue[][]): Int32Array[] {
  const columns = Array.from({ length: columnCount }, () => new Int32Array(rows.length));
  // Row by row, the way the values lie in memory.
  for (let row = 0; row < rows.length; row++) {
    const values = rows[row]!;
    for (let column = 0; column < columnCount; column++) columns[column]![row] = ids.idOf(values[column] ?? null);
  }
  return columns;
}

function rangeOf(length: number): number[] {
  return Array.from({ length }, (_, index) => index);
}

/**
 * The rows of a result (its columns taken in `order`) as a multiset, in an open-addressing hash table
 * over the id tuples. Checking another result against it is one hashing pass with no allocation per row.
 */
class RowMultiset {
  private readonly mask: number;
  /** Per slot: the first row with that tuple, or -1 for an empty slot. */
  private readonly slotRow: Int32Array;
  private readonly slotCount: Int32Array;
  readonly distinctRows: number;

  constructor(
    private readonly columns: Int32Array[],
    private readonly order: readonly number[],
    rowCount: number,
  ) {
    let capacity = 16;
    while (capacity < rowCount * 2) capacity *= 2;
    this.mask = capacity - 1;
    this.slotRow = new Int32Array(capacity).fill(-1);
    this.slotCount = new Int32Array(capacity);
    let distinct = 0;
    for (let row = 0; row < rowCount; row++) {
      let slot = hashRow(columns, order, row) & this.mask;
      for (;;) {
        const existing = this.slotRow[slot]!;
        if (existing === -1) {
          this.slotRow[slot] = row;
          this.slotCount[slot] = 1;
          distinct++;
          break;
        }
        if (sameRow(columns, order, existing, columns, order, row)) {
          this.slotCount[slot]!++;
          break;
        }
        slot = (slot + 1) & this.mask;
      }
    }
    this.distinctRows = distinct;
  }

  /** The slot holding `row` of `columns` (read in `order`), or -1 when this multiset has no such row. */
  private find(columns: Int32Array[], order: readonly number[], row: number): number {
    let slot = hashRow(columns, order, row) & this.mask;
    for (;;) {
      const existing = this.slotRow[slot]!;
      if (existing === -1) return -1;
      if (sameRow(this.columns, this.order, existing, columns, order, row)) return slot;
      slot = (slot + 1) & this.mask;
    }
  }

  /** Multiset equality with `rowCount` rows of `columns` read in `order` (this one's row count must be the same). */
  equalsMultiset(columns: Int32Array[], order: readonly number[], rowCount: number): boolean {
    const remaining = this.slotCount.slice();
    for (let row = 0; row < rowCount; row++) {
      const slot = this.find(columns, order, row);
      if (slot === -1 || remaining[slot]-- === 0) return false;
    }
    return true;
  }

  /** Set equality (duplicates ignored) with `rowCount` rows of `columns` read in `order`. */
  equalsSet(columns: Int32Array[], order: readonly number[], rowCount: number): boolean {
    const seen = new Uint8Array(this.slotRow.length);
    let seenDistinct = 0;
    for (let row = 0; row < rowCount; row++) {
      const slot = this.find(columns, order, row);
      if (slot === -1) return false;
      if (seen[slot] === 0) {
        seen[slot] = 1;
        seenDistinct++;
      }
    }
    return seenDistinct === this.distinctRows;
  }
}

function hashRow(columns: Int32Array[], order: readonly number[], row: number): number {
  let hash = 0x811c9dc5;
  for (const column of order) hash = Math.imul(hash ^ columns[column]![row]!, 0x01000193);
  // A final mix so that the low bits, which pick the slot, depend on every id.
  hash ^= hash >>> 15;
  hash = Math.imul(hash, 0x2c1b3c6d);
  return (hash ^ (hash >>> 12)) >>> 0;
}

function sameRow(
  leftColumns: Int32Array[],
  leftOrder: readonly number[],
  leftRow: number,
  rightColumns: Int32Array[],
  rightOrder: readonly number[],
  rightRow: number,
): boolean {
  for (let position = 0; position < leftOrder.length; position++) {
    if (leftColumns[leftOrder[position]!]![leftRow] !== rightColumns[rightOrder[position]!]![rightRow]) return false;
  }
  return true;
}

function sameSequence(left: Int32Array, right: Int32Array): boolean {
  if (left.length !== right.length) return false;
  for (let index = 0; index < left.length; index++) if (left[index] !== right[index]) return false;
  return true;
}

/**
 * Each row's ids sorted, as columns (`result[k][row]` is the row's k-th smallest id). Equal multisets of
 * these rows is necessary for a match under any column order: the official `quick_rej`, done as multisets.
 */
function sortedWithinRows(columns: Int32Array[], rowCount: number): Int32Array[] {
  const sorted = columns.map(() => new Int32Array(rowCount));
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
    for (let column = 0; column < columns.length; column++) sorted[column]![row] = values[column]!;
  }
  return sorted;
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
  // depth-one check), settled once on sorted copies.
  const sortedGold = gold.map((column) => column.slice().sort());
  const sortedPredicted = predicted.map((column) => column.slice().sort());
  const compatible = sortedGold.map((goldColumn) => sortedPredicted.map((column) => sameSequence(goldColumn, column)));
  // Gold's partial rows (its first depth + 1 columns), built as the search first reaches each depth.
  const goldPrefixes: RowMultiset[] = [];
  const goldPrefix = (depth: number): RowMultiset => (goldPrefixes[depth] ??= new RowMultiset(gold, rangeOf(depth + 1), rowCount));

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

  const extend = (): boolean => {
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
      order.push(candidate);
      // At depth 0 compatibility is the whole check.
      if (depth === 0 || goldPrefix(depth).equalsMultiset(predicted, order, rowCount)) {
        used[candidate] = true;
        if (extend()) return true;
        used[candidate] = false;
      }
      order.pop();
      if (gaveUp) return false;
    }
    return false;
  };

  return extend() ? { found: true, order: order.slice() } : { found: false, gaveUp };
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

function columnOrderDetail(order: readonly number[]): string | undefined {
  if (order.every((column, position) => column === position)) return undefined;
  return `The predicted columns match in a different order (gold column ${order.map((_, index) => index + 1).join(", ")} = predicted column ${order.map((column) => column + 1).join(", ")}).`;
}

interface Rows {
  columns: string[];
  rows: SqlValue[][];
}

/** Rows with the cells that hold whole-valued REALs (QueryOutcome's `wholeRealCells`). */
interface JudgedRows extends Rows {
  wholeRealCells?: number[];
}

/** The multiset match, ignoring row order: the identity order first (the usual case), then a search. */
function matchAsMultiset(gold: Int32Array[], predicted: Int32Array[], rowCount: number, maxSteps: number): OrderSearch {
  const identity = rangeOf(gold.length);
  if (new RowMultiset(gold, identity, rowCount).equalsMultiset(predicted, identity, rowCount)) return { found: true, order: identity };
  if (gold.length === 1) return { found: false, gaveUp: false };
  const goldSorted = sortedWithinRows(gold, rowCount);
  if (!new RowMultiset(goldSorted, identity, rowCount).equalsMultiset(sortedWithinRows(predicted, rowCount), identity, rowCount)) {
    return { found: false, gaveUp: false };
  }
  return findColumnOrder(gold, predicted, rowCount, maxSteps);
}

function judgeSpider(gold: JudgedRows, predicted: JudgedRows, goldHasOrderBy: boolean, maxSteps: number): Judgement {
  const rowCount = gold.rows.length;
  const columnCount = gold.columns.length;
  // Rows without columns are all alike; the row counts, already equal, decide.
  if (columnCount === 0) return { match: true, reason: "match" };
  const ids = new ValueIds();
  const goldIds = idColumns(ids, columnCount, gold.rows);
  const predictedIds = idColumns(ids, columnCount, predicted.rows);

  // The official quick_rej can only turn a match down, and only when some number is written two ways in Python.
  const officialMatch = (order: number[]): Judgement =>
    hasNumberInTwoForms([gold, predicted], [goldIds, predictedIds]) && !passesQuickRej(gold, goldIds, predicted, predictedIds, goldHasOrderBy)
      ? { match: false, reason: "different-rows", detail: QUICK_REJECTION_DETAIL }
      : { match: true, reason: "match", detail: columnOrderDetail(order) };
  if (goldHasOrderBy) {
    const inSequence = findColumnOrderInSequence(goldIds, predictedIds);
    if (inSequence) return officialMatch(inSequence);
  }
  const multiset = matchAsMultiset(goldIds, predictedIds, rowCount, maxSteps);
  if (multiset.found) {
    if (!goldHasOrderBy) return officialMatch(multiset.order);
    return {
      match: false,
      reason: "different-order",
      detail: "The rows are the same but in a different order, and the gold query sorts them (ORDER BY).",
    };
  }
  if (multiset.gaveUp) {
    return {
      match: false,
      reason: "different-rows",
      detail: `No column order matched within ${maxSteps.toLocaleString("en-US")} steps: several predicted columns hold the same values, and the search stopped there.`,
    };
  }
  return {
    match: false,
    reason: "different-rows",
    detail: `Both have ${plural(rowCount, "row")}, but their values differ.`,
  };
}

// ---------------------------------------------------------------------------------------------------
// Spider's quick_rej: where Python's view of a number differs from its value
// ---------------------------------------------------------------------------------------------------

const QUICK_REJECTION_DETAIL =
  "The values match under a column order, but the official script rejects them first (quick_rej): it sorts each row's values by their Python text and type, and a number here is an INTEGER on one side and a REAL on the other (3 and 3.0, or 0.0 and -0.0), so the rows sort differently.";

const INTEGER_FORM = 1;
const REAL_FORM = 2;
const NEGATIVE_ZERO_FORM = 3;

/**
 * True when one number (one id) appears as an INTEGER and a whole REAL, or as 0 and -0.0: equal in Python, but
 * `str(x) + str(type(x))` differs, so quick_rej may sort their rows differently. Only whole numbers can; without
 * whole REALs every whole number is an INTEGER and no number has two forms.
 */
function hasNumberInTwoForms(results: JudgedRows[], idsByResult: Int32Array[][]): boolean {
  if (results.every((result) => !result.wholeRealCells?.length)) return false;
  const formById = new Map<number, number>();
  for (const [index, result] of results.entries()) {
    const ids = idsByResult[index]!;
    const reals = new Set(result.wholeRealCells);
    for (let row = 0; row < result.rows.length; row++) {
      const values = result.rows[row]!;
      for (let column = 0; column < ids.length; column++) {
        const value = values[column];
        if (typeof value !== "number" || !Number.isInteger(value)) continue;
        const form = Object.is(value, -0) ? NEGATIVE_ZERO_FORM : reals.has(row * ids.length + column) ? REAL_FORM : INTEGER_FORM;
        const id = ids[column]![row]!;
        const seen = formById.get(id);
        if (seen === undefined) formById.set(id, form);
        else if (seen !== form) return true;
      }
    }
  }
  return false;
}

/** Each row's value ids, sorted by the Python key `unorder_row` uses, as one string per row. */
function unorderedRows(result: JudgedRows, ids: Int32Array[]): string[] {
  const reals = new Set(result.wholeRealCells);
  return result.rows.map((values, row) =>
    ids
      .map((column, index) => ({ key: pythonSortKey(values[index] ?? null, reals.has(row * ids.length + index)), id: column[row]! }))
      .sort((left, right) => compareCodePoints(left.key, right.key))
      .map((cell) => cell.id)
      .join(","),
  );
}

/** test-suite-sql-eval's `quick_rej`: the unordered rows equal as lists when order matters, else as sets. */
function passesQuickRej(gold: JudgedRows, goldIds: Int32Array[], predicted: JudgedRows, predictedIds: Int32Array[], orderMatters: boolean): boolean {
  const goldRows = unorderedRows(gold, goldIds);
  const predictedRows = unorderedRows(predicted, predictedIds);
  if (orderMatters) return goldRows.length === predictedRows.length && goldRows.every((row, index) => row === predictedRows[index]);
  const goldSet = new Set(goldRows);
  const predictedSet = new Set(predictedRows);
  return goldSet.size === predictedSet.size && [...goldSet].every((row) => predictedSet.has(row));
}

// ---------------------------------------------------------------------------------------------------
// BIRD: sets of rows, columns in order
// ---------------------------------------------------------------------------------------------------

function judgeBird(gold: Rows, predicted: Rows): Judgement {
  const columnCount = gold.columns.length;
  const identity = rangeOf(columnCount);
  const ids = new ValueIds();
  const goldIds = idColumns(ids, columnCount, gold.rows);
  const predictedIds = idColumns(ids, columnCount, predicted.rows);
  const goldSet = new RowMultiset(goldIds, identity, gold.rows.length);
  if (goldSet.equalsSet(predictedIds, identity, predicted.rows.length)) return { match: true, reason: "match" };
  const predictedDistinct = new RowMultiset(predictedIds, identity, predicted.rows.length).distinctRows;
  return {
    match: false,
    reason: "different-rows",
    detail: `The distinct rows differ (gold has ${plural(goldSet.distinctRows, "distinct row")}, the prediction ${predictedDistinct}).`,
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
 * (`different-rows`; also when only the official quick_rej, which sorts each row's values by their Python
 * text and type, tells an INTEGER 3 from a REAL 3.0 — see QueryOutcome's `wholeRealCells`) and, when the gold
 * query sorts, the order (`different-order`); BIRD compares the sets of rows, columns in order (`different-rows`).
 * Column names never matter, only values. Agrees with the official code on every verdict, except where a search
 * over column orders stops at `maxColumnOrderSteps` (the official code would try every order) and with integers
 * past 2^53, which sql.js hands over as the nearest double.
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
 * Runs a text as Python's sqlite3 `cursor.execute` + `fetchall()` would, for both official scripts: a text without a
 * statement gives no rows (no error), and anything after the first statement but spaces and comments is refused.
 */
async function runAsPythonSqlite3(runner: QueryRunner, sql: string, options: QueryRunOptions): Promise<QueryOutcome> {
  if (!hasSqlContent(sql)) return { ok: true, columns: [], rows: [] };
  if (textAfterFirstStatement(sql) !== "") {
    return {
      ok: false,
      error: { kind: "sql-error", message: "You can only execute one statement at a time (Python's sqlite3, as the official scripts run it)." },
    };
  }
  return runner.run(sql, options);
}

/**
 * Runs the gold query, then the prediction, and judges them. When the gold query fails the prediction
 * is not run. Spider: both texts rewritten as test-suite-sql-eval does (officialSpiderQueries), and row order
 * matters when the rewritten gold text contains "order by" (unless `goldHasOrderBy` is given). BIRD: the
 * queries run as written.
 */
export async function judgeQueries(runner: QueryRunner, goldSql: string, predictedSql: string, options: JudgeQueriesOptions): Promise<Judgement> {
  const official = options.semantics === "spider" ? officialSpiderQueries(goldSql, predictedSql, { keepDistinct: options.keepDistinct ?? false }) : null;
  const gold = official?.gold ?? goldSql;
  const predicted = official?.predicted ?? predictedSql;
  // remove_distinct's sqlparse.parse(s)[0] raises IndexError on a blank text, which stops the official script.
  if (official && !options.keepDistinct && gold === "") return goldError("it is empty (the official script stops there).");
  if (official && !options.keepDistinct && predicted === "") {
    return { match: false, reason: "prediction-error", detail: "The prediction is empty (the official script stops there)." };
  }
  const runOptions = { timeoutMs: options.timeoutMs ?? DEFAULT_JUDGE_TIMEOUT_MS, maxRows: options.maxRows };
  const goldOutcome = await runAsPythonSqlite3(runner, gold, runOptions);
  if (!goldOutcome.ok) return goldError(goldOutcome.error.message);
  const predictedOutcome = await runAsPythonSqlite3(runner, predicted, runOptions);
  return judgeExecution(goldOutcome, predictedOutcome, {
    ...options,
    goldHasOrderBy: options.goldHasOrderBy ?? official?.orderMatters ?? false,
  });
}
