// Tests for splitting SQL into statements and picking the statement under the editor cursor.
import { describe, expect, it } from "vitest";
import { firstKeyword, splitStatements, statementAtOffset, type StatementSpan } from "./sql-statements";
import { statementSpanSchema } from "./type-schemas";

function texts(sql: string): string[] {
  return splitStatements(sql).map((span) => span.text);
}

/** Every span must point back at exactly its text in the original string. */
function expectSpansMapBack(sql: string, spans: StatementSpan[]): void {
  for (const span of spans) {
    expect(sql.slice(span.start, span.end)).toBe(span.text);
    expect(span.text).toBe(span.text.trim());
    expect(statementSpanSchema.safeParse(span).success).toBe(true);
  }
}

/** The text with `|` marking the cursor, turned into [text, offset]. */
function withCursor(marked: string): [string, number] {
  const offset = marked.indexOf("|");
  if (offset === -1) throw new Error("no cursor marker");
  return [marked.slice(0, offset) + marked.slice(offset + 1), offset];
}

function textAt(marked: string): string | null {
  const [sql, offset] = withCursor(marked);
  return statementAtOffset(sql, offset)?.text ?? null;
}

describe("splitStatements", () => {
  it("splits at semicolons and keeps each one with its statement", () => {
    const sql = "SELECT 1; SELECT 2;\nSELECT 3";
    const spans = splitStatements(sql);
    expect(spans).toEqual([
      { text: "SELECT 1;", start: 0, end: 9 },
      { text: "SELECT 2;", start: 10, end: 19 },
      { text: "SELECT 3", start: 20, end: 28 },
    ]);
    expectSpansMapBack(sql, spans);
  });

  it("returns nothing for empty, blank or comment-only input", () => {
    expect(splitStatements("")).toEqual([]);
    expect(splitStatements("  \n\t ")).toEqual([]);
    expect(splitStatements("-- just a note\n/* and a block */\n")).toEqual([]);
    expect(splitStatements(";;  ; -- nothing\n;")).toEqual([]);
  });

  it("drops empty statements between semicolons", () => {
    expect(texts("SELECT 1;;\n;SELECT 2;")).toEqual(["SELECT 1;", "SELECT 2;"]);
  });

  it("trims whitespace and surrounding comments but keeps comments inside a statement", () => {
    const sql = "  -- the users\n  SELECT * /* all */ FROM users -- trailing\n  ;  -- after\n";
    const spans = splitStatements(sql);
    expect(spans.map((span) => span.text)).toEqual(["SELECT * /* all */ FROM users -- trailing\n  ;"]);
    expectSpansMapBack(sql, spans);
  });

  it("does not keep a trailing comment in a final statement without a semicolon", () => {
    expect(texts("SELECT 1 -- done")).toEqual(["SELECT 1"]);
    expect(texts("SELECT 1 /* done */\n")).toEqual(["SELECT 1"]);
  });

  it("ignores semicolons inside single-quoted strings, with '' escapes", () => {
    const sql = "INSERT INTO t VALUES ('a;b', 'it''s; fine');SELECT ';'";
    expect(texts(sql)).toEqual(["INSERT INTO t VALUES ('a;b', 'it''s; fine');", "SELECT ';'"]);
    expectSpansMapBack(sql, splitStatements(sql));
  });

  it("ignores semicolons inside double-quoted, backtick and bracket identifiers", () => {
    expect(texts('SELECT "a;b" FROM "t"";x"; SELECT 2')).toEqual(['SELECT "a;b" FROM "t"";x";', "SELECT 2"]);
    expect(texts("SELECT `a;b`, `c``;d` FROM t; SELECT 2")).toEqual(["SELECT `a;b`, `c``;d` FROM t;", "SELECT 2"]);
    expect(texts("SELECT [a;b] FROM [my;table]; SELECT 2")).toEqual(["SELECT [a;b] FROM [my;table];", "SELECT 2"]);
  });

  it("ignores semicolons inside line and block comments", () => {
    expect(texts("SELECT 1 -- no; split here\n+ 1; SELECT 2")).toEqual(["SELECT 1 -- no; split here\n+ 1;", "SELECT 2"]);
    expect(texts("SELECT /* a; b; */ 1; SELECT 2")).toEqual(["SELECT /* a; b; */ 1;", "SELECT 2"]);
  });

  it("does not treat quote characters inside comments, or comment markers inside strings, as special", () => {
    expect(texts("SELECT 1 -- it's\n; SELECT 2")).toEqual(["SELECT 1 -- it's\n;", "SELECT 2"]);
    expect(texts("SELECT '--x'; SELECT '/*'; SELECT 3")).toEqual(["SELECT '--x';", "SELECT '/*';", "SELECT 3"]);
    expect(texts("SELECT 4 - -1; SELECT 5 / 2")).toEqual(["SELECT 4 - -1;", "SELECT 5 / 2"]);
  });

  it("runs an unterminated string, identifier or comment to the end without throwing", () => {
    expect(texts("SELECT 1; SELECT 'open; SELECT 3")).toEqual(["SELECT 1;", "SELECT 'open; SELECT 3"]);
    expect(texts('SELECT 1; SELECT "open; SELECT 3')).toEqual(["SELECT 1;", 'SELECT "open; SELECT 3']);
    expect(texts("SELECT 1; SELECT [open; SELECT 3")).toEqual(["SELECT 1;", "SELECT [open; SELECT 3"]);
    expect(texts("SELECT 1; SELECT 2 /* open; SELECT 3")).toEqual(["SELECT 1;", "SELECT 2"]);
    expect(texts("SELECT 1; /* open; SELECT 3")).toEqual(["SELECT 1;"]);
  });

  it("keeps a CREATE TRIGGER body with its semicolons in one statement", () => {
    const trigger = [
      "CREATE TRIGGER log_update AFTER UPDATE ON orders",
      "BEGIN",
      "  INSERT INTO audit VALUES (old.id, 'updated');",
      "  UPDATE totals SET n = n + 1;",
      "END;",
    ].join("\n");
    const sql = `SELECT 1;\n${trigger}\nSELECT 2;`;
    const spans = splitStatements(sql);
    expect(spans.map((span) => span.text)).toEqual(["SELECT 1;", trigger, "SELECT 2;"]);
    expectSpansMapBack(sql, spans);
  });

  it("does not let CASE … END inside a trigger body close the trigger", () => {
    const trigger = [
      "create temp trigger grade after insert on scores",
      "when new.value > 0",
      "begin",
      "  update scores set label = case when new.value > 90 then 'A' else 'B' end where id = new.id;",
      "  insert into log values (CASE new.value WHEN 1 THEN 'one' END);",
      "end;",
    ].join("\n");
    expect(texts(`${trigger} select 2;`)).toEqual([trigger, "select 2;"]);
  });

  it("handles CREATE TEMPORARY TRIGGER, IF NOT EXISTS, CASE before BEGIN and EXPLAIN", () => {
    const temporary = "CREATE TEMPORARY TRIGGER IF NOT EXISTS t1 BEFORE DELETE ON a BEGIN DELETE FROM b; END;";
    expect(texts(`${temporary}SELECT 1`)).toEqual([temporary, "SELECT 1"]);
    const caseInWhen = "CREATE TRIGGER t2 AFTER INSERT ON a WHEN CASE WHEN new.x THEN 1 END BEGIN SELECT 1; SELECT 2; END;";
    expect(texts(`${caseInWhen} SELECT 3;`)).toEqual([caseInWhen, "SELECT 3;"]);
    const explained = "EXPLAIN QUERY PLAN CREATE TRIGGER t3 AFTER INSERT ON a BEGIN SELECT 1; END;";
    expect(texts(`${explained} SELECT 4;`)).toEqual([explained, "SELECT 4;"]);
  });

  it("does not mistake BEGIN transactions, quoted keywords or lookalike words for trigger bodies", () => {
    expect(texts("BEGIN; INSERT INTO t VALUES (1); END;")).toEqual(["BEGIN;", "INSERT INTO t VALUES (1);", "END;"]);
    expect(texts("BEGIN TRANSACTION; COMMIT;")).toEqual(["BEGIN TRANSACTION;", "COMMIT;"]);
    expect(texts("CREATE TABLE begin_end (begin_date TEXT); SELECT 1;")).toEqual(["CREATE TABLE begin_end (begin_date TEXT);", "SELECT 1;"]);
    const trigger = `CREATE TRIGGER t AFTER INSERT ON a BEGIN SELECT "end", 'END', [case]; SELECT 1; END;`;
    expect(texts(`${trigger} SELECT 2;`)).toEqual([trigger, "SELECT 2;"]);
  });

  it("runs an unfinished trigger to the end of the text", () => {
    const sql = "CREATE TRIGGER t AFTER INSERT ON a BEGIN SELECT 1; SELECT 2;";
    expect(texts(sql)).toEqual([sql]);
  });

  it("maps offsets back exactly with unicode text (UTF-16 indices)", () => {
    const sql = "-- 日本語 😀\nSELECT '😀;é' AS \"名前\";\n\tSELECT 'ü' -- 終わり";
    const spans = splitStatements(sql);
    expect(spans.map((span) => span.text)).toEqual(["SELECT '😀;é' AS \"名前\";", "SELECT 'ü'"]);
    expectSpansMapBack(sql, spans);
    expect(spans[0]?.start).toBe(sql.indexOf("SELECT"));
  });

  it("treats non-ASCII identifiers as words and non-ASCII spaces as whitespace", () => {
    const sql = "\uFEFF\u00A0SELECT prénom FROM élèves;\u00A0";
    const spans = splitStatements(sql);
    expect(spans.map((span) => span.text)).toEqual(["SELECT prénom FROM élèves;"]);
    expectSpansMapBack(sql, spans);
  });

  it("handles CRLF line endings", () => {
    const sql = "SELECT 1; -- one\r\nSELECT 2;\r\n";
    expect(texts(sql)).toEqual(["SELECT 1;", "SELECT 2;"]);
  });

  it("keeps spans in order and non-overlapping over a long script", () => {
    const parts = Array.from({ length: 500 }, (_, index) => `INSERT INTO t VALUES (${index}, 'a;${index}'); -- row ${index}`);
    const sql = parts.join("\n");
    const spans = splitStatements(sql);
    expect(spans).toHaveLength(500);
    expectSpansMapBack(sql, spans);
    for (let index = 1; index < spans.length; index++) {
      expect(spans[index]!.start).toBeGreaterThanOrEqual(spans[index - 1]!.end);
    }
  });
});

