// The unpruned road: the whole schema in the pruned format, so a pruning that keeps everything sends the same text.
import initSqlJs from "sql.js";
import { describe, expect, it } from "vitest";
import { SqliteEngine } from "../db/sqljs-engine";
import { pruningSummary } from "./schema-context";
import { profileDatabase } from "./profile";
import { pruneSchema, unprunedSchema } from "./prune";
import { SchemaRetriever } from "./schema-retriever";
import { estimateTokens } from "./token-count";

const FIXTURE = `
CREATE TABLE city (city_id INTEGER PRIMARY KEY, name TEXT, country TEXT);
CREATE TABLE person (person_id INTEGER PRIMARY KEY, name TEXT NOT NULL, city_id INTEGER REFERENCES city(city_id), born TEXT);
CREATE VIEW french AS SELECT name FROM city WHERE country = 'France';
INSERT INTO city VALUES (1, 'Paris', 'France'), (2, 'Lyon', 'France'), (3, 'Berlin', 'Germany');
INSERT INTO person VALUES (1, 'Ann', 1, '1990-01-02'), (2, 'Bo', 3, '1985-05-06');
`;

async function fixture() {
  const SQL = await initSqlJs();
  const database = new SQL.Database();
  database.exec(FIXTURE);
  const engine = new SqliteEngine(SQL);
  await engine.open(database.export());
  const schema = await engine.schema();
  return { schema, profile: profileDatabase(database, schema, "fixture") };
}

describe("unprunedSchema", () => {
  it("is exactly the text pruning sends when the budget keeps everything, with the same summary figures", async () => {
    const { schema, profile } = await fixture();
    // No value index: the question's matched values (the one thing only a pruning knows) stay out of both texts.
    const retriever = new SchemaRetriever({ schema, profile });
    for (const includeValues of [true, false]) {
      const pruned = await pruneSchema(retriever, "Who lives in which city?", { budget: 100_000, includeValues });
      const whole = unprunedSchema(schema, { profile, includeValues });
      expect(whole.text).toBe(pruned.schemaText);
      const summary = pruningSummary(pruned);
      expect(whole.pruning).toMatchObject({
        tokensKept: summary.tokensKept,
        tokensFull: summary.tokensFull,
        kept: summary.kept,
        columnsKept: summary.columnsKept,
        columnsTotal: summary.columnsTotal,
      });
    }
  });

  it("keeps every table and column, says no stage ran, and counts with the counter given", async () => {
    const { schema } = await fixture();
    const whole = unprunedSchema(schema, { includeValues: false, countTokens: (text) => text.length });
    expect(whole.text).toContain("CREATE TABLE city (");
    expect(whole.text).toContain("CREATE VIEW french (");
    expect(whole.text).not.toContain("not shown");
    expect(whole.pruning).toEqual({
      tokensKept: whole.text.length,
      tokensFull: whole.text.length,
      budget: whole.text.length,
      kept: { city: ["city_id", "name", "country"], person: ["person_id", "name", "city_id", "born"], french: ["name"] },
      columnsKept: 8,
      columnsTotal: 8,
      stagesUsed: [],
    });
    expect(unprunedSchema(schema, { includeValues: false }).pruning.tokensKept).toBe(estimateTokens(whole.text));
  });

  it("shows values only when they may be shared", async () => {
    const { schema, profile } = await fixture();
    expect(unprunedSchema(schema, { profile, includeValues: true }).text).toContain("'Paris'");
    expect(unprunedSchema(schema, { profile, includeValues: false }).text).not.toContain("Paris");
  });
});
