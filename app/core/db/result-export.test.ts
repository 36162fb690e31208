// CSV export neutralizes what a spreadsheet would run as a formula (OWASP CSV injection); raw and JSON keep values.
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { resultToCsv, resultToJson } from "./result-export";
import type { SqlValue } from "./types";

/** The one data cell of a one-column CSV, as a CSV reader sees it (quotes removed). */
function cellOf(csv: string): string {
  const parsed = Papa.parse<string[]>(csv, { newline: "\r\n" });
  return parsed.data[1]![0]!;
}

describe("resultToCsv neutralizes formulas in text cells", () => {
  const cases: Array<[string, SqlValue, string]> = [
    ["equals", "=1+2", "'=1+2"],
    ["plus", "+1+2", "'+1+2"],
    ["minus", "-2+3", "'-2+3"],
    ["at", "@SUM(A1)", "'@SUM(A1)"],
    ["tab", "\t=1", "'\t=1"],
    ["carriage return", "\r=1", "'\r=1"],
    ["a DDE payload", "=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"],
    ["a formula on several lines", '=HYPERLINK("https://x.example")\nclick', '\'=HYPERLINK("https://x.example")\nclick'],
    ["negative number written as text", "-5", "'-5"],
    ["plain text", "Notes", "Notes"],
    ["text with = later", "a=1", "a=1"],
    ["leading space before =", " =1", " =1"],
    ["already quoted text", "'=1", "'=1"],
    ["negative INTEGER", -5, "-5"],
    ["negative REAL", -2.5, "-2.5"],
    ["positive number", 3, "3"],
    ["BLOB", new Uint8Array([0x3d, 0x31]), "x'3d31'"],
    ["empty string", "", ""],
  ];
  it.each(cases)("%s", (_name, value, expected) => {
    expect(cellOf(resultToCsv(["a"], [[value]]))).toBe(expected);
  });

  it("keeps every value as stored with formulas: raw", () => {
    for (const [, value] of cases) {
      const expected = value instanceof Uint8Array ? "x'3d31'" : String(value);
      expect(cellOf(resultToCsv(["a"], [[value]], { formulas: "raw" }))).toBe(expected);
    }
  });

  it("neutralizes a column name that starts like a formula too", () => {
    expect(resultToCsv(["=HYPERLINK(1)", "ok"], [[1, 2]])).toBe(`"'=HYPERLINK(1)",ok\r\n1,2`);
    expect(resultToCsv(["=HYPERLINK(1)", "ok"], [[1, 2]], { formulas: "raw" })).toBe("=HYPERLINK(1),ok\r\n1,2");
  });

  it("writes the probe query's row as a spreadsheet can open it safely", () => {
    expect(resultToCsv(["a", "b", "c"], [["=1+2", "@SUM(A1)", -3]])).toBe(`a,b,c\r\n"'=1+2","'@SUM(A1)",-3`);
    expect(resultToCsv(["a", "b", "c"], [["=1+2", "@SUM(A1)", -3]], { formulas: "raw" })).toBe("a,b,c\r\n=1+2,@SUM(A1),-3");
  });

  it("still tells NULL from the empty string", () => {
    expect(resultToCsv(["a", "b"], [[null, ""]])).toBe('a,b\r\n,""');
  });
});

it("resultToJson leaves formula-like text unchanged", () => {
  expect(JSON.parse(resultToJson(["a", "c"], [["=1+2", -3]]))).toEqual([{ a: "=1+2", c: -3 }]);
});
