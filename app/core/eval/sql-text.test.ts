// The official Spider rewrites: DISTINCT dropped as a keyword only, operators joined, the current year pinned.
import { describe, expect, it } from "vitest";
import { applyOfficialSpiderRewrites, removeDistinctKeywords } from "./sql-text";

describe("removeDistinctKeywords", () => {
  it("drops the keyword, in any case and inside aggregates, as the official code does", () => {
    expect(removeDistinctKeywords("SELECT DISTINCT a FROM t")).toBe("SELECT  a FROM t");
    expect(removeDistinctKeywords("SELECT count(distinct a) FROM t")).toBe("SELECT count( a) FROM t");
  });
  it("leaves strings, quoted identifiers, comments and longer words alone", () => {
    const sql = `SELECT 'distinct', "DISTINCT", [distinct], distinctive FROM t -- distinct`;
    expect(removeDistinctKeywords(sql)).toBe(sql);
  });
});

describe("applyOfficialSpiderRewrites", () => {
  it("joins spaced comparison operators and pins YEAR(CURDATE())", () => {
    expect(applyOfficialSpiderRewrites("SELECT a FROM t WHERE b > = 2 AND c ! = 3 AND y < YEAR(CURDATE())")).toBe(
      "SELECT a FROM t WHERE b >= 2 AND c != 3 AND y < 2020",
    );
  });
});
