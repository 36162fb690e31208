// The clause stages of many kinds of SELECT, each stage's row count checked by running its SQL directly on SQLite.
import initSqlJs, { type Database } from "sql.js";
import { beforeAll, describe, expect, it } from "vitest";
import { diagnoseSql, planStages, queryPlanTree, type SqlDiagnosis } from "./sql-diagnosis";
import { SqliteEngine } from "./sqljs-engine";

const FIXTURE_SQL = `
CREATE TABLE authors (author_id INTEGER PRIMARY KEY, name TEXT NOT NULL, country TEXT);
CREATE TABLE books (book_id INTEGER PRIMARY KEY, title TEXT NOT NULL, author_id INTEGER REFERENCES authors(author_id), price REAL, "order" INTEGER, [group] TEXT);
CREATE TABLE sales (sale_id INTEGER PRIMARY KEY, book_id INTEGER REFERENCES books(book_id), quantity INTEGER, sold_on TEXT);
CREATE TABLE "Städte" (Name TEXT, Einwohnerzahl INTEGER, Land TEXT);
INSERT INTO authors VALUES (1, 'Ada', 'UK'), (2, 'Alan', 'UK'), (3, 'Grace', 'US'), (4, 'Edsger', 'NL');
INSERT INTO books VALUES
  (1, 'Notes', 1, 9.5, 3, 'classic'), (2, 'Computing', 2, 12, 1, 'classic'), (3, 'Compilers', 3, 30, 2, 'modern'),
  (4, 'Go To', 4, 5, 4, 'essay'), (5, 'Machines', 2, 18, 5, 'modern'), (6, 'Unsold', NULL, 7, 6, NULL);
INSERT INTO sales VALUES (1, 1, 2, '2024-01-03'), (2, 1, 1, '2024-02-10'), (3, 2, 5, '2024-02-11'), (4, 3, 1, '2024-03-01'),
  (5, 5, 3, '2024-03-15'), (6, 5, 1, '2024-04-02'), (7, 4, 2, '2024-04-20');
INSERT INTO "Städte" VALUES ('Berlin', 3850000, 'DE'), ('München', 1510000, 'DE'), ('Zürich', 440000, 'CH'), ('Köln', 1080000, 'DE');
`;

let engine: SqliteEngine;
let direct: Database;

beforeAll(async () => {
  const SQL = await initSqlJs();
  direct = new SQL.Database();
  direct.exec(FIXTURE_SQL);
  engine = new SqliteEngine(SQL);
  await engine.open(direct.export());
});

/** Rows SQLite returns for a statement, counted without the diagnosis's executor. */
function countDirectly(sql: string): number {
  const statement = direct.prepare(sql);
  let rows = 0;
  while (statement.step()) rows++;
  statement.free();
  return rows;
}

async function diagnosed(sql: string): Promise<SqlDiagnosis> {
  const outcome = await diagnoseSql(engine, sql);
  if (!outcome.ok) throw new Error(outcome.error.message);
  for (const stage of outcome.diagnosis.stages) {
    expect(stage.error, stage.sql).toBeNull();
    expect(stage.rows, stage.sql).toBe(countDirectly(stage.sql));
  }
  return outcome.diagnosis;
}

const clauses = (diagnosis: SqlDiagnosis) => diagnosis.stages.map((stage) => `${stage.part}: ${stage.clause} = ${stage.rows}`);

