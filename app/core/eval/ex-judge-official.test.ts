// The EX judge against line-by-line ports of the official scripts (official-ports/): generated result pairs with
// Python's types, and the teaching benchmark's gold queries with perturbed predictions on the sample databases.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import initSqlJs, { type Database } from "sql.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SqlValue } from "../db/types";
import { seededRandom } from "../seeded-random";
import { judgeExecution, judgeQueries } from "./ex-judge";
import { execute_model, calculate_ex } from "./official-ports/bird-evaluation-ex";
import { PyFloat, PyInt, type PyTuple, type PyValue, type Sqlite3Connection } from "./official-ports/python-objects";
import { evaluate_exec_one, result_eq, seedRandom } from "./official-ports/test-suite-exec-eval";
import { createSqlJsQueryRunner, type QueryOutcome, type QueryRunner } from "./query-runner";

/** What the judge's runner hands over for Python rows: JS numbers, and the cells whose whole number is a REAL. */
function outcomeOf(rows: readonly PyTuple[], columnCount: number): QueryOutcome {
  const wholeRealCells: number[] = [];
  const values = rows.map((row, rowIndex) =>
    row.map((value, column): SqlValue => {
      if (value instanceof PyInt) return Number(value.value);
      if (value instanceof PyFloat) {
        if (Number.isInteger(value.value)) wholeRealCells.push(rowIndex * columnCount + column);
        return value.value;
      }
      return value;
    }),
  );
  const columns = Array.from({ length: columnCount }, (_, index) => `c${index}`);
  return wholeRealCells.length > 0 ? { ok: true, columns, rows: values, wholeRealCells } : { ok: true, columns, rows: values };
}

describe("the judge and the ports agree on generated result pairs", () => {
  const next = seededRandom(1515);
  const integer = (limit: number) => Math.floor(next() * limit);
  const pick = <T>(items: readonly T[]): T => items[integer(items.length)]!;
  const bytes = (...values: number[]) => new Uint8Array(values);
  // Values chosen to collide: equal numbers as int and float, 0.0 and -0.0, text that reads like a number, NULL, bytes.
  const POOL: (() => PyValue)[] = [
    () => new PyInt(0n),
    () => new PyInt(1n),
    () => new PyInt(2n),
    () => new PyInt(10n),
    () => new PyFloat(1),
    () => new PyFloat(2),
    () => new PyFloat(2.5),
    () => new PyFloat(10),
    () => new PyFloat(0),
    () => new PyFloat(-0),
    () => new PyFloat(1e16),
    () => "1",
    () => "a",
    () => "B",
    () => "10",
    () => null,
    () => bytes(0x61),
    () => bytes(0, 255),
  ];
  /** The other Python type for an equal whole number (2 ↔ 2.0), else the value itself. */
  const retyped = (value: PyValue): PyValue => {
    if (value instanceof PyInt) return new PyFloat(Number(value.value));
    if (value instanceof PyFloat && Number.isInteger(value.value)) return Object.is(value.value, -0) ? new PyFloat(0) : new PyInt(BigInt(value.value));
    return value;
  };

  function generatedPair(): { gold: PyTuple[]; goldColumns: number; predicted: PyTuple[]; predictedColumns: number; orderMatters: boolean } {
    const goldColumns = 1 + integer(5);
    const gold = Array.from({ length: integer(7) }, () => Array.from({ length: goldColumns }, () => pick(POOL)()));
    if (next() < 0.3 && gold.length > 1) gold[1] = gold[0]!.slice();
    const order = Array.from({ length: goldColumns }, (_, index) => index).sort(() => next() - 0.5);
    let predicted: PyValue[][] = gold.map((row) => order.map((column) => row[column]!));
    let predictedColumns = goldColumns;
    if (next() < 0.5) predicted.sort(() => next() - 0.5);
    if (next() < 0.35) predicted = predicted.map((row) => row.map((value) => (next() < 0.5 ? retyped(value) : value)));
    if (next() < 0.2 && predicted.length > 0) predicted[integer(predicted.length)]![integer(predictedColumns)] = pick(POOL)();
    if (next() < 0.15 && predicted.length > 1) predicted[0] = predicted[predicted.length - 1]!.slice();
    if (next() < 0.08) predicted.pop();
    if (next() < 0.04) predicted = [];
    if (next() < 0.04) {
      predictedColumns += 1;
      predicted = predicted.map((row) => [...row, null]);
    }
    return { gold, goldColumns, predicted, predictedColumns, orderMatters: next() < 0.5 };
  }

  it("on 4,000 seeded pairs (permuted columns, duplicates, order, NULLs, ints vs floats, text vs numbers, empty results)", () => {
    seedRandom(seededRandom(7));
    const tally = { spiderMatch: 0, spiderMiss: 0, birdMatch: 0, birdMiss: 0, typedRejections: 0 };
    for (let trial = 0; trial < 4000; trial++) {
      const { gold, goldColumns, predicted, predictedColumns, orderMatters } = generatedPair();
      const context = JSON.stringify({ trial, gold, predicted, orderMatters }, (_, value: unknown) =>
        value instanceof PyInt ? `int ${value.value}` : value instanceof PyFloat ? `float ${Object.is(value.value, -0) ? "-0" : value.value}` : value,
      );
      const spider = judgeExecution(outcomeOf(gold, goldColumns), outcomeOf(predicted, predictedColumns), {
        semantics: "spider",
        goldHasOrderBy: orderMatters,
      });
      const official = result_eq(gold, predicted, orderMatters);
      expect(spider.match, context).toBe(official);
      tally[official ? "spiderMatch" : "spiderMiss"]++;
      if (!official && spider.detail?.includes("quick_rej")) tally.typedRejections++;

      const bird = judgeExecution(outcomeOf(gold, goldColumns), outcomeOf(predicted, predictedColumns), { semantics: "bird" });
      const birdOfficial = calculate_ex(predicted, gold) === 1;
      expect(bird.match, context).toBe(birdOfficial);
      tally[birdOfficial ? "birdMatch" : "birdMiss"]++;
    }
    // Every verdict well represented, and quick_rej's int/float sorting actually exercised.
    expect(Math.min(tally.spiderMatch, tally.spiderMiss, tally.birdMatch, tally.birdMiss)).toBeGreaterThan(800);
    expect(tally.typedRejections).toBeGreaterThan(20);
  });
});

