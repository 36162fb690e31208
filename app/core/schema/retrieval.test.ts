// Unit tests for the retrieval stages: terms, BM25, value matching, fusion and join-path completion.
import { describe, expect, it } from "vitest";
import type { DatabaseSchema, TableInfo } from "../db/types";
import { Bm25Index } from "./bm25";
import { contributingStages, fuseColumn, fuseUnit } from "./fusion";
import { foreignKeyGraph, joinPath } from "./join-path";
import { foldText, splitIdentifier, stemWord, textTerms, textWords } from "./text-terms";
import { ValueIndex } from "./value-index";

export function table(name: string, columns: string[], foreignKeys: Array<[string, string, string]> = [], primaryKey = columns[0]): TableInfo {
  return {
    name,
    kind: "table",
    rowCount: 10,
    columns: columns.map((column) => {
      const [columnName, type = "TEXT"] = column.split(":");
      return {
        name: columnName,
        type,
        notNull: false,
        defaultValue: null,
        primaryKeyPosition: columnName === primaryKey?.split(":")[0] ? 1 : 0,
        comment: null,
      };
    }),
    foreignKeys: foreignKeys.map(([from, toTable, to]) => ({ fromColumns: [from], toTable, toColumns: [to] })),
    indexes: [],
    sql: "",
  };
}

describe("text terms", () => {
  it("splits identifiers at underscores, case changes and digits", () => {
    expect(splitIdentifier("customerId")).toEqual(["customer", "Id"]);
    expect(splitIdentifier("order_items")).toEqual(["order", "items"]);
    expect(splitIdentifier("HTMLParser2")).toEqual(["HTML", "Parser", "2"]);
    expect(splitIdentifier("TotalSalesUSD")).toEqual(["Total", "Sales", "USD"]);
  });

  it("folds case and accents in any script", () => {
    expect(foldText("Zürich")).toBe("zurich");
    expect(foldText("ÉCOLE")).toBe("ecole");
    expect(foldText("Straße")).toBe("straße");
    expect(foldText("Ｔｏｋｙｏ")).toBe("tokyo");
  });

  it("stems English plurals and verb endings lightly and leaves other words alone", () => {
    expect(stemWord("cities")).toBe(stemWord("city"));
    expect(stemWord("ordered")).toBe("order");
    expect(stemWord("shipping")).toBe("ship");
    expect(textWords("order_itemsQty2 HTMLParser")).toEqual(["order", "items", "qty", "2", "html", "parser"]);
    expect(stemWord("status")).toBe("status");
    expect(stemWord("address")).toBe("address");
    expect(stemWord("boxes")).toBe(stemWord("box"));
    expect(stemWord("publishers")).toBe(stemWord("published"));
    expect(stemWord("customers")).toBe(stemWord("customer"));
    for (const [plural, singular] of [
      ["movies", "movie"],
      ["cities", "city"],
      ["sizes", "size"],
      ["caches", "cache"],
      ["statuses", "status"],
      ["cookies", "cookie"],
      ["classes", "class"],
      ["prices", "priced"],
    ]) {
      expect(stemWord(plural!), `${plural} ~ ${singular}`).toBe(stemWord(singular!));
    }
    expect(stemWord("order")).toBe("order");
    expect(textTerms("Kunden_Städte")).toEqual(textTerms("kunden stadte"));
    expect(textTerms("город")).toEqual(["город"]);
  });

  it("cuts unspaced scripts into character pairs so a word inside a sentence still matches", () => {
    expect(textTerms("顧客")).toEqual(["顧客"]);
    expect(textTerms("東京の顧客")).toEqual(["東京", "京の", "の顧", "顧客"]);
  });
});

describe("BM25", () => {
  const documents = [
    { fields: [{ terms: textTerms("customer_id"), weight: 3 }] },
    {
      fields: [
        { terms: textTerms("customer_name"), weight: 3 },
        { terms: textTerms("The full name of the customer"), weight: 1 },
      ],
    },
    { fields: [{ terms: textTerms("order_date"), weight: 3 }] },
  ];
  const index = new Bm25Index(documents);

  it("ranks the document sharing the most (and rarest) terms first", () => {
    const scores = index.score(textTerms("customer names"));
    expect(scores[1]).toBeGreaterThan(scores[0]);
    expect(scores[2]).toBe(0);
  });

  it("gives rare terms more weight than common ones", () => {
    expect(index.idf("date")).toBeGreaterThan(index.idf(textTerms("customer")[0]));
  });

  it("weights name fields above description fields", () => {
    const weighted = new Bm25Index([
      { fields: [{ terms: ["price"], weight: 3 }] },
      {
        fields: [
          { terms: ["price"], weight: 1 },
          { terms: ["other"], weight: 3 },
        ],
      },
    ]);
    const scores = weighted.score(["price"]);
    expect(scores[0]).toBeGreaterThan(scores[1]);
  });
});

