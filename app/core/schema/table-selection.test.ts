// Tables first: neighbours and bridges of chosen tables, small tables whole, a budget that grows with the schema, and
// short stored codes that ordinary words spell no longer choosing tables.
import initSqlJs from "sql.js";
import { beforeAll, describe, expect, it } from "vitest";
import { SqliteEngine } from "../db/sqljs-engine";
import { pruneSchema } from "./prune";
import { SchemaRetriever } from "./schema-retriever";
import { DEFAULT_BUDGET_SHARE, SMALL_SCHEMA_SHARE, rankTables, schemaBudget } from "./table-selection";
import { ValueIndex } from "./value-index";
import { buildValueIndex } from "./value-index-builder";

let SQL: Awaited<ReturnType<typeof initSqlJs>>;
beforeAll(async () => {
  SQL = await initSqlJs();
});

/** A shop with an association table (catalogue_links), a small lookup (tags) and filler tables that make it large. */
async function retrieverFor(sql: string): Promise<SchemaRetriever> {
  const engine = new SqliteEngine(SQL);
  await engine.open(null);
  const outcome = await engine.execute(sql);
  if (!outcome.ok) throw new Error(outcome.error.message);
  const schema = await engine.schema();
  return new SchemaRetriever({ schema, values: (await buildValueIndex(engine, schema)).index });
}

const FILLER = Array.from(
  { length: 30 },
  (_, index) =>
    `CREATE TABLE archive_${index} (archive_${index}_id INTEGER PRIMARY KEY, code TEXT, note TEXT, created_at TEXT, amount REAL, owner TEXT, category TEXT, remark TEXT);`,
).join("\n");

const SHOP = `
CREATE TABLE suppliers (supplier_id INTEGER PRIMARY KEY, company TEXT, country TEXT, rating REAL, contact_email TEXT, phone TEXT, street TEXT, postcode TEXT);
CREATE TABLE products (product_id INTEGER PRIMARY KEY, title TEXT, supplier_id INTEGER REFERENCES suppliers(supplier_id), price REAL, weight REAL, colour TEXT, stock INTEGER, added_on TEXT);
CREATE TABLE tags (tag_id INTEGER PRIMARY KEY, tag TEXT);
CREATE TABLE catalogue_links (product_id INTEGER REFERENCES products(product_id), tag_id INTEGER REFERENCES tags(tag_id), PRIMARY KEY (product_id, tag_id));
CREATE TABLE languages (language_id INTEGER PRIMARY KEY, iso TEXT, language_name TEXT, speakers INTEGER, script TEXT, family TEXT, notes TEXT, region TEXT);
INSERT INTO suppliers VALUES (1, 'Acme', 'France', 4.5, 'a@acme.fr', '1', 'Rue 1', '75001');
INSERT INTO products VALUES (1, 'Blue Kettle', 1, 25, 0.9, 'blue', 3, '2024-01-01');
INSERT INTO tags VALUES (1, 'eco'), (2, 'sale');
INSERT INTO catalogue_links VALUES (1, 1);
INSERT INTO languages VALUES (1, 'AN', 'Aragonese', 10000, 'Latin', 'Romance', '', 'Spain'), (2, 'ES', 'Spanish', 500000000, 'Latin', 'Romance', '', 'Spain');
${FILLER}
`;

