// The worker's schema brought over in parts: the same schema as schema() gives whole, every part asked for at once,
// the announced schema let go once sent; and where the parts begin.
import initSqlJs from "sql.js";
import { describe, expect, it } from "vitest";
import { DatabaseService } from "../core/database-service";
import { PART_COLUMNS, partStarts } from "../core/column-parts";
import { schemaInParts, withSchemaInParts } from "./schema-in-parts";
import { withCheckedReplies } from "./sqlite-replies";

async function manyTables(count: number, columns: number): Promise<DatabaseService> {
  const service = DatabaseService.create(await initSqlJs(), { repliesCopied: true });
  await service.open(null);
  const statements = Array.from(
    { length: count },
    (_, table) =>
      `CREATE TABLE t${table} (${Array.from({ length: columns }, (_, column) => `c${column} TEXT`).join(", ")}); INSERT INTO t${table} (c0) VALUES ('x');`,
  );
  await service.execute(statements.join("\n"));
  return service;
}

describe("partStarts", () => {
  it("starts a part whenever the next table would take it past PART_COLUMNS, with at least one table each", () => {
    expect(partStarts([])).toEqual([]);
    expect(partStarts([1])).toEqual([0]);
    expect(partStarts([PART_COLUMNS, 1, PART_COLUMNS - 1, 1])).toEqual([0, 1, 3]);
    expect(partStarts([PART_COLUMNS + 5, PART_COLUMNS + 5])).toEqual([0, 1]);
    expect(partStarts([0, 0, 0])).toEqual([0]);
  });
});

describe("schemaInParts", () => {
  it("gives the schema schema() gives whole, every part asked for before the first arrives, and lets the worker forget it", async () => {
    const service = await manyTables(40, 200);
    const checked = withCheckedReplies(service);
    let asked = 0;
    let answered = 0;
    let askedBeforeFirstAnswer = 0;
    const schema = await schemaInParts({
      schemaHead: (options) => checked.schemaHead(options),
      async schemaTablesPart(id, part) {
        asked += 1;
        const tables = await checked.schemaTablesPart(id, part);
        if (answered === 0) askedBeforeFirstAnswer = asked;
        answered += 1;
        return tables;
      },
    });
    expect(schema).toEqual(await service.schema());
    expect(schema.tables).toHaveLength(40);
    // 40 tables of 200 columns: 15 tables (3,000 columns) a part.
    expect(asked).toBe(3);
    expect(askedBeforeFirstAnswer).toBe(3);
    // Every part sent: the worker holds that schema no more.
    const head = await service.schemaHead();
    for (let part = 0; part < head.parts; part += 1) expect(service.schemaTablesPart(head.id, part)).not.toBeNull();
    expect(service.schemaTablesPart(head.id, 0)).toBeNull();
  });

  it("is what the page's engine answers schema() with, row counts and options included, and an empty schema has no parts", async () => {
    const service = await manyTables(3, 2);
    const engine = withSchemaInParts(withCheckedReplies(service));
    expect(await engine.schema({ rowCounts: false })).toEqual(await service.schema({ rowCounts: false }));
    expect((await engine.schema()).tables.map((table) => table.rowCount)).toEqual([1, 1, 1]);
    await service.open(null);
    expect(await service.schemaHead()).toMatchObject({ tableCount: 0, parts: 0 });
    expect(await engine.schema()).toEqual({ tables: [] });
  });

  it("says the schema arrived incomplete when a part is no longer held", async () => {
    const service = await manyTables(2, 2);
    await expect(
      schemaInParts({
        schemaHead: () => service.schemaHead(),
        schemaTablesPart: async () => null,
      }),
    ).rejects.toThrow("arrived incomplete");
    // Only the latest few announced schemas are held when their parts are never asked for.
    const heads = [];
    for (let index = 0; index < 6; index += 1) heads.push(await service.schemaHead());
    expect(service.schemaTablesPart(heads[0]!.id, 0)).toBeNull();
    expect(service.schemaTablesPart(heads[5]!.id, 0)).toHaveLength(2);
  });
});
