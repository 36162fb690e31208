import { describe, expect, it } from "vitest";
import type { SqlValue } from "../db/types";
import { chartData, evenSample } from "./chart-data";
import { columnKinds } from "./column-kinds";
import type { Aggregate, ChartSpec } from "./chart-suggestion";

const sales: SqlValue[][] = [
  ["FR", 10],
  ["DE", 4],
  ["FR", 6],
  ["DE", null],
  ["IT", null],
  [null, 3],
];
const salesKinds = columnKinds(["country", "amount"], sales);
const bar = (aggregate: Aggregate): ChartSpec => ({ type: "bar", x: 0, y: 1, aggregate });

describe("chartData aggregation", () => {
  it("combines rows per x in order of first appearance", () => {
    const ys = (aggregate: Aggregate) => chartData(bar(aggregate), sales, salesKinds).points.map((point) => [point.x, point.y]);
    expect(ys("sum")).toEqual([
      ["FR", 16],
      ["DE", 4],
    ]);
    expect(ys("avg")).toEqual([
      ["FR", 8],
      ["DE", 4],
    ]);
    expect(ys("min")).toEqual([
      ["FR", 6],
      ["DE", 4],
    ]);
    expect(ys("max")).toEqual([
      ["FR", 10],
      ["DE", 4],
    ]);
    // count is count(*): rows, NULL values included; IT has only a NULL and still counts one row.
    expect(ys("count")).toEqual([
      ["FR", 2],
      ["DE", 2],
      ["IT", 1],
    ]);
  });

  it("without aggregation draws each row with both values and counts the rest as skipped", () => {
    const data = chartData(bar("none"), sales, salesKinds);
    expect(data.points).toHaveLength(3);
    expect(data.skippedRows).toBe(3);
  });

  it("a big value combines the whole column, or takes the first row", () => {
    const value = (aggregate: Aggregate) => chartData({ type: "value", x: null, y: 1, aggregate }, sales, salesKinds).value;
    expect(value("sum")).toBe(23);
    expect(value("count")).toBe(6);
    expect(value("none")).toBe(10);
    expect(value("max")).toBe(10);
  });

  it("reads dates and year numbers onto a time axis and sorts a line by it", () => {
    const rows: SqlValue[][] = [
      ["2024-03-01", 3],
      ["2024-01-01", 1],
      ["2024-02-01", 2],
    ];
    const data = chartData({ type: "line", x: 0, y: 1, aggregate: "none" }, rows, columnKinds(["day", "n"], rows));
    expect(data.xKind).toBe("date");
    expect(data.points.map((point) => point.y)).toEqual([1, 2, 3]);
    expect(data.points[0]!.x).toEqual(new Date(Date.UTC(2024, 0, 1)));
    const years: SqlValue[][] = [
      [2021, 5],
      [2020, 4],
    ];
    const byYear = chartData({ type: "line", x: 0, y: 1, aggregate: "none" }, years, columnKinds(["year", "n"], years));
    expect(byYear.points[0]!.x).toEqual(new Date(Date.UTC(2020, 0, 1)));
  });
});

describe("chartData bounds", () => {
  it("samples a scatter of 48,000 points down to the limit, evenly, and says so", () => {
    const rows: SqlValue[][] = Array.from({ length: 48_000 }, (_, index) => [index, index * 2]);
    const data = chartData({ type: "scatter", x: 0, y: 1, aggregate: "none" }, rows, columnKinds(["a", "b"], rows));
    expect(data.reduction).toEqual({ shown: 2_000, total: 48_000, how: "sampled" });
    expect(data.points).toHaveLength(2_000);
    expect(data.points[0]).toEqual({ x: 0, y: 0 });
    expect(data.points.at(-1)).toEqual({ x: 47_999, y: 95_998 });
  });

  it("aggregates before bounding: 48,000 rows over 12 months are 12 points, not a sample", () => {
    const rows: SqlValue[][] = Array.from({ length: 48_000 }, (_, index) => [`2024-${String((index % 12) + 1).padStart(2, "0")}`, 1]);
    const data = chartData({ type: "line", x: 0, y: 1, aggregate: "sum" }, rows, columnKinds(["month", "n"], rows));
    expect(data.reduction).toBeNull();
    expect(data.points).toHaveLength(12);
    expect(data.points.every((point) => point.y === 4_000)).toBe(true);
  });

  it("keeps the largest bars in the result's order", () => {
    const rows: SqlValue[][] = Array.from({ length: 60 }, (_, index) => [`c${index}`, index % 2 === 0 ? index : -index * 10]);
    const data = chartData(bar("none"), rows, columnKinds(["c", "v"], rows), { maxBars: 3, maxPoints: 10 });
    expect(data.points.map((point) => point.x)).toEqual(["c55", "c57", "c59"]);
    expect(data.reduction).toEqual({ shown: 3, total: 60, how: "largest" });
  });

  it("evenSample keeps both ends", () => {
    expect(evenSample([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 4)).toEqual([0, 3, 6, 9]);
    expect(evenSample([1, 2], 5)).toEqual([1, 2]);
  });
});
