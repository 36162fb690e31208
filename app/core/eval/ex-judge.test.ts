// The EX judge, case by case, over small sql.js databases: Spider and BIRD rules, errors, timeouts.
import initSqlJs, { type Database } from "sql.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasTopLevelOrderBy, judgeExecution, judgeQueries, judgementSchema, type JudgeQueriesOptions } from "./ex-judge";
import { createSqlJsQueryRunner, type QueryOutcome, type QueryRunner } from "./query-runner";
import { queryOutcomeSchema } from "./query-outcome-schema";

const FIXTURE_SQL = `
CREATE TABLE singer (singer_id INTEGER PRIMARY KEY, name TEXT, country TEXT, age INTEGER, rating REAL);
INSERT INTO singer VALUES
  (1, 'Ada', 'France', 30, 4.5),
  (2, 'Bea', 'France', 25, NULL),
  (3, 'Cy', 'Spain', 41, 3.0),
  (4, 'Di', NULL, 25, 4.5);
CREATE TABLE numbers (n INTEGER, label TEXT);
INSERT INTO numbers VALUES (1, 'one'), (1, 'one'), (2, 'two'), (2, 'two');
CREATE TABLE mixed (i INTEGER, r REAL, t TEXT);
INSERT INTO mixed VALUES (1, 1.0, '1');
CREATE TABLE empty_table (x INTEGER);
`;

let database: Database;
let runner: QueryRunner;

beforeAll(async () => {
  const SQL = await initSqlJs();
  database = new SQL.Database();
  database.exec(FIXTURE_SQL);
  runner = createSqlJsQueryRunner(database);
});

afterAll(() => database.close());

const spider: JudgeQueriesOptions = { semantics: "spider" };
const bird: JudgeQueriesOptions = { semantics: "bird" };

async function judge(gold: string, predicted: string, options: JudgeQueriesOptions) {
  const judgement = await judgeQueries(runner, gold, predicted, options);
  expect(judgementSchema.safeParse(judgement).success).toBe(true);
  return judgement;
}

const rows = (values: (number | string | null)[][], columns = values[0]?.map((_, index) => `c${index}`) ?? ["c0"]): QueryOutcome => ({
  ok: true,
  columns,
  rows: values,
});

describe("equal and unequal results", () => {
  it.each([spider, bird])("the same query text in other words matches (%o)", async (options) => {
    const judgement = await judge("SELECT name FROM singer WHERE country = 'France'", "SELECT s.name FROM singer AS s WHERE s.country IN ('France')", options);
    expect(judgement).toEqual({ match: true, reason: "match" });
  });

  it.each([spider, bird])("different values miss (%o)", async (options) => {
    const judgement = await judge("SELECT name FROM singer WHERE country = 'France'", "SELECT name FROM singer WHERE country = 'Spain'", options);
    expect(judgement.match).toBe(false);
    expect(judgement.reason).toBe(options.semantics === "spider" ? "different-row-count" : "different-rows");
  });

  it("same row count but different values is different-rows", async () => {
    const judgement = await judge("SELECT name FROM singer WHERE age = 25", "SELECT name FROM singer WHERE age > 29", spider);
    expect(judgement).toMatchObject({ match: false, reason: "different-rows" });
  });

  it("column names do not matter, only values", async () => {
    expect((await judge("SELECT count(*) FROM singer", "SELECT count(singer_id) AS how_many FROM singer", spider)).match).toBe(true);
  });
});

describe("duplicates: multisets for Spider, sets for BIRD", () => {
  const gold = rows([[1], [1], [2]]);
  it("[1,1,2] vs [1,2,2] misses under Spider", () => {
    expect(judgeExecution(gold, rows([[1], [2], [2]]), { semantics: "spider" })).toMatchObject({ match: false, reason: "different-rows" });
  });
  it("[1,1,2] vs [1,2] misses under Spider (row count)", () => {
    expect(judgeExecution(gold, rows([[1], [2]]), { semantics: "spider" })).toMatchObject({ match: false, reason: "different-row-count" });
  });
  it("[1,1,2] vs [1,2] and vs [1,2,2] match under BIRD", () => {
    expect(judgeExecution(gold, rows([[1], [2]]), { semantics: "bird" })).toEqual({ match: true, reason: "match" });
    expect(judgeExecution(gold, rows([[1], [2], [2]]), { semantics: "bird" })).toEqual({ match: true, reason: "match" });
  });
  it("a missing DISTINCT matches under Spider (the official script drops DISTINCT from both) and BIRD (sets), on a real database", async () => {
    expect((await judge("SELECT DISTINCT n FROM numbers", "SELECT n FROM numbers", spider)).match).toBe(true);
    expect((await judge("SELECT n FROM numbers", "SELECT DISTINCT n FROM numbers", spider)).match).toBe(true);
    expect((await judge("SELECT DISTINCT n FROM numbers", "SELECT n FROM numbers", bird)).match).toBe(true);
  });
  it("Spider with keepDistinct (the official --keep_distinct) runs DISTINCT, so a missing one is a miss", async () => {
    const judgement = await judge("SELECT DISTINCT n FROM numbers", "SELECT n FROM numbers", { ...spider, keepDistinct: true });
    expect(judgement.reason).toBe("different-row-count");
  });
});

