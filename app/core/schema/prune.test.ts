// Pruning end to end on real SQLite databases: budget, whole schema, keys, join paths, pins, exclusions, fallback.
import { readFileSync } from "node:fs";
import initSqlJs from "sql.js";
import { Tiktoken } from "js-tiktoken/lite";
import o200k from "js-tiktoken/ranks/o200k_base";
import { beforeAll, describe, expect, it } from "vitest";
import { SqliteEngine } from "../db/sqljs-engine";
import { queryColumns } from "../eval/query-columns";
import { pruneSchema } from "./prune";
import { SchemaRetriever } from "./schema-retriever";
import { schemaText } from "./schema-text";
import { estimateTokens } from "./token-count";
import type { TextEmbedder } from "./types";
import { buildValueIndex } from "./value-index-builder";

const SHOP = `
CREATE TABLE cities (city_id INTEGER PRIMARY KEY, name TEXT, country TEXT);
CREATE TABLE customers (customer_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT, loyalty_tier TEXT, city_id INTEGER REFERENCES cities(city_id), email TEXT, phone TEXT, signup_date TEXT);
CREATE TABLE orders (order_id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers(customer_id), ordered_at TEXT, status TEXT, total_cents INTEGER);
CREATE TABLE order_items (order_id INTEGER REFERENCES orders(order_id), product_id INTEGER REFERENCES products(product_id), quantity INTEGER, PRIMARY KEY (order_id, product_id));
CREATE TABLE products (product_id INTEGER PRIMARY KEY, title TEXT, category TEXT, price_cents INTEGER, weight_grams INTEGER, colour TEXT);
CREATE TABLE warehouses (warehouse_id INTEGER PRIMARY KEY, label TEXT, capacity INTEGER, opened_on TEXT, manager TEXT);
CREATE TABLE suppliers (supplier_id INTEGER PRIMARY KEY, company TEXT, contact TEXT, rating REAL);
INSERT INTO cities VALUES (1, 'Paris', 'France'), (2, 'Lyon', 'France'), (3, 'Zürich', 'Switzerland');
INSERT INTO customers VALUES (1, 'Ann', 'Lee', 'Gold', 1, 'a@x.org', '1', '2024-01-02'), (2, 'Bo', 'Chen', 'Silver', 3, 'b@x.org', '2', '2023-05-06');
INSERT INTO orders VALUES (1, 1, '2024-02-03', 'shipped', 1200), (2, 2, '2024-03-04', 'cancelled', 800);
INSERT INTO products VALUES (10, 'Blue Kettle', 'kitchen', 2500, 900, 'blue'), (11, 'Desk Lamp', 'office', 4000, 1200, 'black');
INSERT INTO order_items VALUES (1, 10, 2), (2, 11, 1);
INSERT INTO warehouses VALUES (1, 'North', 1000, '2020-01-01', 'Kim');
INSERT INTO suppliers VALUES (1, 'Acme', 'Dee', 4.5);
`;

let SQL: Awaited<ReturnType<typeof initSqlJs>>;
const tiktoken = new Tiktoken(o200k);
const countTokens = (text: string) => tiktoken.encode(text).length;

async function shop(): Promise<{ engine: SqliteEngine; retriever: SchemaRetriever }> {
  const engine = new SqliteEngine(SQL);
  await engine.open(null);
  const outcome = await engine.execute(SHOP);
  if (!outcome.ok) throw new Error(outcome.error.message);
  const schema = await engine.schema();
  const values = (await buildValueIndex(engine, schema)).index;
  return { engine, retriever: new SchemaRetriever({ schema, values }) };
}

beforeAll(async () => {
  SQL = await initSqlJs();
});

