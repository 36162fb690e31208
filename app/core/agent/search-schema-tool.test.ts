// search_schema: the pruner's retriever over the whole schema, as the agent's seventh tool — what it finds, why, within
// the data-sharing setting and a bounded size, and how it is offered (native calls, the text protocol, the prompt).
import { fileURLToPath } from "node:url";
import initSqlJs from "sql.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lastToolResult, startScriptedLlmServer, textTurn, toolCall, toolTurn, type ScriptedServer } from "../../../e2e/llm-server/scripted-llm-server";
import { SqliteEngine } from "../db/sqljs-engine";
import { createLanguageModel, DEFAULT_LLM_SETTINGS } from "../llm/providers";
import { pruningSummary } from "../schema/schema-context";
import { createSchemaPruner, type BuiltSchemaPruner } from "../schema/schema-pruner";
import { searchSchema, type SchemaSearch } from "../schema/schema-search";
import { unprunedSchema } from "../schema/prune";
import { createTransformersEmbedder } from "../schema/text-embedder";
import { schemaSearchText } from "./schema-search-text";
import { runAgent } from "./agent-loop";
import type { AgentEvent } from "./events";
import { systemPrompt } from "./prompts";
import { readTextActions } from "./text-protocol";
import { validateToolCall } from "./tool-call";
import { runTool, type ToolLimits } from "./tools";
import { DEFAULT_OBSERVATION_CHARACTERS } from "./observation-text";

const SHOP = `
CREATE TABLE countries (country_id INTEGER PRIMARY KEY, name TEXT);
CREATE TABLE customers (customer_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT, loyalty_tier TEXT, country_id INTEGER REFERENCES countries(country_id), email TEXT);
CREATE TABLE orders (order_id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers(customer_id), ordered_at TEXT, status TEXT, total_cents INTEGER);
CREATE TABLE order_items (order_id INTEGER REFERENCES orders(order_id), product_id INTEGER REFERENCES products(product_id), quantity INTEGER, PRIMARY KEY (order_id, product_id));
CREATE TABLE products (product_id INTEGER PRIMARY KEY, title TEXT, category TEXT, price_cents INTEGER, colour TEXT);
CREATE TABLE warehouses (warehouse_id INTEGER PRIMARY KEY, label TEXT, capacity INTEGER, opened_on TEXT, manager TEXT);
CREATE TABLE suppliers (
  supplier_id INTEGER PRIMARY KEY,
  company TEXT,
  contact TEXT,
  rating REAL -- stars from 1 to 5 given by buyers
);
INSERT INTO countries VALUES (1, 'France'), (2, 'Spain');
INSERT INTO customers VALUES (1, 'Ann', 'Lee', 'Gold', 1, 'a@x.org'), (2, 'Bo', 'Chen', 'Silver', 2, 'b@x.org');
INSERT INTO orders VALUES (1, 1, '2024-02-03', 'shipped', 1200), (2, 2, '2024-03-04', 'cancelled', 800);
INSERT INTO products VALUES (10, 'Blue Kettle', 'kitchen', 2500, 'blue'), (11, 'Desk Lamp', 'office', 4000, 'black');
INSERT INTO order_items VALUES (1, 10, 2), (2, 11, 1);
INSERT INTO warehouses VALUES (1, 'North', 1000, '2020-01-01', 'Kim');
INSERT INTO suppliers VALUES (1, 'Acme Tools', 'Dee', 4.5);
`;

/** The question the agent is asked; pruned to a small budget, suppliers is left out. */
const QUESTION = "How many orders did gold customers place?";
const BUDGET = 150;

let SQL: Awaited<ReturnType<typeof initSqlJs>>;
let engine: SqliteEngine;
let pruner: BuiltSchemaPruner;
let server: ScriptedServer;

async function engineWith(sql: string): Promise<SqliteEngine> {
  const created = new SqliteEngine(SQL);
  await created.open(null);
  const outcome = await created.execute(sql);
  if (!outcome.ok) throw new Error(outcome.error.message);
  return created;
}

/** The search as the page and the CLI bind it: the pruner's own retriever. */
const searchOf =
  (built: BuiltSchemaPruner): SchemaSearch =>
  (terms, options) =>
    searchSchema(built.retriever, terms, options);

async function observe(terms: unknown, limits: ToolLimits) {
  const validated = validateToolCall({ id: "s", toolName: "search_schema", input: { terms } });
  if (!validated.ok) return { ok: false, text: validated.message };
  return runTool(validated.call, engine, limits);
}

beforeAll(async () => {
  SQL = await initSqlJs();
  engine = await engineWith(SHOP);
  pruner = await createSchemaPruner({ database: engine, options: { budget: BUDGET } });
  server = await startScriptedLlmServer({ models: ["scripted-model"] });
});
afterAll(async () => {
  await server?.close();
});