describe("statementAtOffset", () => {
  it("returns null when there is no statement", () => {
    expect(statementAtOffset("", 0)).toBeNull();
    expect(statementAtOffset("  -- nothing\n", 3)).toBeNull();
  });

  it("picks the statement containing the cursor at its start, middle and end", () => {
    expect(textAt("|SELECT 1; SELECT 2;")).toBe("SELECT 1;");
    expect(textAt("SEL|ECT 1; SELECT 2;")).toBe("SELECT 1;");
    expect(textAt("SELECT 1; SELECT 2|;")).toBe("SELECT 2;");
    expect(textAt("SELECT 1; |SELECT 2;")).toBe("SELECT 2;");
    expect(textAt("SELECT 1; SELECT 2;|")).toBe("SELECT 2;");
  });

  it("picks the statement just finished when the cursor is right after its semicolon", () => {
    expect(textAt("SELECT 1;|SELECT 2;")).toBe("SELECT 1;");
    expect(textAt("SELECT 1;| SELECT 2;")).toBe("SELECT 1;");
    expect(textAt("SELECT 1;\nSELECT 2;|\nSELECT 3;")).toBe("SELECT 2;");
  });

  it("picks the statement before the cursor when the cursor is in the gap on the same line", () => {
    expect(textAt("SELECT 1;   |   SELECT 2;")).toBe("SELECT 1;");
    expect(textAt("SELECT 1; -- note |\nSELECT 2;")).toBe("SELECT 1;");
    expect(textAt("SELECT 1 |")).toBe("SELECT 1");
  });

  it("picks the statement before the cursor on blank lines and comment lines between statements", () => {
    expect(textAt("SELECT 1;\n|\nSELECT 2;")).toBe("SELECT 1;");
    expect(textAt("SELECT 1;\n\n  |  \n\nSELECT 2;")).toBe("SELECT 1;");
    expect(textAt("SELECT 1;\n-- about |two\nSELECT 2;")).toBe("SELECT 1;");
    expect(textAt("SELECT 1;\n\n|")).toBe("SELECT 1;");
  });

  it("picks the next statement when the cursor is in the indentation of its first line", () => {
    expect(textAt("SELECT 1;\n  |  SELECT 2;")).toBe("SELECT 2;");
    expect(textAt("SELECT 1;\n|\tSELECT 2;")).toBe("SELECT 2;");
  });

  it("picks the first statement when the cursor is before it", () => {
    expect(textAt("|\n\n  SELECT 1;\nSELECT 2;")).toBe("SELECT 1;");
    expect(textAt("-- intro |\nSELECT 1;\nSELECT 2;")).toBe("SELECT 1;");
  });

  it("picks the whole trigger when the cursor is inside its body", () => {
    const [sql, offset] = withCursor("SELECT 0;\nCREATE TRIGGER t AFTER INSERT ON a BEGIN\n  SELECT 1;|\n  SELECT 2;\nEND;\nSELECT 3;");
    expect(statementAtOffset(sql, offset)?.text).toBe("CREATE TRIGGER t AFTER INSERT ON a BEGIN\n  SELECT 1;\n  SELECT 2;\nEND;");
  });

  it("clamps offsets outside the text", () => {
    expect(statementAtOffset("SELECT 1; SELECT 2", -5)?.text).toBe("SELECT 1;");
    expect(statementAtOffset("SELECT 1; SELECT 2", 999)?.text).toBe("SELECT 2");
  });

  it("uses UTF-16 offsets with unicode text", () => {
    const [sql, offset] = withCursor("SELECT '😀';\nSELECT 'é|';");
    const span = statementAtOffset(sql, offset);
    expect(span?.text).toBe("SELECT 'é';");
    expect(sql.slice(span!.start, span!.end)).toBe(span!.text);
  });
});

describe("firstKeyword", () => {
  it("returns the first word upper-cased, skipping comments and whitespace", () => {
    expect(firstKeyword("  -- note\n/* x */ select 1")).toBe("SELECT");
    expect(firstKeyword("With x AS (SELECT 1) SELECT * FROM x")).toBe("WITH");
    expect(firstKeyword("pragma table_info(t)")).toBe("PRAGMA");
  });

  it("returns null when the text does not start with a word", () => {
    expect(firstKeyword("")).toBeNull();
    expect(firstKeyword("-- only a comment")).toBeNull();
    expect(firstKeyword("(SELECT 1)")).toBeNull();
    expect(firstKeyword("'text'")).toBeNull();
  });
});