describe("pruning", () => {
  it("keeps a small schema whole when it fits the budget, and says so", async () => {
    const { retriever } = await shop();
    const result = await pruneSchema(retriever, "Which customers are gold?", { budget: 100_000, countTokens });
    expect(result.columns.every((column) => column.kept && column.reasons.includes("whole-schema"))).toBe(true);
    expect(result.tokensKept).toBe(result.tokensFull);
    expect(result.schemaText).toBe(
      schemaText(retriever.schema, { includeValues: true, profile: null, descriptions: null, matchedValues: { customers: { loyalty_tier: "Gold" } } }),
    );
  });

  it("keeps what the question needs within the budget, with its keys, labels and value matches", async () => {
    const { retriever } = await shop();
    const result = await pruneSchema(retriever, "How many customers in Paris are in the gold loyalty tier?", { budget: 200, countTokens });
    expect(result.tokensKept).toBeLessThanOrEqual(200);
    expect(result.tokensKept).toBeLessThan(result.tokensFull);
    const decision = (table: string, column: string) => result.columns.find((entry) => entry.table === table && entry.column === column)!;
    expect(decision("customers", "loyalty_tier")).toMatchObject({ kept: true, matchedValue: "Gold" });
    expect(decision("customers", "loyalty_tier").reasons).toEqual(expect.arrayContaining(["lexical"]));
    expect(decision("cities", "name")).toMatchObject({ kept: true, matchedValue: "Paris" });
    expect(decision("cities", "name").reasons).toContain("value");
    expect(decision("customers", "customer_id").reasons).toContain("key");
    expect(decision("customers", "city_id").kept).toBe(true);
    expect(decision("customers", "first_name").reasons).toContain("label");
    expect(decision("suppliers", "rating")).toMatchObject({ kept: false, dropReason: "below-budget" });
    expect(result.schemaText).toContain("question matches 'Gold'");
    expect(result.schemaText).not.toContain("CREATE TABLE suppliers");
    expect(result.schemaText).toMatch(/\d+ more tables?( and \d+ more columns?)? exist/);
    expect(result.stagesUsed).toEqual(["lexical", "value"]);
  });

  it("adds the tables on the foreign-key path between kept tables", async () => {
    const { retriever } = await shop();
    const result = await pruneSchema(retriever, "Which product titles did customers from Zürich buy?", { budget: 240, countTokens });
    expect(result.kept.customers).toBeDefined();
    expect(result.kept.products).toEqual(expect.arrayContaining(["product_id", "title"]));
    // orders and order_items join customers to products; neither is named in the question.
    expect(result.kept.orders).toEqual(expect.arrayContaining(["order_id", "customer_id"]));
    expect(result.kept.order_items).toEqual(expect.arrayContaining(["order_id", "product_id"]));
    expect(result.tables.find((table) => table.table === "order_items")!.reasons).toContain("join-path");
    expect(result.joinPath.map((edge) => `${edge.fromTable}→${edge.toTable}`).sort()).toEqual(
      expect.arrayContaining(["order_items→orders", "order_items→products", "orders→customers"]),
    );
  });

  it("cuts the weakest columns and then tables until the text fits a tight budget", async () => {
    const { retriever } = await shop();
    for (const budget of [60, 120, 250]) {
      const result = await pruneSchema(retriever, "List every product title, colour, category, weight and price with supplier ratings", {
        budget,
        countTokens,
      });
      expect(result.tokensKept).toBeLessThanOrEqual(Math.max(budget, countTokens(result.schemaText)));
      if (budget >= 120) expect(result.tokensKept).toBeLessThanOrEqual(budget);
      expect(Object.keys(result.kept).length).toBeGreaterThan(0);
    }
  });

  it("obeys pins and exclusions for the next run", async () => {
    const { retriever } = await shop();
    const question = "How many gold customers are there?";
    const before = await pruneSchema(retriever, question, { budget: 200, countTokens });
    expect(before.kept.warehouses).toBeUndefined();
    const after = await pruneSchema(retriever, question, {
      budget: 200,
      countTokens,
      overrides: { pinned: ["warehouses.capacity"], excluded: ["customers.email", "cities"] },
    });
    expect(after.kept.warehouses).toEqual(expect.arrayContaining(["capacity"]));
    expect(after.columns.find((column) => column.column === "capacity")!.reasons).toContain("pinned");
    expect(after.columns.find((column) => column.table === "customers" && column.column === "email")).toMatchObject({ kept: false, dropReason: "excluded" });
    expect(after.kept.cities).toBeUndefined();
    expect(after.schemaText).toContain("warehouses");
    expect(after.schemaText).not.toContain("CREATE TABLE cities");
  });

  it("leaves example and matched values out when values may not be shared", async () => {
    const { retriever } = await shop();
    const result = await pruneSchema(retriever, "customers in Paris", { budget: 100_000, includeValues: false, countTokens });
    expect(result.schemaText).not.toContain("Paris");
    expect(result.schemaText).not.toContain("question matches");
  });

  it("falls back to lexical and value matching when the model fails, and says so", async () => {
    const { retriever } = await shop();
    const broken: TextEmbedder = {
      modelId: "broken",
      embed: () => Promise.reject(new Error("model.onnx could not be fetched")),
    };
    const result = await pruneSchema(retriever, "How many gold customers?", { budget: 200, embedder: broken, countTokens });
    expect(result.stagesUsed).toEqual(["lexical", "value"]);
    expect(result.denseUnavailable).toMatch(/model\.onnx could not be fetched.*names, descriptions and values only/);
    expect(result.kept.customers).toContain("loyalty_tier");
  });

  it("uses the dense stage when a model is given and names it as a reason", async () => {
    const { retriever } = await shop();
    // A deterministic embedder that knows one synonym: "shoppers" means customers. It stands in for a model's
    // knowledge, which lexical matching lacks.
    const axis = (text: string) => (/shopper|customer/i.test(text) ? 1 : 0);
    const embedder: TextEmbedder = {
      modelId: "synonyms",
      embed: async (texts) =>
        texts.map((text) => {
          const vector = new Float32Array([axis(text), 1 - axis(text), 0.1]);
          const length = Math.hypot(...vector);
          return vector.map((value) => value / length);
        }),
    };
    const lexicalOnly = await pruneSchema(retriever, "How many shoppers are there?", { budget: 150, countTokens });
    expect(lexicalOnly.kept.customers).toBeUndefined();
    const dense = await pruneSchema(retriever, "How many shoppers are there?", { budget: 150, embedder, countTokens });
    expect(dense.stagesUsed).toContain("dense");
    expect(dense.kept.customers).toBeDefined();
    expect(dense.tables.find((table) => table.table === "customers")!.reasons).toContain("dense");
  });

  it("works on names, values and questions that are not English", async () => {
    const engine = new SqliteEngine(SQL);
    await engine.open(null);
    await engine.execute(`
      CREATE TABLE städte (stadt_id INTEGER PRIMARY KEY, stadtname TEXT, einwohnerzahl INTEGER);
      CREATE TABLE kunden (kunden_id INTEGER PRIMARY KEY, vorname TEXT, nachname TEXT, stadt_id INTEGER REFERENCES städte(stadt_id), geburtsdatum TEXT, telefon TEXT);
      CREATE TABLE bestellungen (bestell_id INTEGER PRIMARY KEY, kunden_id INTEGER REFERENCES kunden(kunden_id), betrag REAL, zahlungsart TEXT, lieferstatus TEXT);
      CREATE TABLE lieferanten (lieferant_id INTEGER PRIMARY KEY, firma TEXT, bewertung REAL, land TEXT);
      CREATE TABLE 商品 (商品_id INTEGER PRIMARY KEY, 商品名 TEXT, 価格 INTEGER, 在庫 INTEGER);
      INSERT INTO städte VALUES (1, 'München', 1500000), (2, 'Köln', 1000000);
      INSERT INTO kunden VALUES (1, 'Jörg', 'Müller', 1, '1980-01-01', '1');
      INSERT INTO bestellungen VALUES (1, 1, 12.5, 'Überweisung', 'geliefert');
      INSERT INTO lieferanten VALUES (1, 'Acme', 4.1, 'DE');
      INSERT INTO 商品 VALUES (1, '抹茶', 500, 3);
    `);
    const schema = await engine.schema();
    const retriever = new SchemaRetriever({ schema, values: (await buildValueIndex(engine, schema)).index });
    const german = await pruneSchema(retriever, "Wie viele Kunden wohnen in Munchen?", { budget: 160, countTokens });
    expect(german.kept.kunden).toBeDefined();
    expect(german.columns.find((column) => column.column === "stadtname")).toMatchObject({ kept: true, matchedValue: "München" });
    const japanese = await pruneSchema(retriever, "抹茶の価格はいくらですか", { budget: 120, countTokens });
    expect(japanese.kept["商品"]).toEqual(expect.arrayContaining(["価格", "商品名"]));
  });
});

