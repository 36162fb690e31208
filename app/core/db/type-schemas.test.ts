// The page checks the worker's replies with these schemas, and a check drops what a schema does not name: a column's
// generated mark was read in the worker but never reached the schema panel.
import initSqlJs from "sql.js";
import { expect, it } from "vitest";
import { readSchema } from "./introspect";
import { databaseSchemaSchema } from "./type-schemas";

it("keeps everything readSchema reads, a generated column's mark included", async () => {
  const database = new (await initSqlJs()).Database();
  database.exec("CREATE TABLE line (qty INTEGER, price REAL, total REAL GENERATED ALWAYS AS (qty * price) STORED, half REAL AS (price / 2))");
  const schema = readSchema(database);
  database.close();
  expect(schema.tables[0]!.columns.map((column) => column.generated ?? null)).toEqual([null, null, "stored", "virtual"]);
  expect(databaseSchemaSchema.parse(structuredClone(schema))).toEqual(schema);
});
