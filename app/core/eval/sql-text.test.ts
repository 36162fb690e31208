// The official Spider rewrites: DISTINCT dropped as a keyword only, operators joined, the current year pinned.
import { describe, expect, it } from "vitest";
import { officialSpiderQueries, pythonStrip, removeDistinct, removeDistinctKeywords } from "./sql-text";

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

describe("removeDistinct (parse.py: the first statement, without DISTINCT)", () => {
  it("keeps only the first statement, as sqlparse.parse(s)[0] does", () => {
    expect(removeDistinct("SELECT DISTINCT a FROM t; SELECT b FROM u")).toBe("SELECT  a FROM t; ");
    expect(removeDistinct("SELECT a FROM t WHERE b = ';'; DROP TABLE t")).toBe("SELECT a FROM t WHERE b = ';'; ");
  });
  it("a `;` inside parentheses does not end it; an END (also a CASE's) lowers the level as in sqlparse", () => {
    expect(removeDistinct("SELECT (1; 2) FROM t")).toBe("SELECT (1; 2) FROM t");
    expect(removeDistinct("SELECT CASE WHEN a THEN 1 END FROM t; SELECT 2")).toBe("SELECT CASE WHEN a THEN 1 END FROM t; ");
  });
});

describe("officialSpiderQueries", () => {
  it("joins spaced comparison operators and pins YEAR(CURDATE()), in both", () => {
    const queries = officialSpiderQueries("SELECT a FROM t WHERE y < YEAR(CURDATE())", "SELECT a FROM t WHERE b > = 2 AND c ! = 3 AND d < = 4", {
      keepDistinct: false,
    });
    expect(queries.gold).toBe("SELECT a FROM t WHERE y < 2020");
    expect(queries.predicted).toBe("SELECT a FROM t WHERE b >= 2 AND c != 3 AND d <= 4");
  });
  it("turns the prediction's ' value ' placeholder into 1 (evaluation.py), not the gold's", () => {
    const queries = officialSpiderQueries("SELECT a FROM t WHERE b = value ", "SELECT a FROM t WHERE b = value AND c = value ", { keepDistinct: false });
    // The line is stripped first, so a placeholder at the very end keeps its word.
    expect(queries.predicted).toBe("SELECT a FROM t WHERE b = 1 AND c = value");
    expect(queries.gold).toBe("SELECT a FROM t WHERE b = value");
  });
  it("drops DISTINCT from both unless kept", () => {
    expect(officialSpiderQueries("SELECT DISTINCT a FROM t", "SELECT distinct a FROM t", { keepDistinct: false })).toMatchObject({
      gold: "SELECT  a FROM t",
      predicted: "SELECT  a FROM t",
    });
    expect(officialSpiderQueries("SELECT DISTINCT a FROM t", "SELECT distinct a FROM t", { keepDistinct: true })).toMatchObject({
      gold: "SELECT DISTINCT a FROM t",
      predicted: "SELECT distinct a FROM t",
    });
  });
  it.each([
    ["SELECT a FROM t ORDER BY a", true],
    ["SELECT a FROM (SELECT a FROM t ORDER BY a LIMIT 3)", true],
    ["SELECT 'order by' FROM t", true],
    ["SELECT a FROM t ORDER  BY a", false],
    ["SELECT a FROM t ORDER\nBY a", false],
    ["SELECT a FROM t", false],
  ])("order matters when the gold text contains 'order by': %j → %s", (gold, expected) => {
    expect(officialSpiderQueries(gold, "SELECT 1", { keepDistinct: false }).orderMatters).toBe(expected);
  });
  it("reads order from the gold after the first statement is kept: an ORDER BY in a dropped second statement does not count", () => {
    expect(officialSpiderQueries("SELECT a FROM t; SELECT a FROM t ORDER BY a", "SELECT 1", { keepDistinct: false }).orderMatters).toBe(false);
  });
});

describe("pythonStrip", () => {
  it("strips what Python's str.strip() strips, which is not what trim() strips", () => {
    expect(pythonStrip("\x1c\x85 SELECT 1 \n\t")).toBe("SELECT 1");
    expect(pythonStrip("\ufeffSELECT 1")).toBe("\ufeffSELECT 1");
  });
});