describe("diagnoseSql", () => {
  it("adds each WHERE condition in turn after the join and names the first stage with no rows", async () => {
    const sql =
      "SELECT b.title, a.name FROM books AS b JOIN authors a ON a.author_id = b.author_id WHERE a.country = 'UK' AND b.price > 10 AND b.price > 100 ORDER BY b.title LIMIT 3";
    const diagnosis = await diagnosed(sql);
    expect(clauses(diagnosis)).toEqual([
      "query: FROM/JOIN = 5",
      "query: WHERE a.country = 'UK' = 3",
      "query: WHERE b.price > 10 = 2",
      "query: WHERE b.price > 100 = 0",
      "query: SELECT = 0",
      "query: ORDER BY/LIMIT = 0",
    ]);
    expect(diagnosis.firstEmptyStage).toBe(3);
    expect(diagnosis.stages[0]!.sql).toBe("SELECT * FROM books AS b JOIN authors a ON a.author_id = b.author_id");
    expect(diagnosis.stages.at(-1)!.sql).toBe(sql);
  });

  it("keeps left-joined rows and counts the stages of GROUP BY, HAVING and DISTINCT", async () => {
    const diagnosis = await diagnosed(
      "SELECT DISTINCT a.country FROM authors a LEFT JOIN books b ON b.author_id = a.author_id LEFT JOIN sales s ON s.book_id = b.book_id GROUP BY a.author_id HAVING count(s.sale_id) > 1",
    );
    expect(clauses(diagnosis)).toEqual(["query: FROM/JOIN = 7", "query: GROUP BY = 4", "query: HAVING = 2", "query: SELECT DISTINCT = 1"]);
    expect(diagnosis.firstEmptyStage).toBeNull();
  });

  it("does not split AND inside BETWEEN, CASE or parentheses, and keeps a condition with a top-level OR whole", async () => {
    const diagnosis = await diagnosed(
      "SELECT title FROM books WHERE price BETWEEN 5 AND 20 AND (CASE WHEN price > 6 AND price < 19 THEN 1 ELSE 0 END) = 1 AND (title LIKE 'C%' AND price > 10 OR title = 'Notes')",
    );
    expect(diagnosis.stages.map((stage) => stage.clause)).toEqual([
      "FROM/JOIN",
      "WHERE price BETWEEN 5 AND 20",
      "WHERE (CASE WHEN price > 6 AND price < 19 THEN 1 ELSE 0 END) = 1",
      "WHERE (title LIKE 'C%' AND price > 10 OR title = 'Notes')",
      "SELECT",
    ]);
    const ored = await diagnosed("SELECT title FROM books WHERE price > 20 AND price < 8 OR title = 'Notes'");
    expect(ored.stages.map((stage) => stage.clause)).toEqual(["FROM/JOIN", "WHERE price > 20 AND price < 8 OR title = 'Notes'", "SELECT"]);
  });

  it("breaks down subqueries in FROM and WHERE before the outer query", async () => {
    const diagnosis = await diagnosed(
      "SELECT recent.title FROM (SELECT b.title, b.book_id FROM books b WHERE b.price < 20) AS recent WHERE recent.book_id IN (SELECT book_id FROM sales WHERE quantity > 1 AND sold_on >= '2024-03-01')",
    );
    expect(clauses(diagnosis)).toEqual([
      "subquery 1 in FROM: FROM/JOIN = 6",
      "subquery 1 in FROM: WHERE b.price < 20 = 5",
      "subquery 1 in FROM: SELECT = 5",
      "subquery 1 in WHERE: FROM/JOIN = 7",
      "subquery 1 in WHERE: WHERE quantity > 1 = 4",
      "subquery 1 in WHERE: WHERE sold_on >= '2024-03-01' = 2",
      "subquery 1 in WHERE: SELECT = 2",
      "query: FROM/JOIN = 5",
      "query: WHERE recent.book_id IN (SELECT book_id FROM sales WHERE quantity > 1 AND sold_on >= '2024-03-01') = 2",
      "query: SELECT = 2",
    ]);
  });

  it("breaks a compound SELECT into its parts, the ORDER BY/LIMIT applying to the whole", async () => {
    const diagnosis = await diagnosed(
      "SELECT name FROM authors WHERE country = 'UK' UNION SELECT title FROM books WHERE price > 15 EXCEPT SELECT 'Ada' ORDER BY 1 LIMIT 2",
    );
    expect(clauses(diagnosis)).toEqual([
      "UNION part 1: FROM/JOIN = 4",
      "UNION part 1: WHERE country = 'UK' = 2",
      "UNION part 1: SELECT = 2",
      "UNION part 2: FROM/JOIN = 6",
      "UNION part 2: WHERE price > 15 = 2",
      "UNION part 2: SELECT = 2",
      "UNION part 3: SELECT = 1",
      "query: ORDER BY/LIMIT = 2",
    ]);
  });

  it("keeps the WITH clause in front of every stage", async () => {
    const sql = `WITH RECURSIVE months(m) AS (SELECT 1 UNION ALL SELECT m + 1 FROM months WHERE m < 4),
      totals AS (SELECT book_id, sum(quantity) AS quantity FROM sales GROUP BY book_id)
      SELECT m, count(t.book_id) FROM months LEFT JOIN totals t ON t.book_id = m WHERE t.quantity > 2 GROUP BY m`;
    const diagnosis = await diagnosed(sql);
    expect(clauses(diagnosis)).toEqual(["query: FROM/JOIN = 4", "query: WHERE t.quantity > 2 = 2", "query: GROUP BY = 2"]);
    for (const stage of diagnosis.stages) expect(stage.sql.startsWith("WITH RECURSIVE months(m)")).toBe(true);
  });

  it("diagnoses window functions with a named window", async () => {
    const diagnosis = await diagnosed(
      "SELECT title, rank() OVER w AS place, sum(price) OVER (ORDER BY price) FROM books WHERE price > 6 WINDOW w AS (PARTITION BY [group] ORDER BY price DESC) ORDER BY place LIMIT 4",
    );
    expect(clauses(diagnosis)).toEqual(["query: FROM/JOIN = 6", "query: WHERE price > 6 = 5", "query: SELECT = 5", "query: ORDER BY/LIMIT = 4"]);
  });

  it("keeps quoted keywords as identifiers and non-English names as written", async () => {
    const keywords = await diagnosed(`SELECT "order", [group] FROM books WHERE "order" > 2 AND [group] = 'modern' ORDER BY "order"`);
    expect(keywords.stages.map((stage) => stage.clause)).toEqual(["FROM/JOIN", `WHERE "order" > 2`, "WHERE [group] = 'modern'", "SELECT", "ORDER BY/LIMIT"]);
    expect(keywords.stages[2]!.sql).toBe(`SELECT * FROM books WHERE "order" > 2 AND [group] = 'modern'`);
    expect(keywords.stages.at(-2)!.rows).toBe(1);

    const german = await diagnosed(`SELECT Name FROM "Städte" WHERE Land = 'DE' AND Einwohnerzahl > 5000000`);
    expect(clauses(german)).toEqual(["query: FROM/JOIN = 4", "query: WHERE Land = 'DE' = 3", "query: WHERE Einwohnerzahl > 5000000 = 0", "query: SELECT = 0"]);
    expect(german.firstEmptyStage).toBe(2);
  });

  it("leaves out a correlated subquery, which cannot run on its own, and keeps the outer stages", async () => {
    const diagnosis = await diagnosed(
      "SELECT title FROM books b WHERE EXISTS (SELECT 1 FROM sales s WHERE s.book_id = b.book_id AND s.quantity > 2) AND b.price > 1 AND b.book_id IN (SELECT book_id FROM sales)",
    );
    expect(clauses(diagnosis)).toEqual([
      "subquery 2 in WHERE: FROM/JOIN = 7",
      "subquery 2 in WHERE: SELECT = 7",
      "query: FROM/JOIN = 6",
      "query: WHERE EXISTS (SELECT 1 FROM sales s WHERE s.book_id = b.book_id AND s.quantity > 2) = 2",
      "query: WHERE b.price > 1 = 2",
      "query: WHERE b.book_id IN (SELECT book_id FROM sales) = 2",
      "query: SELECT = 2",
    ]);
  });

  it("reads IS DISTINCT FROM and NOT BETWEEN as operators, not clauses", async () => {
    const diagnosis = await diagnosed(
      "SELECT title, price IS NOT DISTINCT FROM 12 FROM books WHERE [group] IS DISTINCT FROM 'modern' AND price NOT BETWEEN 6 AND 10",
    );
    expect(clauses(diagnosis)).toEqual([
      "query: FROM/JOIN = 6",
      "query: WHERE [group] IS DISTINCT FROM 'modern' = 4",
      "query: WHERE price NOT BETWEEN 6 AND 10 = 2",
      "query: SELECT = 2",
    ]);
  });

  it("marks the join when the join itself leaves no rows", async () => {
    const diagnosis = await diagnosed("SELECT * FROM books b JOIN sales s ON s.book_id = b.book_id AND s.quantity > 10 WHERE b.price > 1");
    expect(diagnosis.firstEmptyStage).toBe(0);
    expect(diagnosis.stages[0]!.clause).toBe("FROM/JOIN");
  });

  it("gives the query plan, drawn as a tree", async () => {
    const diagnosis = await diagnosed("SELECT title FROM books WHERE book_id IN (SELECT book_id FROM sales) ORDER BY title");
    expect(diagnosis.planError).toBeNull();
    const tree = queryPlanTree(diagnosis.plan);
    const details = (nodes: typeof tree): string[] => nodes.flatMap((node) => [node.detail, ...details(node.children)]);
    expect(details(tree).some((detail) => detail.includes("books"))).toBe(true);
    expect(tree.length).toBeGreaterThan(0);
    expect(
      queryPlanTree([
        { id: 2, parent: 0, detail: "SCAN a" },
        { id: 5, parent: 2, detail: "SEARCH b" },
        { id: 9, parent: 0, detail: "USE TEMP B-TREE" },
      ]),
    ).toEqual([
      { id: 2, detail: "SCAN a", children: [{ id: 5, detail: "SEARCH b", children: [] }] },
      { id: 9, detail: "USE TEMP B-TREE", children: [] },
    ]);
  });
});