describe("column order", () => {
  it("Spider accepts the predicted columns in another order", async () => {
    const judgement = await judge("SELECT name, age FROM singer", "SELECT age, name FROM singer", spider);
    expect(judgement.match).toBe(true);
    expect(judgement.detail).toContain("different order");
  });
  it("BIRD rejects the predicted columns in another order", async () => {
    expect(await judge("SELECT name, age FROM singer", "SELECT age, name FROM singer", bird)).toMatchObject({ match: false, reason: "different-rows" });
  });
  it("Spider finds the order when several columns hold the same values", () => {
    // Columns a and b hold the same multiset of values, so only the pairing with c tells them apart.
    const gold = rows([
      [1, 2, "x"],
      [2, 1, "y"],
      [1, 1, "z"],
    ]);
    const predicted = rows([
      ["x", 2, 1],
      ["y", 1, 2],
      ["z", 1, 1],
    ]);
    expect(judgeExecution(gold, predicted, { semantics: "spider" }).match).toBe(true);
    const swapped = rows([
      ["x", 1, 2],
      ["y", 2, 1],
      ["z", 1, 3],
    ]);
    expect(judgeExecution(gold, swapped, { semantics: "spider" })).toMatchObject({ match: false, reason: "different-rows" });
  });
  it("Spider settles many identical columns without trying every order", () => {
    const wide = Array.from({ length: 200 }, (_, row) => Array.from({ length: 12 }, () => row % 7));
    const gold = rows(wide);
    const predicted = rows(wide.map((row) => [...row].reverse()));
    expect(judgeExecution(gold, predicted, { semantics: "spider" }).match).toBe(true);
  });
  it("Spider bounds a pathological column search and says when it gave up", () => {
    // Every column is a permutation of 0..n-1 and rows are cyclic shifts: partial checks cannot prune much.
    const size = 9;
    const cyclic = Array.from({ length: size }, (_, row) => Array.from({ length: size }, (_, column) => (row + column) % size));
    const predicted = rows(cyclic.map((row) => row.map((value) => (value === 0 ? 0 : size - value))));
    const judgement = judgeExecution(rows(cyclic), predicted, { semantics: "spider", maxColumnOrderSteps: 5 });
    expect(judgement.match).toBe(false);
    expect(judgement.detail).toContain("steps");
    // The predicted columns are gold's in reverse cyclic order, which the default bound finds.
    expect(judgeExecution(rows(cyclic), predicted, { semantics: "spider" }).match).toBe(true);
  });
});

describe("row order", () => {
  it("is ignored when the gold query has no ORDER BY", async () => {
    expect((await judge("SELECT name FROM singer", "SELECT name FROM singer ORDER BY name DESC", spider)).match).toBe(true);
    expect((await judge("SELECT name FROM singer", "SELECT name FROM singer ORDER BY name DESC", bird)).match).toBe(true);
  });
  it("is enforced under Spider when the gold query sorts", async () => {
    const judgement = await judge("SELECT name FROM singer ORDER BY age, name", "SELECT name FROM singer ORDER BY name", spider);
    expect(judgement).toMatchObject({ match: false, reason: "different-order" });
    expect((await judge("SELECT name FROM singer ORDER BY age, name", "SELECT name FROM singer ORDER BY age ASC, name ASC", spider)).match).toBe(true);
  });
  it("is enforced together with a column permutation", async () => {
    expect((await judge("SELECT name, age FROM singer ORDER BY age DESC", "SELECT age, name FROM singer ORDER BY age DESC", spider)).match).toBe(true);
    expect((await judge("SELECT name, age FROM singer ORDER BY age DESC", "SELECT age, name FROM singer ORDER BY age", spider)).reason).toBe("different-order");
  });
  it("is ignored by BIRD even when the gold query sorts", async () => {
    expect((await judge("SELECT name FROM singer ORDER BY age, name", "SELECT name FROM singer ORDER BY name", bird)).match).toBe(true);
  });
  it("is enforced under Spider whenever the gold text says 'order by', in a subquery or a window too, as the official script reads it", async () => {
    const inSubquery = "SELECT name FROM (SELECT name FROM singer ORDER BY age LIMIT 10)";
    expect((await judge(inSubquery, "SELECT name FROM singer ORDER BY name DESC", spider)).reason).toBe("different-order");
    const inWindow = "SELECT name, row_number() OVER (ORDER BY singer_id) AS position FROM singer";
    expect((await judge(inWindow, "SELECT name, singer_id FROM singer ORDER BY singer_id DESC", spider)).reason).toBe("different-order");
    // Only the words "order by" with one space count: the official check is `'order by' in g_str.lower()`.
    expect((await judge("SELECT name FROM singer ORDER  BY age, name", "SELECT name FROM singer ORDER BY name", spider)).match).toBe(true);
  });
  it("the caller can say the gold query sorts", () => {
    const judgement = judgeExecution(rows([[1], [2]]), rows([[2], [1]]), { semantics: "spider", goldHasOrderBy: true });
    expect(judgement.reason).toBe("different-order");
  });
});

