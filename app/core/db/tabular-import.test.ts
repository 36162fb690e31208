// Tests for turning CSV/TSV/JSON text into typed tables and the SQL that creates and fills them.
import { describe, expect, it } from "vitest";
import { quoteIdentifier } from "./identifiers";
import {
  MAX_COLUMNS,
  createTableSql,
  importErrorSchema,
  insertSql,
  isImportError,
  parseDelimited,
  parseJsonRows,
  parsedTableSchema,
  tableNameFromFileName,
  type ImportError,
  type ParsedTable,
} from "./tabular-import";

function table(result: ParsedTable | ImportError): ParsedTable {
  if (isImportError(result)) throw new Error(`expected a table, got ${result.kind}: ${result.message}`);
  expect(parsedTableSchema.safeParse(result).success).toBe(true);
  return result;
}

function failure(result: ParsedTable | ImportError): ImportError {
  if (!isImportError(result)) throw new Error(`expected an import error, got a table of ${result.rowCount} rows`);
  expect(importErrorSchema.safeParse(result).success).toBe(true);
  return result;
}

function csv(text: string, delimiter?: "," | "\t" | ";" | "|"): ParsedTable {
  return table(parseDelimited(text, { delimiter }));
}

function types(parsed: ParsedTable): Record<string, string> {
  return Object.fromEntries(parsed.columns.map((column) => [column.name, column.type]));
}