describe("value matching", () => {
  const index = new ValueIndex([
    { table: "city", column: "name", values: ["Paris", "New York", "São Paulo", "東京"] },
    { table: "customers", column: "loyalty_tier", values: ["Gold", "Silver", "Bronze"] },
    { table: "books", column: "title", values: ["The Silent Harbor", "A Gold Rush Story", "Notes"] },
    { table: "orders", column: "ordered_at", values: ["2023-01-05 10:00:00", "2024-11-30 08:12:00"] },
    { table: "customers", column: "email", values: ["a@example.com"] },
  ]);

  it("finds a stored value named in the question, whatever its case and accents", () => {
    expect(index.match("How many customers live in paris?")[0]).toMatchObject({ table: "city", column: "name", value: "Paris", kind: "exact" });
    expect(index.match("customers from SAO PAULO")[0]).toMatchObject({ value: "São Paulo" });
  });

  it("prefers a whole multi-word value to the words inside it", () => {
    const matches = index.match("Who lives in New York?");
    expect(matches[0]).toMatchObject({ column: "name", value: "New York", kind: "exact" });
  });

  it("matches values in scripts written without spaces", () => {
    expect(index.match("東京の顧客は何人ですか")[0]).toMatchObject({ table: "city", value: "東京" });
  });

  it("finds rare words inside longer values, more weakly than whole values", () => {
    const matches = index.match("Which book mentions a harbor?");
    const title = matches.find((match) => match.column === "title");
    expect(title).toMatchObject({ kind: "word" });
    expect(title!.score).toBeLessThan(0.5);
    const gold = index.match("customers in the gold tier");
    expect(gold[0]).toMatchObject({ column: "loyalty_tier", kind: "exact" });
  });

  it("points a year at the date columns that span it, and ignores bare numbers otherwise", () => {
    expect(index.match("orders placed in 2024")).toContainEqual(expect.objectContaining({ column: "ordered_at", kind: "year" }));
    expect(index.match("orders placed in 1999").some((match) => match.column === "ordered_at")).toBe(false);
    expect(index.match("the 3 best")).toEqual([]);
  });
});

describe("fusion", () => {
  it("adds value evidence on top of text evidence and blends lexical with dense", () => {
    expect(fuseUnit({ lexical: 1 })).toBe(1);
    expect(fuseUnit({ lexical: 1, dense: 0 })).toBe(0.5);
    expect(fuseUnit({ lexical: 0.5, value: 1 })).toBeGreaterThan(fuseUnit({ lexical: 1 }));
  });

  it("lets a column inherit part of its table's relevance", () => {
    expect(fuseColumn({ lexical: 0 }, { lexical: 1 })).toBeGreaterThan(0);
    expect(fuseColumn({ lexical: 0.5 }, { lexical: 1 })).toBeGreaterThan(fuseColumn({ lexical: 0.5 }, { lexical: 0 }));
  });

  it("names the stages that made most of the score", () => {
    expect(contributingStages({ lexical: 0.05, value: 1 })).toEqual(["value"]);
    expect(contributingStages({ lexical: 0.8, dense: 0.7 })).toEqual(["lexical", "dense"]);
    expect(contributingStages({ lexical: 0 })).toEqual([]);
  });
});

describe("join-path completion", () => {
  // customers ← orders → stores; orders ← order_items → books → publishers; authors unlinked.
  const schema: DatabaseSchema = {
    tables: [
      table("customers", ["customer_id:INTEGER", "name"]),
      table("stores", ["store_id:INTEGER", "name"]),
      table(
        "orders",
        ["order_id:INTEGER", "customer_id:INTEGER", "store_id:INTEGER"],
        [
          ["customer_id", "customers", "customer_id"],
          ["store_id", "stores", "store_id"],
        ],
      ),
      table("publishers", ["publisher_id:INTEGER", "name"]),
      table("books", ["book_id:INTEGER", "title", "publisher_id:INTEGER"], [["publisher_id", "publishers", "publisher_id"]]),
      table(
        "order_items",
        ["order_id:INTEGER", "book_id:INTEGER"],
        [
          ["order_id", "orders", "order_id"],
          ["book_id", "books", "book_id"],
        ],
      ),
      table("authors", ["author_id:INTEGER", "name"]),
    ],
  };
  const graph = foreignKeyGraph(schema);

  it("adds the tables between two kept tables", () => {
    const path = joinPath(graph, ["customers", "books"]);
    expect(path.tables).toEqual(["customers", "orders", "books", "order_items"]);
    expect(path.edges).toHaveLength(3);
  });

  it("connects three terminals with a shared trunk rather than separate paths", () => {
    const path = joinPath(graph, ["customers", "stores", "publishers"]);
    expect(path.tables.sort()).toEqual(["books", "customers", "order_items", "orders", "publishers", "stores"]);
    expect(path.edges).toHaveLength(5);
  });

  it("leaves a table no key reaches unconnected and adds nothing for it", () => {
    const path = joinPath(graph, ["customers", "authors"]);
    expect(path.edges).toEqual([]);
    expect(path.tables.sort()).toEqual(["authors", "customers"]);
  });

  it("needs no edges for one table or tables already adjacent", () => {
    expect(joinPath(graph, ["orders"]).edges).toEqual([]);
    expect(joinPath(graph, ["orders", "stores"]).edges).toEqual([
      { fromTable: "orders", fromColumns: ["store_id"], toTable: "stores", toColumns: ["store_id"] },
    ]);
  });
});
