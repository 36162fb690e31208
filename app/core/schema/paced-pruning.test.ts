// A large schema's index and prune on the page's main thread: built and run in steps that let queued events (a key, a
// frame, a worker's reply) run between them, with the same result as at once.
import { describe, expect, it } from "vitest";
import type { ColumnInfo, DatabaseSchema } from "../db/types";
import { Pacer } from "../yield-to-events";
import { decisionsOfTable } from "./decisions-by-table";
import { pruneSchema } from "./prune";
import { SchemaRetriever } from "./schema-retriever";
import { schemaText, schemaTextSteps } from "./schema-text";

const TABLES = 600;

/** Tables of the same shape chained by keys, as the bench's 5,000-table database has: every question matches hundreds. */
function chainedSchema(): DatabaseSchema {
  const column = (name: string, type: string, primaryKeyPosition = 0): ColumnInfo => ({
    name,
    type,
    notNull: false,
    defaultValue: null,
    primaryKeyPosition,
    comment: null,
  });
  return {
    tables: Array.from({ length: TABLES }, (_unused, index) => ({
      name: `table_${String(index).padStart(4, "0")}`,
      kind: "table" as const,
      rowCount: 10,
      columns: [
        column("id", "INTEGER", 1),
        column("parent_id", "INTEGER"),
        column("code", "TEXT"),
        column("status", "TEXT"),
        column("amount", "REAL"),
        column("created_at", "TEXT"),
        column("notes", "TEXT"),
      ],
      foreignKeys: index > 0 ? [{ fromColumns: ["parent_id"], toTable: `table_${String(index - 1).padStart(4, "0")}`, toColumns: ["id"] }] : [],
      indexes: [],
      sql: "",
    })),
  };
}

/** Counts the event loop's turns (queued events served) until stopped. */
function countTurns(): () => number {
  let turns = 0;
  let counting = true;
  const turn = () => {
    if (!counting) return;
    turns += 1;
    setImmediate(turn);
  };
  setImmediate(turn);
  return () => {
    counting = false;
    return turns;
  };
}

const QUESTION = "total amount of shipped orders per status";

describe("a large schema's retriever, built in steps", () => {
  it("serves queued events while it is built, a table a step, and scores as one built at once", async () => {
    const schema = chainedSchema();
    const stop = countTurns();
    const paced = await SchemaRetriever.build({ schema }, new Pacer(0));
    expect(stop()).toBeGreaterThanOrEqual(TABLES);
    const atOnce = new SchemaRetriever({ schema });
    expect(paced.units).toEqual(atOnce.units);
    const [pacedScores, atOnceScores] = await Promise.all([paced.score(QUESTION), atOnce.score(QUESTION)]);
    expect(pacedScores.stages).toEqual(atOnceScores.stages);
  });
});

describe("a large schema's prune, in steps", () => {
  it("serves queued events in every phase (the schema's shape and whole text too, not only between assemblies), with the same result", async () => {
    const pacedRetriever = new SchemaRetriever({ schema: chainedSchema() });
    const stop = countTurns();
    const paced = await pruneSchema(pacedRetriever, QUESTION, { budget: 2000, budgetShare: 0, pauseEveryMs: 0 });
    // The shape and the whole text pause at every table; the assemblies alone paused ~30 times.
    expect(stop()).toBeGreaterThanOrEqual(2 * TABLES);
    const atOnce = await pruneSchema(new SchemaRetriever({ schema: chainedSchema() }), QUESTION, { budget: 2000, budgetShare: 0, pauseEveryMs: Infinity });
    const { elapsedMs: _paced, ...pacedResult } = paced;
    const { elapsedMs: _atOnce, ...atOnceResult } = atOnce;
    expect(pacedResult).toEqual(atOnceResult);
    expect(paced.tables.filter((table) => table.kept).length).toBeGreaterThan(1);
  });

  it("writes the schema text a table a step, the same text as at once", () => {
    const schema = chainedSchema();
    const steps = schemaTextSteps(schema, { includeValues: true });
    let yields = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) yields += 1;
    expect(yields).toBe(TABLES);
    expect(step.value).toBe(schemaText(schema, { includeValues: true }));
  });
});

describe("decisionsOfTable", () => {
  it("gives each table's decisions as looking them up in the result does", async () => {
    const result = await pruneSchema(new SchemaRetriever({ schema: chainedSchema() }), QUESTION, { budget: 2000, budgetShare: 0 });
    for (const name of ["table_0000", "table_0300", "table_0599", "no_such_table"]) {
      expect(decisionsOfTable(result, name)).toEqual({
        table: result.tables.find((entry) => entry.table === name),
        columns: result.columns.filter((entry) => entry.table === name),
      });
    }
  });
});