describe("the judge and the ports agree on real queries over the sample databases", () => {
  const SAMPLES = join(__dirname, "../../../public/samples");
  const questions = JSON.parse(readFileSync(join(__dirname, "../../../public/benchmark/dev.json"), "utf8")) as { db_id: string; query: string }[];
  const databases = new Map<string, Database>();

  beforeAll(async () => {
    const SQL = await initSqlJs();
    for (const dbId of new Set(questions.map((question) => question.db_id))) {
      databases.set(dbId, new SQL.Database(readFileSync(join(SAMPLES, `${dbId}.sqlite`))));
    }
  });
  afterAll(() => {
    for (const database of databases.values()) database.close();
  });

  /** CPython 3.11's lstrip_sql (Modules/_sqlite/statement.c): what is left after skipping spaces and comments; `;` is not skipped. */
  function lstripSql(sql: string): string {
    const rest = sql.replace(/^(?:[ \t\f\n\r]+|--[^\n]*(?:\n|$)|\/\*[\s\S]*?(?:\*\/|$))*/, "");
    return rest;
  }

  /**
   * Python's `cursor.execute(sql); cursor.fetchall()` over sql.js: one statement only, INTEGER as int, REAL as float.
   * Each text runs once (the queries only read), which keeps the test to seconds on the larger samples.
   */
  function sqlite3Over(database: Database): Sqlite3Connection {
    const results = new Map<string, PyTuple[] | Error>();
    return {
      executeFetchall(sql) {
        if (!results.has(sql)) {
          try {
            results.set(sql, fetchall(database, sql));
          } catch (error) {
            results.set(sql, error as Error);
          }
        }
        const result = results.get(sql)!;
        if (result instanceof Error) throw result;
        return result;
      },
    };
  }

  /** The judge's runner, each text run once too. */
  function memoizedRunner(database: Database): QueryRunner {
    const runner = createSqlJsQueryRunner(database);
    const outcomes = new Map<string, Promise<QueryOutcome>>();
    return {
      run(sql, options) {
        if (!outcomes.has(sql)) outcomes.set(sql, runner.run(sql, options));
        return outcomes.get(sql)!;
      },
    };
  }

  function fetchall(database: Database, sql: string): PyTuple[] {
    const statements = database.iterateStatements(sql);
    const first = statements.next();
    if (first.done) return [];
    const statement = first.value;
    try {
      if (lstripSql(statements.getRemainingSQL()) !== "") throw new Error("sqlite3.ProgrammingError: You can only execute one statement at a time.");
      const rows: PyTuple[] = [];
      const get = statement.get as unknown as (params: null, config: { useBigInt: boolean }) => (SqlValue | bigint)[];
      while (statement.step()) {
        rows.push(
          get
            .call(statement, null, { useBigInt: true })
            .map((value) => (typeof value === "bigint" ? new PyInt(value) : typeof value === "number" ? new PyFloat(value) : value)),
        );
      }
      return rows;
    } finally {
      statement.free();
    }
  }

  /** Predictions near a gold query: DISTINCT added or removed, ORDER BY added or removed, other shapes, types and texts. */
  function predictionsFor(gold: string): string[] {
    const predictions = [
      gold,
      `${gold}; SELECT 1`,
      `SELECT * FROM (${gold}) LIMIT 1`,
      `SELECT DISTINCT * FROM (${gold})`,
      `SELECT * FROM (${gold}) ORDER BY 1 DESC`,
    ];
    predictions.push(/\bDISTINCT\b/i.test(gold) ? gold.replace(/\bDISTINCT\b/i, "") : gold.replace(/^SELECT\b/i, "SELECT DISTINCT"));
    predictions.push(/\bORDER BY\b/i.test(gold) ? gold.replace(/\s+ORDER BY\b[\s\S]*$/i, "") : `${gold} ORDER BY 1`);
    if (/\bcount\(\*\)/i.test(gold)) predictions.push(gold.replace(/\bcount\(\*\)/i, "count(*) * 1.0"));
    if (/>=|<=|!=/.test(gold)) predictions.push(gold.replace(/>=/g, "> =").replace(/<=/g, "< =").replace(/!=/g, "! ="));
    if (/=\s*\d+/.test(gold)) predictions.push(gold.replace(/=\s*\d+/, "= value "));
    predictions.push(`  ${gold.replace(/^SELECT\b/i, "select")}\n`);
    return predictions;
  }

  // Pairs at the edges of the official code: Python's types in quick_rej, texts it rewrites, statements it drops or refuses.
  const EDGE_PAIRS: [gold: string, predicted: string][] = [
    ["SELECT 2, 2.5", "SELECT 2.0, 2.5"],
    ["SELECT 2, 2.5 ORDER BY 1", "SELECT 2.5, 2.0"],
    ["SELECT 10, 'a' UNION ALL SELECT 2, 'b'", "SELECT 10.0, 'a' UNION ALL SELECT 2, 'b'"],
    ["SELECT -0.0, 1", "SELECT 0.0, 1"],
    ["SELECT -0.0, 0.5", "SELECT 0, 0.5"],
    ["SELECT 1 UNION ALL SELECT 1", "SELECT 1.0 UNION ALL SELECT 1"],
    ["SELECT 'order by', 1 UNION ALL SELECT 'x', 2", "SELECT 'x', 2 UNION ALL SELECT 'order by', 1"],
    ["SELECT title FROM books WHERE book_id < 4", "SELECT title FROM books WHERE book_id < 4;;"],
    ["SELECT title FROM books WHERE book_id < 4", "SELECT title FROM books WHERE book_id < 4; -- done"],
    ["SELECT title FROM books WHERE book_id < 4", "SELECT title FROM books WHERE book_id < 4; SELECT 1"],
    ["SELECT title FROM books WHERE book_id > = 4 AND book_id < 9", "SELECT title FROM books WHERE book_id >= 4 AND book_id < 9"],
    ["SELECT count(DISTINCT format) FROM books", "SELECT count(format) FROM books"],
    ["SELECT DISTINCT format FROM books ORDER BY format", "SELECT format FROM books GROUP BY format ORDER BY format"],
    ["SELECT title FROM books WHERE book_id = 3", "SELECT title FROM books WHERE book_id = value AND 1"],
    ["SELECT title FROM books WHERE book_id = 3", "  SELECT title FROM books WHERE book_id = 3  \n"],
    ["SELECT x'00ff', NULL", "SELECT NULL, x'00ff'"],
    ["SELECT '1', 1", "SELECT 1, '1'"],
    ["SELECT 1e16, 1", "SELECT 10000000000000000, 1"],
    ["SELECT title FROM books WHERE 0", "-- no query"],
    ["SELECT title FROM books WHERE 0", "   "],
  ];

  /** The official verdict; a Python exception that stops the script (remove_distinct's IndexError on an empty text) scores nothing. */
  const officialVerdict = (evaluate: () => 0 | 1): boolean => {
    try {
      return evaluate() === 1;
    } catch {
      return false;
    }
  };

  it("Spider and BIRD on pairs at the edges of the official code", async () => {
    const database = databases.get("bookshop")!;
    const connection = sqlite3Over(database);
    const runner = memoizedRunner(database);
    for (const [gold, predicted] of EDGE_PAIRS) {
      for (const keepDistinct of [false, true]) {
        const judgement = await judgeQueries(runner, gold, predicted, { semantics: "spider", keepDistinct });
        expect(judgement.match, JSON.stringify({ gold, predicted, keepDistinct, judgement })).toBe(
          officialVerdict(() => evaluate_exec_one(connection, predicted, `${gold}\tbookshop`, keepDistinct)),
        );
      }
      const bird = await judgeQueries(runner, gold, predicted, { semantics: "bird" });
      expect(bird.match, JSON.stringify({ gold, predicted, bird })).toBe(execute_model(predicted, gold, connection) === 1);
    }
  });

  it("Spider (DISTINCT dropped and kept) and BIRD, every gold query of the teaching benchmark against its perturbations", async () => {
    seedRandom(seededRandom(11));
    const tally = { pairs: 0, spiderMatch: 0, spiderMiss: 0, keptDistinctDiffers: 0, birdMatch: 0, birdMiss: 0 };
    for (const { db_id, query: gold } of questions) {
      const database = databases.get(db_id)!;
      const connection = sqlite3Over(database);
      const runner = memoizedRunner(database);
      for (const predicted of predictionsFor(gold)) {
        tally.pairs++;
        const context = JSON.stringify({ db_id, gold, predicted });
        const verdicts: boolean[] = [];
        for (const keepDistinct of [false, true]) {
          const judgement = await judgeQueries(runner, gold, predicted, { semantics: "spider", keepDistinct });
          const official = evaluate_exec_one(connection, predicted, `${gold}\t${db_id}`, keepDistinct) === 1;
          expect(judgement.match, `${context} keepDistinct=${keepDistinct}`).toBe(official);
          verdicts.push(official);
        }
        tally[verdicts[0] ? "spiderMatch" : "spiderMiss"]++;
        if (verdicts[0] !== verdicts[1]) tally.keptDistinctDiffers++;
        const bird = await judgeQueries(runner, gold, predicted, { semantics: "bird" });
        const birdOfficial = execute_model(predicted, gold, connection) === 1;
        expect(bird.match, context).toBe(birdOfficial);
        tally[birdOfficial ? "birdMatch" : "birdMiss"]++;
      }
    }
    expect(tally.pairs).toBeGreaterThan(700);
    expect(Math.min(tally.spiderMatch, tally.spiderMiss, tally.birdMatch, tally.birdMiss)).toBeGreaterThan(50);
    expect(tally.keptDistinctDiffers).toBeGreaterThan(5);
  });
});