describe("parseDelimited", () => {
  it("reads a simple CSV with typed columns", () => {
    const parsed = csv("id,amount,note\n1,2.5,hello\n2,3,world\n");
    expect(parsed.columns).toEqual([
      { name: "id", type: "INTEGER" },
      { name: "amount", type: "REAL" },
      { name: "note", type: "TEXT" },
    ]);
    expect(parsed.rows).toEqual([
      [1, 2.5, "hello"],
      [2, 3, "world"],
    ]);
    expect(parsed.rowCount).toBe(2);
    expect(parsed.warnings).toEqual([]);
  });

  it("strips a UTF-8 byte order mark so the first column name is clean", () => {
    const parsed = csv("\uFEFFname,age\r\nAda,36\r\n");
    expect(parsed.columns.map((column) => column.name)).toEqual(["name", "age"]);
    expect(parsed.rows).toEqual([["Ada", 36]]);
  });

  it("reads quoted fields holding delimiters, newlines and doubled quotes", () => {
    const parsed = csv('name,quote\n"Smith, John","He said ""hi""\nthen left"\n"plain",x\n');
    expect(parsed.rows).toEqual([
      ["Smith, John", 'He said "hi"\nthen left'],
      ["plain", "x"],
    ]);
  });

  it("detects tabs, semicolons and pipes, and honours an explicit delimiter", () => {
    expect(csv("a\tb\n1\t2\n").rows).toEqual([[1, 2]]);
    expect(csv("a;b\n1,5;2\n").rows).toEqual([["1,5", 2]]);
    expect(csv("a|b\nx|y\n").rows).toEqual([["x", "y"]]);
    expect(csv("a,b;c\n1,2;3\n", ";").columns.map((column) => column.name)).toEqual(["a,b", "c"]);
    expect(csv("a b\tc\nx y\tz\n", "\t").rows).toEqual([["x y", "z"]]);
  });

  it("reads a single-column file (no delimiter to detect) without a warning", () => {
    const parsed = csv("city\nParis\nOslo\n");
    expect(parsed.columns).toEqual([{ name: "city", type: "TEXT" }]);
    expect(parsed.rows).toEqual([["Paris"], ["Oslo"]]);
    expect(parsed.warnings).toEqual([]);
  });

  it("skips empty and blank lines", () => {
    const parsed = csv("a,b\n\n1,2\n   \n\n3,4\n\n");
    expect(parsed.rows).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });

  describe("type inference", () => {
    it("keeps codes with leading zeros as TEXT (zip code 02134)", () => {
      const parsed = csv("zip,n\n02134,1\n10001,2\n");
      expect(types(parsed)).toEqual({ zip: "TEXT", n: "INTEGER" });
      expect(parsed.rows[0]).toEqual(["02134", 1]);
    });

    it("accepts signs, zero and scientific notation", () => {
      const parsed = csv("i,r,s\n-5,1e5,+3\n0,-2.5E-3,-0\n+7,.5,12\n");
      expect(types(parsed)).toEqual({ i: "INTEGER", r: "REAL", s: "INTEGER" });
      expect(parsed.rows).toEqual([
        [-5, 100000, 3],
        [0, -0.0025, -0],
        [7, 0.5, 12],
      ]);
    });

    it("makes a column REAL when integers and decimals mix", () => {
      const parsed = csv("x\n1\n2.5\n3\n");
      expect(types(parsed)).toEqual({ x: "REAL" });
      expect(parsed.rows).toEqual([[1], [2.5], [3]]);
    });

    it("makes a column TEXT when any value is not a number, keeping the others as text", () => {
      const parsed = csv("x,y,z,w\n1,NaN,Infinity,1.2.3\nabc,2,3,4\n");
      expect(types(parsed)).toEqual({ x: "TEXT", y: "TEXT", z: "TEXT", w: "TEXT" });
      expect(parsed.rows).toEqual([
        ["1", "NaN", "Infinity", "1.2.3"],
        ["abc", "2", "3", "4"],
      ]);
    });

    it("judges every value, not just the first rows", () => {
      const lines = ["x"];
      for (let index = 0; index < 5000; index++) lines.push(String(index));
      lines.push("n/a");
      const parsed = csv(lines.join("\n"));
      expect(types(parsed)).toEqual({ x: "TEXT" });
      expect(parsed.rows[1]).toEqual(["1"]);
    });

    it("keeps integers beyond 2^53 as TEXT so no digits are lost", () => {
      const parsed = csv("id\n9007199254740991\n12345678901234567890\n");
      expect(types(parsed)).toEqual({ id: "TEXT" });
      expect(parsed.rows[1]).toEqual(["12345678901234567890"]);
      expect(types(csv("id\n9007199254740991\n-9007199254740991\n"))).toEqual({ id: "INTEGER" });
    });

    it("treats leading zeros in decimals, thousands separators and out-of-range exponents as TEXT", () => {
      expect(types(csv("x\n00.5\n1.5\n"))).toEqual({ x: "TEXT" });
      expect(types(csv('x\n"1,234"\n5\n'))).toEqual({ x: "TEXT" });
      expect(types(csv("x\n1e999\n"))).toEqual({ x: "TEXT" });
      expect(types(csv("x\n0.5\n0\n"))).toEqual({ x: "REAL" });
    });

    it("trims spaces around numbers but keeps text as written", () => {
      const parsed = csv("n,t\n 42 , padded \n7,x\n");
      expect(types(parsed)).toEqual({ n: "INTEGER", t: "TEXT" });
      expect(parsed.rows[0]).toEqual([42, " padded "]);
    });
  });

  it("turns empty and blank cells into NULL in every column type", () => {
    const parsed = csv("i,r,t\n1,,x\n,2.5,\n3,1.5,  \n");
    expect(types(parsed)).toEqual({ i: "INTEGER", r: "REAL", t: "TEXT" });
    expect(parsed.rows).toEqual([
      [1, null, "x"],
      [null, 2.5, null],
      [3, 1.5, null],
    ]);
  });

  it("makes a column with only empty values TEXT", () => {
    expect(types(csv("a,b\n1,\n2,\n"))).toEqual({ a: "INTEGER", b: "TEXT" });
  });

  it("names blank headers column_N and makes repeated names unique, case-insensitively, with warnings", () => {
    const parsed = csv(" id ,,name,Name,name, \n1,2,3,4,5,6\n");
    expect(parsed.columns.map((column) => column.name)).toEqual(["id", "column_2", "name", "Name_2", "name_3", "column_6"]);
    expect(parsed.warnings.join(" ")).toMatch(/no name.*\(2, 6\)/);
    expect(parsed.warnings.join(" ")).toContain('"Name" → "Name_2"');
  });

  it("does not let a generated name take a later column's own name", () => {
    const parsed = csv("a,a,a_2,column_1,\n1,2,3,4,5\n");
    const names = parsed.columns.map((column) => column.name);
    expect(names).toEqual(["a", "a_3", "a_2", "column_1", "column_5"]);
    expect(new Set(names.map((name) => name.toLowerCase())).size).toBe(names.length);
    const blankFirst = csv(",column_1\n1,2\n").columns.map((column) => column.name);
    expect(blankFirst).toEqual(["column_1_2", "column_1"]);
  });

  it("keeps unicode column names and values", () => {
    const parsed = csv("prénom,âge,名前\nÉlodie,30,東京 😀\n");
    expect(parsed.columns.map((column) => column.name)).toEqual(["prénom", "âge", "名前"]);
    expect(parsed.rows).toEqual([["Élodie", 30, "東京 😀"]]);
  });

  describe("ragged rows", () => {
    it("pads short rows with NULL and says how many and where the first one is", () => {
      const text = "a,b,c\n1,2,3\n4,5,6\n7,8,9\n10,11\n12\n13,14,15\n";
      const parsed = csv(text);
      expect(parsed.rows).toEqual([
        [1, 2, 3],
        [4, 5, 6],
        [7, 8, 9],
        [10, 11, null],
        [12, null, null],
        [13, 14, 15],
      ]);
      expect(parsed.warnings).toContain("2 rows had fewer fields than the header (first at line 5); the missing cells are NULL.");
    });

    it("uses the singular for one short row", () => {
      expect(csv("a,b\n1\n").warnings).toContain("1 row had fewer fields than the header (first at line 2); the missing cells are NULL.");
    });

    it("refuses a row with more fields than the header, naming the line and the counts", () => {
      const error = failure(parseDelimited("a,b,c,d\n1,2,3,4\n1,2,3,4\n1,2,3,4\n1,2,3,4\n1,2,3,4\n1,2,3,4,5\n1,2,3,4\n", {}));
      expect(error).toEqual({ kind: "ragged-rows", message: "Line 7 has 5 fields but the header has 4. Nothing was imported." });
    });

    it("counts lines as a person sees them: blank lines, CRLF and newlines inside quotes", () => {
      const text = 'a,b\r\n\r\n"multi\r\nline",1\r\n\r\n   \r\n2,"x\ny"\r\n3,4,5\r\n';
      const error = failure(parseDelimited(text, {}));
      expect(error.message).toBe("Line 9 has 3 fields but the header has 2. Nothing was imported.");
      const short = csv('a,b,c\n\n"one\ntwo",2,3\n\nshort\n');
      expect(short.warnings[0]).toContain("first at line 6");
      const shortAfterQuotes = csv('a,b,c\n"x\n\ny",1\n');
      expect(shortAfterQuotes.warnings[0]).toContain("first at line 2");
    });

    it("counts lines from the top of the file when it starts with blank lines", () => {
      const error = failure(parseDelimited("\n\na,b\n1,2,3\n", {}));
      expect(error.message).toBe("Line 4 has 3 fields but the header has 2. Nothing was imported.");
    });

    it("accepts empty extra fields from a trailing delimiter and says so", () => {
      const parsed = csv("a,b\n1,2,\n3,4,\n");
      expect(parsed.rows).toEqual([
        [1, 2],
        [3, 4],
      ]);
      expect(parsed.warnings).toContain("2 rows had empty fields after the last column (first at line 2), as from a trailing delimiter; they were ignored.");
    });
  });

  it("warns about a quoted field that never closes, with its line", () => {
    const parsed = csv('a,b\n1,2\n3,"open\n4,5\n');
    expect(parsed.rowCount).toBe(2);
    expect(parsed.rows).toEqual([
      [1, "2"],
      [3, "open\n4,5\n"],
    ]);
    expect(parsed.warnings).toContain("Line 3: Quoted field unterminated.");
    expect(csv('a,b\n1,2\n3,"open\n4,5').warnings).toContain("Line 3: Quoted field unterminated.");
  });

  it("reports an empty file, and a header without data, as empty", () => {
    expect(failure(parseDelimited("", {})).kind).toBe("empty");
    expect(failure(parseDelimited("\uFEFF", {})).kind).toBe("empty");
    expect(failure(parseDelimited("\n  \n\n", {})).kind).toBe("empty");
    const headerOnly = failure(parseDelimited("a,b,c\n", {}));
    expect(headerOnly).toEqual({
      kind: "empty",
      message: "The file has a header row (3 columns) but no data rows. Nothing was imported.",
    });
  });

  it(`refuses more than ${MAX_COLUMNS} columns`, () => {
    const header = Array.from({ length: MAX_COLUMNS + 1 }, (_, index) => `c${index}`).join(",");
    const error = failure(parseDelimited(`${header}\n1\n`, {}));
    expect(error.kind).toBe("too-many-columns");
    expect(error.message).toContain(String(MAX_COLUMNS + 1));
    const atLimit = Array.from({ length: MAX_COLUMNS }, (_, index) => `c${index}`).join(",");
    expect(table(parseDelimited(`${atLimit}\n1\n`, {})).columns).toHaveLength(MAX_COLUMNS);
  });

  it("reports progress on a 10,000-row file: at most ~100 calls, increasing, ending at 1", () => {
    const lines = ["id,name,score"];
    for (let index = 0; index < 10_000; index++) lines.push(`${index},"name ${index}",${(index % 97) / 4}`);
    const fractions: number[] = [];
    const parsed = table(parseDelimited(lines.join("\n"), { onProgress: (fraction) => fractions.push(fraction) }));
    expect(parsed.rowCount).toBe(10_000);
    expect(types(parsed)).toEqual({ id: "INTEGER", name: "TEXT", score: "REAL" });
    expect(fractions.length).toBeGreaterThan(10);
    expect(fractions.length).toBeLessThanOrEqual(101);
    for (let index = 1; index < fractions.length; index++) expect(fractions[index]!).toBeGreaterThan(fractions[index - 1]!);
    expect(fractions[0]!).toBeGreaterThanOrEqual(0);
    expect(fractions.at(-1)).toBe(1);
  });

  it("ends progress at 1 for a tiny file too", () => {
    const fractions: number[] = [];
    table(parseDelimited("a\n1", { onProgress: (fraction) => fractions.push(fraction) }));
    expect(fractions.at(-1)).toBe(1);
  });
});

