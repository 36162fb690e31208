// Spider hardness on Spider's own kinds of queries, the counts behind each class, and the corners a tokenizer must get right.
import { describe, expect, it } from "vitest";
import { analyzeHardness, classifyHardness, hardnessAnalysisSchema, hardnessSchema, sqlHardness, withDifficulties, type HardnessAnalysis } from "./hardness";

function analysis(sql: string): HardnessAnalysis {
  const result = analyzeHardness(sql);
  if (!result.ok) throw new Error(result.message);
  return result;
}

describe("Spider's examples (concert_singer and car_1 in the Spider dev set)", () => {
  it.each([
    ["SELECT count(*) FROM singer", "easy"],
    ["SELECT DISTINCT country FROM singer WHERE age > 20", "easy"],
    ["SELECT count(*) FROM cars_data WHERE cylinders > 4", "easy"],
    ["SELECT name, country, age FROM singer ORDER BY age DESC", "medium"],
    ["SELECT avg(age), min(age), max(age) FROM singer WHERE country = 'France'", "medium"],
    ["SELECT song_name, song_release_year FROM singer ORDER BY age LIMIT 1", "medium"],
    ["SELECT country, count(*) FROM singer GROUP BY country", "medium"],
    ["SELECT T2.name, count(*) FROM concert AS T1 JOIN stadium AS T2 ON T1.stadium_id = T2.stadium_id GROUP BY T1.stadium_id", "medium"],
    ["SELECT song_name FROM singer WHERE age > (SELECT avg(age) FROM singer)", "hard"],
    ["SELECT name FROM stadium WHERE stadium_id NOT IN (SELECT stadium_id FROM concert)", "hard"],
    ["SELECT country FROM singer WHERE age > 40 INTERSECT SELECT country FROM singer WHERE age < 30", "hard"],
    ["SELECT name FROM stadium EXCEPT SELECT T2.name FROM concert AS T1 JOIN stadium AS T2 ON T1.stadium_id = T2.stadium_id WHERE T1.year = 2014", "hard"],
    [
      "SELECT T2.name, T2.capacity FROM concert AS T1 JOIN stadium AS T2 ON T1.stadium_id = T2.stadium_id WHERE T1.year >= 2014 GROUP BY T2.stadium_id ORDER BY count(*) DESC LIMIT 1",
      "extra",
    ],
    [
      "SELECT avg(life_expectancy) FROM country WHERE name NOT IN (SELECT T1.name FROM country AS T1 JOIN country_language AS T2 ON T1.code = T2.country_code WHERE T2.language = 'English' AND T2.is_official = 'T')",
      "extra",
    ],
    [
      "SELECT T1.name FROM stadium AS T1 JOIN concert AS T2 ON T1.stadium_id = T2.stadium_id WHERE T2.year = 2014 INTERSECT SELECT T1.name FROM stadium AS T1 JOIN concert AS T2 ON T1.stadium_id = T2.stadium_id WHERE T2.year = 2015",
      "extra",
    ],
  ] as const)("%s is %s", (sql, expected) => {
    expect(sqlHardness(sql)).toBe(expected);
  });
});

describe("the counts", () => {
  it("add a WHERE, a GROUP BY, an ORDER BY, a LIMIT and each extra table to component 1", () => {
    const result = analysis("SELECT a.x FROM a JOIN b ON b.id = a.id LEFT JOIN c ON c.id = b.id WHERE a.y = 1 GROUP BY a.x ORDER BY a.x LIMIT 5");
    expect(result.query.tables).toBe(3);
    expect(result.counts).toEqual({ component1: 6, component2: 0, others: 0 });
  });

  it("count ORs and LIKEs in component 1, and more than one WHERE condition in others", () => {
    const result = analysis("SELECT name FROM t WHERE name LIKE 'A%' OR name NOT LIKE '%z'");
    expect(result.query.whereConditions).toBe(2);
    expect(result.counts.component1).toBe(1 + 1 + 2);
    // Two conditions, and the NOT of NOT LIKE, which Spider reads as an aggregate but alone stays under 2.
    expect(result.counts.others).toBe(1);
  });

  it("do not take the AND of BETWEEN or of a CASE for a connector", () => {
    const result = analysis("SELECT name FROM t WHERE age BETWEEN 20 AND 30 AND (CASE WHEN a AND b THEN 1 ELSE 0 END) = 1");
    expect(result.query.whereConditions).toBe(2);
  });

  it("look through grouping parentheses in a condition", () => {
    const result = analysis("SELECT name FROM t WHERE (a = 1 OR b = 2) AND c = 3");
    expect(result.query.whereConditions).toBe(3);
    expect(result.query.orConnectors).toBe(1);
  });

  it("count aggregates inside other functions and ignore the two-argument scalar min and max", () => {
    expect(analysis("SELECT round(avg(price), 2), max(a, b) FROM t").query.aggregates).toBe(1);
  });

  it("read HAVING as Spider does: its aggregate alone adds nothing, its AND does", () => {
    expect(analysis("SELECT a FROM t GROUP BY a HAVING count(*) > 1").query.aggregates).toBe(0);
    expect(analysis("SELECT a FROM t GROUP BY a HAVING count(*) > 1 AND sum(x) > 5").query.aggregates).toBe(1);
    expect(analysis("SELECT a, count(*) FROM t GROUP BY a HAVING count(*) > 1 AND sum(x) > 5").counts.others).toBe(2);
  });

  it("count a subquery in FROM as a table, not as a nested query, as Spider's get_nestedSQL does", () => {
    const result = analysis("SELECT avg(n) FROM (SELECT count(*) AS n FROM t GROUP BY x)");
    expect(result.query.tables).toBe(1);
    expect(result.query.derivedTables).toHaveLength(1);
    expect(result.query.derivedTables[0]!.groupByColumns).toBe(1);
    expect(result.hardness).toBe("easy");
  });

  it("count only the outermost SELECT: the clauses of a nested query add nothing", () => {
    const result = analysis("SELECT a FROM t WHERE b IN (SELECT b FROM u JOIN v ON v.id = u.id WHERE c = 1 GROUP BY b ORDER BY b LIMIT 3)");
    expect(result.counts).toEqual({ component1: 1, component2: 1, others: 0 });
    expect(result.query.nested[0]!.place).toBe("where");
    expect(result.query.nested[0]!.query.tables).toBe(2);
    expect(result.hardness).toBe("hard");
  });

  it("keep the rest of a compound as one nested query, with the trailing ORDER BY and LIMIT in its last member", () => {
    const result = analysis("SELECT a FROM t UNION SELECT a FROM u UNION ALL SELECT a FROM v ORDER BY a LIMIT 1");
    expect(result.counts).toEqual({ component1: 0, component2: 1, others: 0 });
    const union = result.query.nested[0]!;
    expect(union.place).toBe("union");
    expect(union.query.nested[0]!.place).toBe("union");
    expect(union.query.nested[0]!.query.hasLimit).toBe(true);
  });

  it("count EXISTS, scalar subqueries in SELECT and common table expressions as nested queries", () => {
    expect(analysis("SELECT a FROM t WHERE EXISTS (SELECT 1 FROM u WHERE u.a = t.a)").counts.component2).toBe(1);
    expect(analysis("SELECT a, (SELECT count(*) FROM u WHERE u.a = t.a) FROM t").query.nested.map((entry) => entry.place)).toEqual(["select"]);
    expect(analysis("WITH x AS (SELECT a FROM t), y (b) AS MATERIALIZED (SELECT b FROM u) SELECT a FROM x").query.nested.map((entry) => entry.place)).toEqual([
      "with",
      "with",
    ]);
  });
});