describe("search_schema finds what pruning left out", () => {
  it("finds a table the pruned schema does not show, marks it so, and says why (name, description)", async () => {
    const pruned = await pruner.prune(QUESTION);
    expect(pruned.kept.suppliers).toBeUndefined();
    const observation = await observe("supplier rating", { sharing: "schema", schemaSearch: { search: searchOf(pruner), shown: pruned.kept } });
    expect(observation.ok).toBe(true);
    const lines = observation.text.split("\n");
    expect(lines.find((line) => line.startsWith("- suppliers "))).toMatch(/^- suppliers \(1 row\) \[not in the schema above\]: name match 'supplier'/);
    expect(lines.find((line) => line.startsWith("- suppliers.rating "))).toMatch(/^- suppliers\.rating REAL \[not in the schema above\]: name match 'rating'/);
    // The first table listed is the best.
    expect(lines[lines.indexOf("Tables:") + 1]).toMatch(/^- suppliers /);
    // A column the prompt shows is not marked.
    const shown = await observe("loyalty tier", { sharing: "schema", schemaSearch: { search: searchOf(pruner), shown: pruned.kept } });
    expect(shown.text).toMatch(/^- customers\.loyalty_tier TEXT: name match 'loyalty'; name match 'tier'$/m);
  });

  it("names a match in a description or comment, and a stored value only when values are shared", async () => {
    const described = await searchSchema(pruner.retriever, "stars", { values: false });
    // Stars are what a rating holds: the kind of figure asked for is named too.
    expect(described.columns[0]).toMatchObject({
      table: "suppliers",
      column: "rating",
      reasons: [
        { kind: "description", word: "stars" },
        { kind: "measure", measures: ["rating"] },
      ],
    });

    const withValues = await observe("Spain", { sharing: "profiles", schemaSearch: { search: searchOf(pruner) } });
    expect(withValues.text).toMatch(/^- countries\.name TEXT: value match 'Spain' in countries\.name$/m);
    const kettle = await observe("kettle", { sharing: "results", schemaSearch: { search: searchOf(pruner) } });
    expect(kettle.text).toContain("'Blue Kettle'");
  });

  it("names a sub-word: a word of the terms inside a compound name, or a form of it", async () => {
    const german = await createSchemaPruner({
      database: await engineWith(`
        CREATE TABLE Kunden (Kundennummer INTEGER PRIMARY KEY, Name TEXT, Wohnort TEXT);
        CREATE TABLE Tarife (tarif_id INTEGER PRIMARY KEY, Bezeichnung TEXT, Durchschnittspreis REAL, Grundgebuehr REAL);
        CREATE TABLE Zaehler (zaehler_id INTEGER PRIMARY KEY, Kundennummer INTEGER REFERENCES Kunden(Kundennummer), Typ TEXT);`),
    });
    const price = await searchSchema(german.retriever, "Preis", { values: false });
    expect(price.columns[0]).toMatchObject({
      table: "Tarife",
      column: "Durchschnittspreis",
      reasons: [
        { kind: "sub-word", part: "preis", word: "durchschnittspreis", in: "name" },
        { kind: "measure", measures: ["money"] },
      ],
    });
    const validated = validateToolCall({ id: "s", toolName: "search_schema", input: { terms: "Preis" } });
    if (!validated.ok) throw new Error(validated.message);
    const observation = await runTool(validated.call, engine, { schemaSearch: { search: (terms, options) => searchSchema(german.retriever, terms, options) } });
    expect(observation.text).toMatch(
      /^- Tarife\.Durchschnittspreis REAL: sub-word 'preis' in 'durchschnittspreis'; holds an amount of money, the kind of figure asked for$/m,
    );
  });

  it("under 'schema only' searches no stored value and names none", async () => {
    const kettle = await observe("kettle", { sharing: "schema", schemaSearch: { search: searchOf(pruner) } });
    expect(kettle.ok).toBe(true);
    expect(kettle.text).not.toMatch(/blue|Kettle'/i);
    expect(kettle.text).toContain("Nothing in the whole schema matches");
    expect(kettle.text).toContain("not stored values: the person shares the schema only");
    const spain = await observe("Spain France Gold", { sharing: "schema", schemaSearch: { search: searchOf(pruner) } });
    expect(spain.text).not.toContain("countries");
    expect(spain.text).not.toContain("loyalty_tier");
    // The default is the schema only too.
    expect((await observe("kettle", { schemaSearch: { search: searchOf(pruner) } })).text).toBe(kettle.text);
  });

  it("says when nothing matched, refuses terms without words, and is unavailable without a pruned schema", async () => {
    const none = await observe("zebra xylophone", { sharing: "results", schemaSearch: { search: searchOf(pruner) } });
    expect(none).toEqual({
      ok: true,
      text: expect.stringMatching(/^Nothing in the whole schema matches "zebra xylophone" by names, descriptions and stored values\./),
    });
    expect(await observe("?!", { schemaSearch: { search: searchOf(pruner) } })).toEqual({ ok: false, text: expect.stringContaining("holds no words") });
    expect(await observe("", { schemaSearch: { search: searchOf(pruner) } })).toEqual({
      ok: false,
      text: expect.stringMatching(/^Error: wrong arguments for search_schema: terms:/),
    });
    expect(await observe("   ", {})).toEqual({ ok: false, text: expect.stringContaining("wrong arguments for search_schema") });
    expect(await observe(["supplier"], {})).toEqual({ ok: false, text: expect.stringContaining("wrong arguments for search_schema") });
    expect(await observe("supplier", {})).toEqual({ ok: false, text: expect.stringContaining("Not available: the schema above is the whole schema") });
  });

  it("stays within 8 tables, 15 columns and the observation's characters on a large schema", async () => {
    const tables = Array.from(
      { length: 60 },
      (_, index) =>
        `CREATE TABLE sales_region_${index} (id INTEGER PRIMARY KEY, ${Array.from({ length: 12 }, (_, column) => `sales_amount_${column} REAL`).join(", ")});`,
    ).join("\n");
    const large = await createSchemaPruner({ database: await engineWith(tables) });
    const result = await searchSchema(large.retriever, "sales amount region", { values: true });
    expect(result.tables).toHaveLength(8);
    expect(result.columns).toHaveLength(15);
    const validated = validateToolCall({ id: "s", toolName: "search_schema", input: { terms: "sales amount region" } });
    if (!validated.ok) throw new Error(validated.message);
    const observation = await runTool(validated.call, engine, { schemaSearch: { search: searchOf(large) } });
    expect(observation.text.length).toBeLessThanOrEqual(DEFAULT_OBSERVATION_CHARACTERS);
    const small = await runTool(validated.call, engine, { schemaSearch: { search: searchOf(large) }, maxCharacters: 600 });
    expect(small.text.length).toBeLessThanOrEqual(600);
    expect(small.text).toMatch(/\(\d+ more lines left out to keep this short\)/);
  });
});

describe("search_schema with the embedding model", () => {
  it("ranks by meaning too, names 'dense' as a reason, and says when only meaning matched", async () => {
    const models = fileURLToPath(new URL("../../../test-models/", import.meta.url));
    const tiny = await createTransformersEmbedder({ model: "querylab/tiny-embed", localModelPath: models, allowRemoteModels: false });
    try {
      const named = await searchSchema(pruner.retriever, "supplier rating", { values: false, embedder: tiny });
      expect(named.denseUsed).toBe(true);
      expect(named.tables[0]).toMatchObject({ table: "suppliers" });
      expect(schemaSearchText(named)).toMatch(
        /^Whole-schema search for "supplier rating" by names and descriptions \(.*\), and meaning by the embedding model:/,
      );
      expect([...named.tables, ...named.columns].some((hit) => hit.reasons.some((reason) => reason.kind === "dense"))).toBe(true);

      const meaningOnly = await searchSchema(pruner.retriever, "zebra xylophone", { values: false, embedder: tiny });
      expect(meaningOnly.matchedByWords).toBe(false);
      expect(meaningOnly.tables.length).toBeGreaterThan(0);
      expect(meaningOnly.tables.every((hit) => hit.reasons.every((reason) => reason.kind === "dense"))).toBe(true);
      expect(schemaSearchText(meaningOnly)).toMatch(/^No name, description or value matches "zebra xylophone"; closest in meaning by the embedding model:/);
    } finally {
      await tiny.dispose();
    }
  });
});

describe("how search_schema is offered", () => {
  it("the prompt names it, with what it is for, only when the schema is pruned; list_tables and describe_table stay", () => {
    for (const protocol of ["tools", "text"] as const) {
      const offered = systemPrompt({ schema: "CREATE TABLE t (a)", protocol, schemaSearch: true });
      const whole = systemPrompt({ schema: "CREATE TABLE t (a)", protocol });
      expect(offered).toContain("search_schema");
      expect(offered).toContain("The schema below is pruned");
      expect(whole).not.toContain("search_schema");
      for (const prompt of [offered, whole]) expect(prompt).toMatch(/list_tables[\s\S]*describe_table/);
    }
    expect(systemPrompt({ schema: "", protocol: "text", schemaSearch: true })).toContain("ACTION: search_schema <a few words>");
  });

  it("the text protocol reads it as an ACTION line, as JSON written in the reply, and as LangChain's action_input", () => {
    expect(readTextActions("I need the supplier table.\nACTION: search_schema supplier rating")).toEqual({
      ok: true,
      calls: [{ name: "search_schema", input: { terms: "supplier rating" } }],
    });
    expect(readTextActions('ACTION: search_schema "Kunde Stadt"')).toEqual({ ok: true, calls: [{ name: "search_schema", input: { terms: "Kunde Stadt" } }] });
    expect(readTextActions('{"name": "search_schema", "arguments": {"terms": "supplier"}}')).toEqual({
      ok: true,
      calls: [{ name: "search_schema", input: { terms: "supplier" } }],
    });
    expect(readTextActions('{"action": "search_schema", "action_input": "supplier"}')).toEqual({
      ok: true,
      calls: [{ name: "search_schema", input: { terms: "supplier" } }],
    });
    expect(readTextActions("ACTION: search_schema")).toMatchObject({ ok: false, problem: "incomplete-action" });
  });

  async function run(schemaKind: "pruned" | "whole", protocol: "tools" | "text"): Promise<AgentEvent[]> {
    server.reset();
    const settings = { ...DEFAULT_LLM_SETTINGS, providerId: "custom", baseUrl: server.url, model: "scripted-model", protocol };
    const pruned = await pruner.prune(QUESTION);
    const schema =
      schemaKind === "pruned" ? { text: pruned.schemaText, pruning: pruningSummary(pruned) } : unprunedSchema(await engine.schema(), { includeValues: false });
    const events: AgentEvent[] = [];
    for await (const event of runAgent({
      question: QUESTION,
      database: engine,
      model: createLanguageModel(settings),
      settings,
      schema,
      sharing: "schema",
      schemaSearch: searchOf(pruner),
    })) {
      events.push(event);
    }
    return events;
  }

  it("over native tool calls: offered in the request's tools when pruned, its observation goes back to the model", async () => {
    server.setScript([
      toolTurn(toolCall("search_schema", { terms: "supplier rating" }), "The schema shown has no suppliers; searching."),
      toolTurn(toolCall("submit_sql", { sql: "SELECT avg(rating) FROM suppliers" })),
    ]);
    const events = await run("pruned", "tools");
    const observation = events.find((event) => event.type === "observation" && event.tool === "search_schema");
    expect(observation).toMatchObject({ ok: true, text: expect.stringContaining("- suppliers (1 row) [not in the schema above]: name match 'supplier'") });
    const [first, second] = server.chatRequests();
    expect(first!.tools?.map((tool) => tool.function.name)).toContain("search_schema");
    expect(String(first!.messages[0]!.content)).toContain("search_schema");
    expect(lastToolResult(second!)).toContain("[not in the schema above]");
    expect(events.at(-1)).toMatchObject({ type: "run-end", status: "submitted" });
  });

  it("not offered when the whole schema is sent: not in the tools, not in the prompt, and a call is refused", async () => {
    server.setScript([toolTurn(toolCall("search_schema", { terms: "supplier" })), toolTurn(toolCall("submit_sql", { sql: "SELECT 1" }))]);
    const events = await run("whole", "tools");
    const [first] = server.chatRequests();
    expect(first!.tools?.map((tool) => tool.function.name)).not.toContain("search_schema");
    expect(first!.tools?.map((tool) => tool.function.name)).toEqual(expect.arrayContaining(["list_tables", "describe_table"]));
    expect(String(first!.messages[0]!.content)).not.toContain("search_schema");
    // The SDK refuses a tool it was not given; the model reads which tools it has.
    expect(events.find((event) => event.type === "observation" && event.tool === "search_schema")).toMatchObject({
      ok: false,
      text: expect.stringMatching(/unavailable tool 'search_schema'/),
    });
  });

  it("over the plain-text protocol: the ACTION line runs the search and the observation comes back as text", async () => {
    server.setScript([
      textTurn("No supplier table is shown.\nACTION: search_schema supplier rating"),
      textTurn("FINAL ANSWER:\n```sql\nSELECT avg(rating) FROM suppliers\n```"),
    ]);
    const events = await run("pruned", "text");
    expect(events.find((event) => event.type === "tool-call")).toMatchObject({ tool: "search_schema", input: { terms: "supplier rating" } });
    const second = server.chatRequests()[1]!;
    const observed = second.messages.at(-1)!;
    expect(observed.role).toBe("user");
    expect(String(observed.content)).toMatch(/^Observation:\nWhole-schema search for "supplier rating"/);
    expect(String(observed.content)).toContain("- suppliers (1 row) [not in the schema above]");
    expect(second.tools ?? []).toHaveLength(0);
  });
});
