// Which chart suits a result, from its column kinds: category + number → bar, date/time + number → line, two
// numbers → scatter, one number in one row → a big value, anything else → the table. The person can change every
// part of the choice; this only picks where the chart starts.
import type { SqlValue } from "../db/types";
import { columnKinds, type ColumnKind } from "./column-kinds";

export const CHART_TYPES = ["bar", "line", "scatter", "value", "table"] as const;
export type ChartType = (typeof CHART_TYPES)[number];

export const AGGREGATES = ["none", "sum", "avg", "count", "min", "max"] as const;
export type Aggregate = (typeof AGGREGATES)[number];

export interface ChartSpec {
  type: ChartType;
  /** Column index on the x axis (the bars' categories, the line's time); null for a big value or the table. */
  x: number | null;
  /** Column index of the measured value; null for the table, or for count (which needs no value column). */
  y: number | null;
  /** How rows with the same x become one point; "none" draws every row. */
  aggregate: Aggregate;
}

export const TABLE_SPEC: ChartSpec = { type: "table", x: null, y: null, aggregate: "none" };

function firstOf(kinds: readonly ColumnKind[], kind: ColumnKind, except?: number): number {
  return kinds.findIndex((candidate, index) => candidate === kind && index !== except);
}

/** "sum" when some x repeats (the rows must be combined to draw one bar or point per x), else every row as it is. */
function aggregateFor(rows: readonly SqlValue[][], x: number): Aggregate {
  const seen = new Set<SqlValue>();
  for (const row of rows) {
    const value = row[x] ?? null;
    if (seen.has(value)) return "sum";
    seen.add(value);
  }
  return "none";
}

export function suggestChart(columns: readonly string[], rows: readonly SqlValue[][], kinds: readonly ColumnKind[] = columnKinds(columns, rows)): ChartSpec {
  if (rows.length === 0) return TABLE_SPEC;
  const number = firstOf(kinds, "number");
  if (number === -1) return TABLE_SPEC;
  // One row is a figure to read (SELECT count(*), avg(price) …), not a single bar or a one-point scatter.
  if (rows.length === 1) return { type: "value", x: null, y: number, aggregate: "none" };
  const date = firstOf(kinds, "date");
  if (date !== -1) return { type: "line", x: date, y: number, aggregate: aggregateFor(rows, date) };
  const category = firstOf(kinds, "category");
  if (category !== -1) return { type: "bar", x: category, y: number, aggregate: aggregateFor(rows, category) };
  const secondNumber = firstOf(kinds, "number", number);
  if (secondNumber !== -1) return { type: "scatter", x: number, y: secondNumber, aggregate: "none" };
  return TABLE_SPEC;
}

/** Whether the type needs an x column, a y column (count needs none: it counts rows). */
export function needsX(type: ChartType): boolean {
  return type === "bar" || type === "line" || type === "scatter";
}

export function needsY(spec: Pick<ChartSpec, "type" | "aggregate">): boolean {
  return spec.type !== "table" && spec.aggregate !== "count";
}

/**
 * The spec after the person changes its type: the columns kept where they still fit, otherwise the first that
 * fits the new type, so a switch never leaves an axis empty.
 */
export function withType(spec: ChartSpec, type: ChartType, kinds: readonly ColumnKind[]): ChartSpec {
  if (type === "table") return { ...TABLE_SPEC };
  const numbers = kinds.flatMap((kind, index) => (kind === "number" ? [index] : []));
  const y = spec.y !== null && kinds[spec.y] === "number" ? spec.y : (numbers[0] ?? null);
  if (type === "value") return { type, x: null, y, aggregate: spec.aggregate };
  const usable = (index: number) => (type === "scatter" ? kinds[index] === "number" : kinds[index] !== "other");
  let x = spec.x !== null && usable(spec.x) ? spec.x : null;
  if (x === null) {
    const preferred = type === "line" ? "date" : type === "bar" ? "category" : "number";
    x = kinds.findIndex((kind, index) => kind === preferred && index !== y);
    if (x === -1) x = kinds.findIndex((_kind, index) => usable(index) && index !== y);
    if (x === -1) x = null;
  }
  return { type, x, y, aggregate: type === "scatter" ? "none" : spec.aggregate };
}