describe("table selection", () => {
  it("keeps a chosen small table whole, a foreign-key neighbour with its keys and labels, and a bridge between kept tables", async () => {
    const retriever = await retrieverFor(SHOP);
    const result = await pruneSchema(retriever, "Which products have the tag eco?", { budget: 300, budgetShare: 0 });
    const tags = result.tables.find((table) => table.table === "tags")!;
    expect(tags).toMatchObject({ kept: true });
    expect(tags.reasons).toContain("whole-table");
    expect(result.kept.tags).toEqual(["tag_id", "tag"]);
    // products and tags are both kept: catalogue_links joins them and holds nothing else (no word of the question names it).
    expect(result.tables.find((table) => table.table === "catalogue_links")!.reasons).toEqual(expect.arrayContaining(["neighbour"]));
    // suppliers is a neighbour of products: its key and label come along for "which supplier …" answers.
    const suppliers = result.tables.find((table) => table.table === "suppliers")!;
    expect(suppliers.kept).toBe(true);
    expect(suppliers.reasons).toContain("neighbour");
    expect(result.kept.suppliers).toEqual(expect.arrayContaining(["supplier_id", "company"]));
    expect(result.kept.archive_0).toBeUndefined();
  });

  it("fills the budget left with the rest of a neighbour's columns, after what the question asks, and only when it fits", async () => {
    const retriever = await retrieverFor(SHOP);
    const question = "Which products have the tag eco?";
    const roomy = await pruneSchema(retriever, question, { budget: 700, budgetShare: 0 });
    // suppliers is only a neighbour of products; with room left, its other columns come too, named as "whole table".
    expect(roomy.kept.suppliers).toEqual(expect.arrayContaining(["rating", "phone", "postcode"]));
    expect(roomy.columns.find((column) => column.table === "suppliers" && column.column === "rating")!.reasons).toEqual(["whole-table"]);
    expect(roomy.tokensKept).toBeLessThanOrEqual(roomy.budget);
    // A tight budget keeps the neighbour's keys and label only.
    const tight = await pruneSchema(retriever, question, { budget: 185, budgetShare: 0 });
    expect(tight.kept.suppliers).toEqual(["supplier_id", "company"]);
    expect(tight.kept.tags).toEqual(["tag_id", "tag"]);
  });

  it("fills the budget left with tables below the bar but near it, last and as 'room left', never those far below", () => {
    const schema = {
      tables: ["orders", "customers", "departments", "archive"].map((name) => ({
        name,
        columns: Array.from({ length: 8 }, (_, index) => ({ name: `${name}_${index}`, type: "TEXT", primaryKeyPosition: index === 0 ? 1 : 0 })),
        foreignKeys: [],
      })),
    } as unknown as Parameters<typeof rankTables>[0]["schema"];
    const choices = rankTables({
      schema,
      relevance: new Map([
        ["orders", 1],
        ["customers", 0.6],
        ["departments", 0.2],
        ["archive", 0.05],
      ]),
      reasonOf: () => "lexical",
      graph: new Map(),
      skip: () => false,
    });
    const departments = choices.find((choice) => choice.table === "departments")!;
    expect(departments).toMatchObject({ reason: "room-left", filler: true });
    // After every chosen table and the rest of each.
    expect(choices.at(-1)).toBe(departments);
    expect(choices.find((choice) => choice.table === "archive")).toBeUndefined();
    expect(choices.filter((choice) => choice.filler)).toEqual([departments]);
  });

  it("keeps a column naming a value with its chosen table, even when other tables store the value too", async () => {
    const places = ["stores", "depots", "offices", "clinics", "schools"];
    const retriever = await retrieverFor(
      places
        .map(
          (table) =>
            `CREATE TABLE ${table} (${table}_id INTEGER PRIMARY KEY, label TEXT, city TEXT, opened_on TEXT, floor_area REAL, staff_count INTEGER, budget REAL, remarks TEXT);
             INSERT INTO ${table} VALUES (1, '${table} one', 'Portland', '2020-01-01', 100, 3, 10, ''), (2, '${table} two', 'Boise', '2021-01-01', 90, 2, 9, '');`,
        )
        .join("\n") + FILLER,
    );
    const result = await pruneSchema(retriever, "What floor area, staff count and budget do the stores in Portland have?", { budget: 80, budgetShare: 0 });
    const city = result.columns.find((column) => column.table === "stores" && column.column === "city")!;
    // 'Portland' is in five tables' city columns: weak evidence alone, but the filter of the table the question is about,
    // kept with it before the columns the question names by their words.
    expect(city).toMatchObject({ kept: true, matchedValue: "Portland" });
    expect(city.reasons).toContain("value");
  });

  it("grows the budget with the schema: the floor for a small one, a share of the rest for a large one", async () => {
    expect(schemaBudget(800, 500)).toBe(800);
    expect(schemaBudget(800, 14_800)).toBeGreaterThan(2000);
    expect(schemaBudget(800, 14_800, 0)).toBe(800);
    const retriever = await retrieverFor(SHOP);
    const grown = await pruneSchema(retriever, "What is the price of the Blue Kettle?", { budget: 200 });
    const fixed = await pruneSchema(retriever, "What is the price of the Blue Kettle?", { budget: 200, budgetShare: 0 });
    expect(fixed.budget).toBe(200);
    expect(grown.budget).toBe(schemaBudget(200, grown.tokensFull));
    expect(grown.budget).toBeGreaterThan(fixed.budget);
    expect(grown.tokensKept).toBeLessThanOrEqual(grown.budget);
  });

  it("gives a small schema at least 40% of its text (up to twice the floor), and leaves a large one on the linear growth", () => {
    // A dozen tables (3,600 tokens): linear growth alone gives 1,052 tokens, too few for a question joining four tables.
    expect(schemaBudget(800, 3_600)).toBe(Math.round(SMALL_SCHEMA_SHARE * 3_600));
    expect(schemaBudget(800, 3_600)).toBeGreaterThan(800 + Math.round(DEFAULT_BUDGET_SHARE * 2_800));
    // Capped at twice the floor: an 80-table schema keeps its 15%-of-text budget, not 40%.
    expect(schemaBudget(800, 14_800)).toBe(800 + Math.round(DEFAULT_BUDGET_SHARE * 14_000));
    expect(schemaBudget(800, 6_000)).toBe(1_600);
    expect(schemaBudget(800, 3_600, 0)).toBe(800);
  });

  it("does not let a word such as 'an' or 'es' choose the table storing the codes 'AN' and 'ES', unless written as a code", async () => {
    const index = new ValueIndex([{ table: "languages", column: "iso", values: ["AN", "ES", "DE"] }]);
    expect(index.match("Which products have an eco tag?", "english")).toEqual([]);
    expect(index.match("Wie viele Produkte gibt es?", "german")).toEqual([]);
    // Not a stopword, but lower case where the stored code is in capitals: weak evidence only.
    expect(index.match("how many de products")[0]!.score).toBeLessThan(0.2);
    expect(index.match("How many speakers does ES have?")[0]).toMatchObject({ column: "iso", value: "ES" });
    expect(index.match("How many speakers does ES have?")[0]!.score).toBeGreaterThanOrEqual(0.5);

    const retriever = await retrieverFor(SHOP);
    const result = await pruneSchema(retriever, "Which products are an eco product?", { budget: 300, budgetShare: 0 });
    expect(result.kept.languages).toBeUndefined();
  });
});