describe("values", () => {
  it("NULL equals NULL", async () => {
    expect((await judge("SELECT country FROM singer", "SELECT country FROM singer WHERE 1", spider)).match).toBe(true);
    expect(judgeExecution(rows([[null, 1]]), rows([[null, 1]]), { semantics: "bird" }).match).toBe(true);
    expect(judgeExecution(rows([[null]]), rows([["NULL"]]), { semantics: "spider" }).match).toBe(false);
  });
  it("integer 1 and real 1.0 are equal, text '1' is not", async () => {
    for (const options of [spider, bird]) {
      expect((await judge("SELECT i FROM mixed", "SELECT r FROM mixed", options)).match).toBe(true);
      expect((await judge("SELECT i FROM mixed", "SELECT 1.0", options)).match).toBe(true);
      expect(await judge("SELECT i FROM mixed", "SELECT t FROM mixed", options)).toMatchObject({ match: false, reason: "different-rows" });
    }
  });
  it("averages are compared exactly, with no tolerance", async () => {
    expect((await judge("SELECT avg(age) FROM singer", "SELECT sum(age) / 4.0 FROM singer", spider)).match).toBe(true);
    expect((await judge("SELECT avg(age) FROM singer", "SELECT round(avg(age), 1) FROM singer", spider)).match).toBe(false);
  });
  it("numbers compare by value across the whole range, and never equal NULL", () => {
    const same = (left: number | null, right: number | null) => judgeExecution(rows([[left]]), rows([[right]]), { semantics: "spider" }).match;
    expect(same(0, -0)).toBe(true);
    expect(same(0, null)).toBe(false);
    for (const value of [2 ** 29, 2 ** 29 + 1, -(2 ** 29), -(2 ** 29) - 1, 2 ** 40, 0.5, -1e300, Infinity]) {
      expect(same(value, value), String(value)).toBe(true);
      expect(same(value, value === Infinity ? -Infinity : value * 3 + 1), String(value)).toBe(false);
    }
    // A large number that would land on a small integer's id if the ranges overlapped.
    expect(same(1, 2 ** 30 + 1)).toBe(false);
    expect(same(-(2 ** 30), 1)).toBe(false);
  });
  it("blobs equal by content, never equal to text", () => {
    const blob = (...bytes: number[]) => new Uint8Array(bytes);
    expect(
      judgeExecution({ ok: true, columns: ["b"], rows: [[blob(1, 2)]] }, { ok: true, columns: ["b"], rows: [[blob(1, 2)]] }, { semantics: "spider" }).match,
    ).toBe(true);
    expect(
      judgeExecution({ ok: true, columns: ["b"], rows: [[blob(1, 2)]] }, { ok: true, columns: ["b"], rows: [["\u0001\u0002"]] }, { semantics: "spider" }).match,
    ).toBe(false);
  });
  it("a text value holding the separator cannot fake two columns", () => {
    const gold = rows([["a\u0001s1:b", "c"]]);
    const predicted = rows([["a", "b\u0001s1:c"]]);
    expect(judgeExecution(gold, predicted, { semantics: "bird" }).match).toBe(false);
    expect(judgeExecution(gold, predicted, { semantics: "spider" }).match).toBe(false);
  });
});