describe("the tokenizer", () => {
  it("ignores keywords in strings, quoted names and comments", () => {
    const result = analysis(`SELECT "order" FROM t -- UNION SELECT 1\nWHERE note = 'a UNION b OR (SELECT x) WHERE' /* JOIN u ON 1 */ AND [group by] = 2`);
    expect(result.counts).toEqual({ component1: 1, component2: 0, others: 1 });
  });

  it("reads only the first statement", () => {
    expect(analysis("SELECT a FROM t; SELECT a FROM t WHERE b IN (SELECT b FROM u)").counts.component2).toBe(0);
  });

  it("is case-insensitive", () => {
    expect(sqlHardness("select Name from T where X in (select x from U)")).toBe("hard");
  });

  it("reports SQL that is not a query as an error value", () => {
    const result = analyzeHardness("UPDATE t SET a = 1");
    expect(result.ok).toBe(false);
    expect(sqlHardness("")).toBeUndefined();
  });
});

describe("the decision rule", () => {
  it.each([
    [{ component1: 1, component2: 0, others: 0 }, "easy"],
    [{ component1: 0, component2: 0, others: 2 }, "medium"],
    [{ component1: 2, component2: 0, others: 1 }, "medium"],
    [{ component1: 2, component2: 0, others: 2 }, "extra"],
    [{ component1: 2, component2: 0, others: 3 }, "hard"],
    [{ component1: 3, component2: 0, others: 2 }, "hard"],
    [{ component1: 4, component2: 0, others: 0 }, "extra"],
    [{ component1: 1, component2: 1, others: 0 }, "hard"],
    [{ component1: 1, component2: 1, others: 1 }, "extra"],
    [{ component1: 0, component2: 2, others: 0 }, "extra"],
  ] as const)("%o is %s", (counts, expected) => {
    expect(classifyHardness(counts)).toBe(expected);
  });
});

describe("the schemas", () => {
  it("accept an analysis and the four levels, and reject others", () => {
    expect(hardnessAnalysisSchema.safeParse(analysis("SELECT a FROM t WHERE b IN (SELECT b FROM u)")).success).toBe(true);
    expect(hardnessSchema.safeParse("extra").success).toBe(true);
    expect(hardnessSchema.safeParse("extra hard").success).toBe(false);
  });
});

describe("withDifficulties", () => {
  it("computes each question's difficulty from its gold SQL when the benchmark has no labels", () => {
    const { questions, computed } = withDifficulties<{ gold: string; difficulty?: string }>([
      { gold: "SELECT count(*) FROM singer" },
      { gold: "SELECT name FROM singer WHERE age > 30 ORDER BY age DESC LIMIT 3" },
      { gold: "PRAGMA table_info(singer)" },
    ]);
    expect(computed).toBe(true);
    expect(questions.map((question) => question.difficulty)).toEqual([
      "easy",
      sqlHardness("SELECT name FROM singer WHERE age > 30 ORDER BY age DESC LIMIT 3"),
      undefined,
    ]);
  });

  it("keeps the benchmark's own labels, even when only some questions have one", () => {
    const labelled = [{ gold: "SELECT 1", difficulty: "simple" }, { gold: "SELECT 2" }];
    expect(withDifficulties(labelled)).toEqual({ questions: labelled, computed: false });
  });
});
