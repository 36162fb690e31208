// The points a chart draws from a result's rows and a spec: rows combined per x by the chosen aggregate, then
// bounded so tens of thousands of rows stay responsive (an SVG with 50,000 marks is not): a line or scatter keeps an
// even sample of its points, a bar chart its largest bars, and the result says so for the screen to show.
import type { SqlValue } from "../db/types";
import type { ColumnKind } from "./column-kinds";
import { isoDateMs } from "./column-kinds";
import type { Aggregate, ChartSpec } from "./chart-suggestion";

export interface ChartPoint {
  x: string | number | Date;
  y: number;
}

export interface ChartLimits {
  /** Points drawn at most by a line or a scatter. */
  maxPoints: number;
  /** Bars drawn at most: past this the labels no longer fit, so the largest are kept. */
  maxBars: number;
}

export const DEFAULT_CHART_LIMITS: ChartLimits = { maxPoints: 2_000, maxBars: 50 };

/** How the drawn points differ from all of them. */
export interface ChartReduction {
  shown: number;
  total: number;
  how: "sampled" | "largest";
}

export interface ChartData {
  points: ChartPoint[];
  /** How x is read: categories as labels, numbers on a linear scale, dates on a time scale. */
  xKind: "category" | "number" | "date";
  reduction: ChartReduction | null;
  /** The big value: y combined over all rows by the aggregate (the first row's when none); null without one. */
  value: number | null;
  /** Rows left out because x or y was NULL or not of the axis' kind. */
  skippedRows: number;
}

/** Reads x values of one kind; dates are parsed once per distinct text (a month column repeats the same few). */
function xReader(kind: ChartData["xKind"]): (value: SqlValue) => string | number | Date | null {
  const dates = new Map<string, Date | null>();
  return (value) => {
    if (value === null || value instanceof Uint8Array) return null;
    if (kind === "category") return String(value);
    if (kind === "number") return typeof value === "number" ? value : null;
    if (typeof value === "number") return new Date(Date.UTC(value, 0, 1)); // a year column
    let date = dates.get(value);
    if (date === undefined) {
      const ms = isoDateMs(value);
      dates.set(value, (date = ms === null ? null : new Date(ms)));
    }
    return date;
  };
}

class Accumulator {
  rows = 0;
  values = 0;
  sum = 0;
  min = Infinity;
  max = -Infinity;
  first: number | null = null;

  add(y: SqlValue): void {
    this.rows += 1;
    if (typeof y !== "number") return;
    this.values += 1;
    this.sum += y;
    this.min = Math.min(this.min, y);
    this.max = Math.max(this.max, y);
    if (this.first === null) this.first = y;
  }

  /** null when nothing was measured (all NULL), except count, which counts rows like count(*). */
  result(aggregate: Aggregate): number | null {
    if (aggregate === "count") return this.rows;
    if (this.values === 0) return null;
    switch (aggregate) {
      case "sum":
        return this.sum;
      case "avg":
        return this.sum / this.values;
      case "min":
        return this.min;
      case "max":
        return this.max;
      case "none":
        return this.first;
    }
  }
}

/** k indices spread evenly over 0…n-1, first and last included. */
export function evenSample<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  if (count <= 1) return items.slice(0, count);
  const picked: T[] = [];
  for (let index = 0; index < count; index += 1) picked.push(items[Math.round((index * (items.length - 1)) / (count - 1))]!);
  return picked;
}

function xKindOf(spec: ChartSpec, kinds: readonly ColumnKind[]): ChartData["xKind"] {
  const kind = spec.x === null ? "category" : kinds[spec.x];
  if (spec.type === "bar") return "category"; // bars are labels, whatever the column holds
  return kind === "number" || kind === "date" ? kind : "category";
}

function keyOf(x: string | number | Date): string | number {
  return x instanceof Date ? x.getTime() : x;
}

function bounded(points: ChartPoint[], spec: ChartSpec, limits: ChartLimits): { points: ChartPoint[]; reduction: ChartReduction | null } {
  if (spec.type === "bar" && points.length > limits.maxBars) {
    // The largest bars, in the result's own order (an ORDER BY still reads left to right).
    const largest = new Set([...points].sort((a, b) => Math.abs(b.y) - Math.abs(a.y)).slice(0, limits.maxBars));
    return { points: points.filter((point) => largest.has(point)), reduction: { shown: limits.maxBars, total: points.length, how: "largest" } };
  }
  if ((spec.type === "line" || spec.type === "scatter") && points.length > limits.maxPoints) {
    return { points: evenSample(points, limits.maxPoints), reduction: { shown: limits.maxPoints, total: points.length, how: "sampled" } };
  }
  return { points, reduction: null };
}

export function chartData(spec: ChartSpec, rows: readonly SqlValue[][], kinds: readonly ColumnKind[], limits: ChartLimits = DEFAULT_CHART_LIMITS): ChartData {
  const xKind = xKindOf(spec, kinds);
  const empty: ChartData = { points: [], xKind, reduction: null, value: null, skippedRows: 0 };
  if (spec.type === "table") return empty;
  const yOf = (row: SqlValue[]) => (spec.y === null ? null : (row[spec.y] ?? null));

  if (spec.type === "value") {
    const all = new Accumulator();
    for (const row of rows) all.add(yOf(row));
    return { ...empty, value: all.result(spec.aggregate) };
  }
  if (spec.x === null || (spec.y === null && spec.aggregate !== "count")) return empty;

  const xOf = xReader(xKind);
  let skippedRows = 0;
  let points: ChartPoint[] = [];
  if (spec.aggregate === "none") {
    for (const row of rows) {
      const x = xOf(row[spec.x] ?? null);
      const y = yOf(row);
      if (x === null || typeof y !== "number") skippedRows += 1;
      else points.push({ x, y });
    }
  } else {
    // Groups in order of first appearance: a Map keeps insertion order.
    const groups = new Map<string | number, { x: string | number | Date; accumulator: Accumulator }>();
    for (const row of rows) {
      const x = xOf(row[spec.x] ?? null);
      if (x === null) {
        skippedRows += 1;
        continue;
      }
      const key = keyOf(x);
      let group = groups.get(key);
      if (!group) groups.set(key, (group = { x, accumulator: new Accumulator() }));
      group.accumulator.add(yOf(row));
    }
    for (const { x, accumulator } of groups.values()) {
      const y = accumulator.result(spec.aggregate);
      if (y !== null) points.push({ x, y });
    }
  }
  // A line runs along its time or number axis; bars, a scatter and a line over labels keep the result's order.
  if (spec.type === "line" && xKind !== "category") points = points.sort((a, b) => Number(keyOf(a.x)) - Number(keyOf(b.x)));
  return { ...empty, ...bounded(points, spec, limits), skippedRows };
}