describe("empty results and column counts", () => {
  it.each([spider, bird])("both empty is a match (%o)", async (options) => {
    expect(await judge("SELECT x FROM empty_table", "SELECT name FROM singer WHERE age > 100", options)).toEqual({ match: true, reason: "both-empty" });
  });
  it("one empty is a miss", async () => {
    expect((await judge("SELECT x FROM empty_table", "SELECT name FROM singer", spider)).reason).toBe("different-row-count");
    expect((await judge("SELECT x FROM empty_table", "SELECT name FROM singer", bird)).reason).toBe("different-rows");
  });
  it.each([spider, bird])("different column counts miss (%o)", async (options) => {
    const judgement = await judge("SELECT name FROM singer", "SELECT name, age FROM singer", options);
    expect(judgement).toMatchObject({ match: false, reason: "different-columns" });
    expect(judgement.detail).toContain("1 column");
  });
});

describe("failures", () => {
  it("a predicted query that fails is a prediction-error", async () => {
    const judgement = await judge("SELECT name FROM singer", "SELECT nme FROM singer", spider);
    expect(judgement).toMatchObject({ match: false, reason: "prediction-error" });
    expect(judgement.detail).toContain("nme");
  });
  it("a gold query that fails is a gold-error, recorded apart from misses", async () => {
    const judgement = await judge("SELECT name FROM singers", "SELECT name FROM singer", spider);
    expect(judgement).toMatchObject({ match: false, reason: "gold-error" });
    expect(judgement.detail).toContain("singers");
  });
  it("a predicted query that runs too long is a prediction-timeout", async () => {
    const endless = "WITH RECURSIVE counter(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM counter) SELECT x FROM counter WHERE x % 100 = 0";
    const judgement = await judge("SELECT name FROM singer", endless, { ...spider, timeoutMs: 200 });
    expect(judgement).toMatchObject({ match: false, reason: "prediction-timeout" });
  });
  it("a prediction past the row cap is a prediction-error", async () => {
    const many = "WITH RECURSIVE counter(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM counter) SELECT x FROM counter";
    const judgement = await judge("SELECT name FROM singer", many, { ...spider, maxRows: 1000 });
    expect(judgement).toMatchObject({ match: false, reason: "prediction-error" });
    expect(judgement.detail).toContain("1,000 rows");
  });
});

describe("the sql.js runner", () => {
  it("returns every row, not a first page", async () => {
    const outcome = await runner.run("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 5000) SELECT x FROM c", { timeoutMs: 5000 });
    expect(outcome.ok && outcome.rows.length).toBe(5000);
    expect(queryOutcomeSchema.safeParse(outcome).success).toBe(true);
  });
  // Which statements are refused, and that the database stays unchanged, is tested once for the one executor
  // (app/core/db/read-only-query.test.ts); the judge's own rule is that a result past its row cap is an error.
  it("refuses a write and a result past the row cap", async () => {
    expect((await runner.run("DELETE FROM singer RETURNING name", { timeoutMs: 1000 })).ok).toBe(false);
    const capped = await runner.run("SELECT * FROM singer", { timeoutMs: 1000, maxRows: 2 });
    expect(!capped.ok && capped.error.kind).toBe("too-many-rows");
  });
});

describe("hasTopLevelOrderBy", () => {
  it.each([
    ["SELECT a FROM t ORDER BY a", true],
    ["select a from t order   by a desc limit 3", true],
    ["SELECT a FROM t ORDER\n-- why\nBY a", true],
    ["SELECT a FROM t ORDER /* c */ BY a;", true],
    ["WITH c AS (SELECT a FROM t ORDER BY a) SELECT a FROM c ORDER BY a", true],
    ["SELECT a FROM t UNION SELECT b FROM u ORDER BY 1", true],
    ["SELECT a FROM t", false],
    ["SELECT a FROM (SELECT a FROM t ORDER BY a LIMIT 5)", false],
    ["WITH c AS (SELECT a FROM t ORDER BY a) SELECT a FROM c", false],
    ["SELECT a FROM t WHERE a IN (SELECT a FROM t ORDER BY a LIMIT 1)", false],
    ["SELECT rank() OVER (PARTITION BY b ORDER BY a) FROM t", false],
    ["SELECT rank() OVER w FROM t WINDOW w AS (ORDER BY a)", false],
    ["SELECT group_concat(a ORDER BY a) FROM t", false],
    ["SELECT 'ORDER BY a' FROM t", false],
    ['SELECT "order by" FROM t', false],
    ["SELECT [order] FROM t -- ORDER BY a", false],
    ["SELECT a FROM t /* ORDER BY a */", false],
    ["SELECT a AS [x)] FROM t ORDER BY a", true],
    ["SELECT 'it''s (' FROM t ORDER BY a", true],
    ["SELECT a FROM t; SELECT a FROM t ORDER BY a", false],
    ["SELECT border, bye FROM t", false],
  ])("%s → %s", (sql, expected) => {
    expect(hasTopLevelOrderBy(sql)).toBe(expected);
  });
});