describe("token estimate", () => {
  it("stays within 10% of the o200k tokenizer on the samples' schema text", async () => {
    for (const name of ["bookshop", "flights", "clinic"]) {
      const engine = new SqliteEngine(SQL);
      const opened = await engine.open(new Uint8Array(readFileSync(`public/samples/${name}.sqlite`)));
      expect(opened.ok).toBe(true);
      const text = schemaText(await engine.schema(), { includeValues: true });
      const exact = countTokens(text);
      expect(Math.abs(estimateTokens(text) - exact) / exact).toBeLessThan(0.1);
    }
  });
});

describe("query columns", () => {
  it("resolves aliases, qualified and bare names to schema columns", async () => {
    const { engine } = await shop();
    const schema = await engine.schema();
    const columns = queryColumns(
      `SELECT T1.first_name, count(*) FROM customers AS T1 JOIN orders o ON o.customer_id = T1.customer_id
       WHERE status = 'shipped' AND "total_cents" > 10 GROUP BY T1.customer_id`,
      schema,
    ).map((column) => `${column.table}.${column.column}`);
    expect(columns.sort()).toEqual(["customers.customer_id", "customers.first_name", "orders.customer_id", "orders.status", "orders.total_cents"]);
    expect(queryColumns("SELECT * FROM products", schema)).toEqual([]);
    // A column named like a table is not that table: here status is both.
    const engine2 = new SqliteEngine(SQL);
    await engine2.open(null);
    await engine2.execute("CREATE TABLE status (id INTEGER PRIMARY KEY, name TEXT); CREATE TABLE tickets (id INTEGER PRIMARY KEY, name TEXT, status TEXT);");
    const used = queryColumns("SELECT id, name FROM tickets WHERE status = 'open'", await engine2.schema()).map((column) => `${column.table}.${column.column}`);
    expect(used.sort()).toEqual(["tickets.id", "tickets.name", "tickets.status"]);
    expect(queryColumns("SELECT 'title' FROM products", schema)).toEqual([]);
  });
});

describe("pruning pauses", () => {
  it("lets queued events run between the budget's assemblies once a prune runs long, with the same result", async () => {
    const { retriever } = await shop();
    const question = "Which gold customers in Paris ordered a blue kettle?";
    const options = { budget: 120, budgetShare: 0, countTokens };
    // Events served while the prune runs: a tick that queues itself again until the prune is done.
    let ticks = 0;
    let done = false;
    const tick = () => {
      if (done) return;
      ticks += 1;
      setImmediate(tick);
    };
    setImmediate(tick);
    const paused = await pruneSchema(retriever, question, { ...options, pauseEveryMs: 0 });
    done = true;
    const pausedTicks = ticks;
    // Without pauses the prune awaits only its scoring: one or two ticks.
    ticks = 0;
    done = false;
    setImmediate(tick);
    const unpaused = await pruneSchema(retriever, question, { ...options, pauseEveryMs: Number.POSITIVE_INFINITY });
    done = true;
    expect(pausedTicks).toBeGreaterThanOrEqual(ticks + 3);
    expect(paused.kept).toEqual(unpaused.kept);
    expect(paused.schemaText).toBe(unpaused.schemaText);
    expect(paused.tokensKept).toBeLessThanOrEqual(120);
  });
});
