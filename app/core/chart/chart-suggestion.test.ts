import { describe, expect, it } from "vitest";
import { columnKind, columnKinds, isoDateMs } from "./column-kinds";
import { suggestChart, withType } from "./chart-suggestion";

describe("columnKind", () => {
  it("reads numbers, ISO dates, text and blobs, ignoring NULL", () => {
    expect(columnKind("n", [1, 2.5, null])).toBe("number");
    expect(columnKind("d", ["2024-01-05", null, "2024-02"])).toBe("date");
    expect(columnKind("t", ["2024-01-05 10:30:00", "2024-01-05T11:00:00Z"])).toBe("date");
    expect(columnKind("name", ["Fiction", "Poetry"])).toBe("category");
    expect(columnKind("mixed", ["a", 3])).toBe("category");
    expect(columnKind("b", [new Uint8Array([1])])).toBe("other");
    expect(columnKind("empty", [null, null])).toBe("other");
  });

  it("takes four-digit integers as time only in a column named like a year", () => {
    expect(columnKind("year", [2019, 2020])).toBe("date");
    expect(columnKind("release_year", [2019, 2020])).toBe("date");
    expect(columnKind("price", [2019, 2020])).toBe("number");
    expect(columnKind("year", [2019, 20.5])).toBe("number");
  });

  it("parses SQLite's date forms as UTC", () => {
    expect(isoDateMs("2024-03")).toBe(Date.UTC(2024, 2, 1));
    expect(isoDateMs("2024-03-05 10:00:00")).toBe(Date.UTC(2024, 2, 5, 10));
    expect(isoDateMs("March 5")).toBeNull();
    expect(isoDateMs("2024-13-45")).toBeNull();
  });
});

describe("suggestChart", () => {
  const suggest = (columns: string[], rows: (string | number | null)[][]) => suggestChart(columns, rows);

  it("category + number → bar, summing only when a category repeats", () => {
    expect(
      suggest(
        ["genre", "books"],
        [
          ["Fiction", 12],
          ["Poetry", 3],
        ],
      ),
    ).toEqual({ type: "bar", x: 0, y: 1, aggregate: "none" });
    expect(
      suggest(
        ["genre", "price"],
        [
          ["Fiction", 12],
          ["Fiction", 3],
        ],
      ),
    ).toEqual({ type: "bar", x: 0, y: 1, aggregate: "sum" });
  });

  it("date + number → line, even beside a category", () => {
    expect(
      suggest(
        ["country", "day", "total"],
        [
          ["FR", "2024-01-01", 3],
          ["DE", "2024-01-02", 4],
        ],
      ),
    ).toEqual({ type: "line", x: 1, y: 2, aggregate: "none" });
  });

  it("two numbers → scatter", () => {
    expect(
      suggest(
        ["pages", "price"],
        [
          [100, 9.5],
          [300, 20],
        ],
      ),
    ).toEqual({ type: "scatter", x: 0, y: 1, aggregate: "none" });
  });

  it("one row with a number → a big value", () => {
    expect(suggest(["count(*)"], [[42]])).toEqual({ type: "value", x: null, y: 0, aggregate: "none" });
    expect(suggest(["n", "avg"], [[42, 3.5]])).toMatchObject({ type: "value", y: 0 });
  });

  it("otherwise the table", () => {
    expect(suggest(["title", "author"], [["A", "B"]]).type).toBe("table");
    expect(suggest(["n"], [[1], [2]]).type).toBe("table");
    expect(suggest(["n"], []).type).toBe("table");
  });
});

describe("withType", () => {
  const columns = ["genre", "day", "pages", "price"];
  const rows = [
    ["Fiction", "2024-01-01", 100, 9.5],
    ["Poetry", "2024-01-02", 300, 20],
  ];
  const kinds = columnKinds(columns, rows);
  const bar = suggestChart(columns, rows, kinds);

  it("keeps the columns that still fit and fills the others", () => {
    expect(bar).toEqual({ type: "line", x: 1, y: 2, aggregate: "none" });
    expect(withType(bar, "bar", kinds)).toEqual({ type: "bar", x: 1, y: 2, aggregate: "none" });
    // A scatter needs a number on x: the first number other than y.
    expect(withType(bar, "scatter", kinds)).toEqual({ type: "scatter", x: 3, y: 2, aggregate: "none" });
    expect(withType(bar, "value", kinds)).toEqual({ type: "value", x: null, y: 2, aggregate: "none" });
    expect(withType(bar, "table", kinds).type).toBe("table");
  });

  it("gives a table spec columns when switched to a chart", () => {
    const table = { type: "table" as const, x: null, y: null, aggregate: "none" as const };
    expect(withType(table, "bar", kinds)).toEqual({ type: "bar", x: 0, y: 2, aggregate: "none" });
    expect(withType(table, "line", kinds)).toEqual({ type: "line", x: 1, y: 2, aggregate: "none" });
  });
});