describe("parseJsonRows", () => {
  it("reads an array of objects, with the union of keys in first-seen order", () => {
    const parsed = table(parseJsonRows('[{"id": 1, "name": "a"}, {"name": "b", "score": 2.5, "id": 2}, {"extra": true}]'));
    expect(parsed.columns).toEqual([
      { name: "id", type: "INTEGER" },
      { name: "name", type: "TEXT" },
      { name: "score", type: "REAL" },
      { name: "extra", type: "INTEGER" },
    ]);
    expect(parsed.rows).toEqual([
      [1, "a", null, null],
      [2, "b", 2.5, null],
      [null, null, null, 1],
    ]);
  });

  it("stores nested objects and arrays as JSON text and booleans as 1/0", () => {
    const parsed = table(parseJsonRows('[{"tags": ["x", "y"], "meta": {"a": 1}, "ok": false, "none": null}]'));
    expect(parsed.rows).toEqual([['["x","y"]', '{"a":1}', 0, null]]);
    expect(types(parsed)).toEqual({ tags: "TEXT", meta: "TEXT", ok: "INTEGER", none: "TEXT" });
  });

  it("types strings like CSV cells and mixes numbers into text columns as text", () => {
    const parsed = table(parseJsonRows('[{"zip": "02134", "n": "12", "mixed": 1}, {"zip": "10001", "n": 13, "mixed": "x"}]'));
    expect(types(parsed)).toEqual({ zip: "TEXT", n: "INTEGER", mixed: "TEXT" });
    expect(parsed.rows).toEqual([
      ["02134", 12, "1"],
      ["10001", 13, "x"],
    ]);
  });

  it("reads an array of arrays with the first row as header", () => {
    const parsed = table(parseJsonRows('[["id", "name", ""], [1, "a", 3], [2, "b"]]'));
    expect(parsed.columns.map((column) => column.name)).toEqual(["id", "name", "column_3"]);
    expect(parsed.rows).toEqual([
      [1, "a", 3],
      [2, "b", null],
    ]);
    expect(parsed.warnings).toContain("1 row had fewer fields than the header (first at row 3); the missing cells are NULL.");
  });

  it("refuses an array row longer than its header", () => {
    expect(failure(parseJsonRows('[["a", "b"], [1, 2], [1, 2, 3]]'))).toEqual({
      kind: "ragged-rows",
      message: "Row 3 (the header is row 1) has 3 values but the header has 2. Nothing was imported.",
    });
  });

  it("reads rows from an object's single array property", () => {
    const parsed = table(parseJsonRows('{"data": [{"a": 1}, {"a": 2}]}'));
    expect(parsed.rows).toEqual([[1], [2]]);
    expect(parsed.warnings).toEqual([]);
    const withMeta = table(parseJsonRows('{"count": 2, "meta": {"page": 1}, "results": [["a"], [1], [2]]}'));
    expect(withMeta.rows).toEqual([[1], [2]]);
    expect(withMeta.warnings).toContain('Rows were read from the "results" property; the other properties were ignored.');
  });

  it("strips a byte order mark and makes duplicate keys unique case-insensitively", () => {
    const parsed = table(parseJsonRows('\uFEFF[{"ID": 1, "id": 2, " név ": "Ő"}]'));
    expect(parsed.columns.map((column) => column.name)).toEqual(["ID", "id_2", "név"]);
    expect(parsed.rows).toEqual([[1, 2, "Ő"]]);
  });

  it("explains the expected shape for JSON that is not a table", () => {
    for (const text of ['{"a": 1}', '{"a": [1], "b": [2]}', "[1, 2, 3]", '"text"', "42", "null", '[{"a": 1}, 2]', '[["a"], {"a": 1}]', '[[{"x": 1}], [1]]']) {
      const error = failure(parseJsonRows(text));
      expect(error.kind, text).toBe("not-tabular");
      expect(error.message, text).toContain("Expected an array of objects");
    }
    expect(failure(parseJsonRows('{"a": [1], "b": [2]}')).message).toContain('("a", "b")');
    expect(failure(parseJsonRows('[{"a": 1}, 2]')).message).toContain("Item 2 of the array is a number");
  });

  it("reports invalid JSON with the parser's message", () => {
    const error = failure(parseJsonRows('[{"a": 1,}]'));
    expect(error.kind).toBe("invalid-json");
    expect(error.message).toMatch(/^The file is not valid JSON: .+/);
  });

  it("reports empty JSON input and rows without columns as empty", () => {
    expect(failure(parseJsonRows("")).kind).toBe("empty");
    expect(failure(parseJsonRows("[]")).kind).toBe("empty");
    expect(failure(parseJsonRows('{"data": []}')).kind).toBe("empty");
    expect(failure(parseJsonRows("[{}, {}]")).kind).toBe("empty");
    expect(failure(parseJsonRows('[["a", "b"]]')).kind).toBe("empty");
    expect(failure(parseJsonRows("[[]]")).kind).toBe("empty");
  });

  it(`refuses more than ${MAX_COLUMNS} keys`, () => {
    const row = Object.fromEntries(Array.from({ length: MAX_COLUMNS + 1 }, (_, index) => [`k${index}`, index]));
    expect(failure(parseJsonRows(JSON.stringify([row]))).kind).toBe("too-many-columns");
  });
});