describe("statements that cannot be broken down", () => {
  it.each([
    ["nothing", "  -- just a comment", "no-statement"],
    ["a write", "DELETE FROM books", "not-a-select"],
    ["a VALUES list", "VALUES (1), (2)", "not-a-select"],
    ["two statements", "SELECT 1; SELECT 2", "not-a-select"],
    ["an unclosed parenthesis", "SELECT (1 FROM books", "cannot-parse"],
  ])("refuses %s with a message", (_name, sql, kind) => {
    const planned = planStages(sql);
    expect(planned.ok).toBe(false);
    if (!planned.ok) {
      expect(planned.error.kind).toBe(kind);
      expect(planned.error.message.length).toBeGreaterThan(20);
    }
  });

  it("answers with SQLite's error when the query itself fails", async () => {
    const outcome = await diagnoseSql(engine, "SELECT nope FROM books WHERE price > 1");
    expect(outcome).toEqual({ ok: false, error: { kind: "sql-error", message: expect.stringContaining("no such column: nope") } });
  });

  it("a query without FROM is one stage, the query itself", async () => {
    const diagnosis = await diagnosed("SELECT 1 + 1;");
    expect(diagnosis.stages).toMatchObject([{ clause: "SELECT", sql: "SELECT 1 + 1", rows: 1 }]);
  });
});