describe("outcomes from other runners", () => {
  it("a prediction error kind other than timeout is a prediction-error", () => {
    const predicted: QueryOutcome = { ok: false, error: { kind: "too-many-rows", message: "too many" } };
    expect(judgeExecution(rows([[1]]), predicted, { semantics: "bird" }).reason).toBe("prediction-error");
  });
  it("a gold error wins over a prediction error", () => {
    const failed: QueryOutcome = { ok: false, error: { kind: "sql-error", message: "no such table: x" } };
    expect(judgeExecution(failed, failed, { semantics: "spider" }).reason).toBe("gold-error");
  });
});

describe("agreement with a direct port of the official result_eq", () => {
  /** test-suite-sql-eval's result_eq without its pruning: every column order, rows compared as lists or multisets. */
  function referenceResultEq(gold: number[][], predicted: number[][], orderMatters: boolean): boolean {
    if (gold.length === 0 && predicted.length === 0) return true;
    if (gold.length !== predicted.length) return false;
    const columnCount = gold[0]!.length;
    if (predicted[0]!.length !== columnCount) return false;
    const key = (row: number[]) => JSON.stringify(row);
    const goldKeys = gold.map(key);
    const permutations = (items: number[]): number[][] =>
      items.length <= 1 ? [items] : items.flatMap((item, index) => permutations(items.filter((_, other) => other !== index)).map((rest) => [item, ...rest]));
    return permutations(Array.from({ length: columnCount }, (_, index) => index)).some((order) => {
      const predictedKeys = predicted.map((row) => key(order.map((column) => row[column]!)));
      if (orderMatters) return predictedKeys.every((value, index) => value === goldKeys[index]);
      return [...predictedKeys].sort().join("\n") === [...goldKeys].sort().join("\n");
    });
  }

  // A small deterministic generator (mulberry32), so a failure can be replayed.
  function random(seed: number): () => number {
    let state = seed;
    return () => {
      state = (state + 0x6d2b79f5) | 0;
      let value = Math.imul(state ^ (state >>> 15), 1 | state);
      value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
      return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
    };
  }

  it("gives the same verdict on 3,000 small random pairs, and so does BIRD's set comparison", () => {
    const next = random(20240601);
    const integer = (limit: number) => Math.floor(next() * limit);
    const verdicts = { true: 0, false: 0 };
    for (let trial = 0; trial < 3000; trial++) {
      const columnCount = 1 + integer(4);
      const rowCount = integer(6);
      const domain = 1 + integer(3);
      const gold = Array.from({ length: rowCount }, () => Array.from({ length: columnCount }, () => integer(domain)));
      // Predictions near gold: rows shuffled, columns permuted, sometimes a value changed or a row duplicated.
      const columnOrder = Array.from({ length: columnCount }, (_, index) => index).sort(() => next() - 0.5);
      const predicted = gold.map((row) => columnOrder.map((column) => row[column]!));
      if (next() < 0.5) predicted.sort(() => next() - 0.5);
      if (next() < 0.3 && predicted.length > 0) predicted[integer(predicted.length)]![integer(columnCount)] = integer(domain);
      if (next() < 0.2 && predicted.length > 1) predicted[0] = predicted[predicted.length - 1]!.slice();
      const orderMatters = next() < 0.5;
      const expected = referenceResultEq(gold, predicted, orderMatters);
      const names = Array.from({ length: columnCount }, (_, index) => `c${index}`);
      const judgement = judgeExecution(rows(gold, names), rows(predicted, names), { semantics: "spider", goldHasOrderBy: orderMatters });
      verdicts[expected ? "true" : "false"]++;
      expect(judgement.match, JSON.stringify({ gold, predicted, orderMatters })).toBe(expected);
      // BIRD's calculate_ex: set(predicted) == set(gold).
      const goldSet = new Set(gold.map((row) => JSON.stringify(row)));
      const predictedSet = new Set(predicted.map((row) => JSON.stringify(row)));
      const birdExpected = goldSet.size === predictedSet.size && [...goldSet].every((row) => predictedSet.has(row));
      expect(judgeExecution(rows(gold, names), rows(predicted, names), { semantics: "bird" }).match).toBe(birdExpected);
    }
    // Both verdicts are well represented, so agreement means something.
    expect(Math.min(verdicts.true, verdicts.false)).toBeGreaterThan(600);
  });
});