describe("isImportError", () => {
  it("tells errors from tables and other values", () => {
    expect(isImportError({ kind: "empty", message: "x" })).toBe(true);
    expect(isImportError({ kind: "other", message: "x" })).toBe(false);
    expect(isImportError(null)).toBe(false);
    expect(isImportError({ columns: [], rows: [], rowCount: 0, warnings: [] })).toBe(false);
  });
});

describe("parsedTableSchema", () => {
  it("rejects a table whose rows do not match its columns or count", () => {
    const columns = [{ name: "a", type: "INTEGER" as const }];
    expect(parsedTableSchema.safeParse({ columns, rows: [[1]], rowCount: 1, warnings: [] }).success).toBe(true);
    expect(parsedTableSchema.safeParse({ columns, rows: [[1, 2]], rowCount: 1, warnings: [] }).success).toBe(false);
    expect(parsedTableSchema.safeParse({ columns, rows: [[1]], rowCount: 2, warnings: [] }).success).toBe(false);
    expect(parsedTableSchema.safeParse({ columns: [{ name: "a", type: "BLOB" }], rows: [], rowCount: 0, warnings: [] }).success).toBe(false);
  });
});

describe("tableNameFromFileName", () => {
  it("lower-cases and joins words with underscores, dropping the extension", () => {
    expect(tableNameFromFileName("Sales Report 2024.csv", [])).toBe("sales_report_2024");
    expect(tableNameFromFileName("  my--data (final).v2.tsv", [])).toBe("my_data_final_v2");
    expect(tableNameFromFileName("C:\\Users\\ada\\orders.json", [])).toBe("orders");
    expect(tableNameFromFileName("folder/sub/People.CSV", [])).toBe("people");
  });

  it("prefixes t_ to names starting with a digit, reserved words and SQLite's internal prefix", () => {
    expect(tableNameFromFileName("2024 sales.csv", [])).toBe("t_2024_sales");
    expect(tableNameFromFileName("order.csv", [])).toBe("t_order");
    expect(tableNameFromFileName("Select.csv", [])).toBe("t_select");
    expect(tableNameFromFileName("sqlite_stat1.csv", [])).toBe("t_sqlite_stat1");
    expect(tableNameFromFileName("orders.csv", [])).toBe("orders");
  });

  it("keeps letters of any script and falls back when nothing is left", () => {
    expect(tableNameFromFileName("Ventes été.csv", [])).toBe("ventes_été");
    expect(tableNameFromFileName("東京 データ.csv", [])).toBe("東京_データ");
    expect(tableNameFromFileName("!!!.csv", [])).toBe("imported");
    expect(tableNameFromFileName(".csv", [])).toBe("csv");
  });

  it("adds _2, _3 on collisions, ignoring case", () => {
    expect(tableNameFromFileName("sales.csv", ["Sales"])).toBe("sales_2");
    expect(tableNameFromFileName("sales.csv", ["sales", "SALES_2"])).toBe("sales_3");
    expect(tableNameFromFileName("sales.csv", ["sales_2"])).toBe("sales");
  });
});

describe("createTableSql and insertSql", () => {
  const parsed: ParsedTable = {
    columns: [
      { name: "id", type: "INTEGER" },
      { name: "amount", type: "REAL" },
      { name: 'the "note"', type: "TEXT" },
    ],
    rows: [],
    rowCount: 0,
    warnings: [],
  };

  it("quotes every identifier, doubling embedded quotes", () => {
    expect(createTableSql("sales", parsed)).toBe('CREATE TABLE "sales" ("id" INTEGER, "amount" REAL, "the ""note""" TEXT)');
    expect(quoteIdentifier('a"b')).toBe('"a""b"');
  });

  it("has one placeholder per column", () => {
    expect(insertSql('my "t"', parsed)).toBe('INSERT INTO "my ""t""" VALUES (?, ?, ?)');
  });
});
