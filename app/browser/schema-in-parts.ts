// The worker's schema brought to the page in parts (DatabaseService.schemaHead and schemaTablesPart), as the profile is
// (profile-in-parts.ts): every part is asked for at once and each arrives in a message of its own, received in its own
// task, so listing thousands of tables does not hold the page's main thread for the whole schema at once.
import type { SchemaHead } from "../core/database-service";
import type { SchemaOptions } from "../core/db/sqljs-engine";
import type { DatabaseSchema, TableInfo } from "../core/db/types";

/** What this needs of the engine: the worker's, its replies checked (sqlite-replies.ts). */
export interface SchemaInPartsSource {
  schemaHead(options?: SchemaOptions): Promise<SchemaHead>;
  schemaTablesPart(id: number, part: number): TableInfo[] | null | Promise<TableInfo[] | null>;
}

/** The schema as schema(options) gives it whole. */
export async function schemaInParts(source: SchemaInPartsSource, options?: SchemaOptions): Promise<DatabaseSchema> {
  const head = await source.schemaHead(options);
  const parts = await Promise.all(Array.from({ length: head.parts }, (_, part) => source.schemaTablesPart(head.id, part)));
  const tables = parts.flatMap((part) => part ?? []);
  // The worker holds an announced schema until every part is sent; a part missing or a count that differs is a fault.
  if (parts.includes(null) || tables.length !== head.tableCount) throw new Error("The SQLite worker's schema arrived incomplete.");
  return { tables };
}

/** The engine with schema() taken in parts; the rest as it is. */
export function withSchemaInParts<Engine extends SchemaInPartsSource & { schema(options?: SchemaOptions): Promise<DatabaseSchema> }>(engine: Engine): Engine {
  return new Proxy(engine, {
    get(target, property, receiver) {
      return property === "schema" ? (options?: SchemaOptions) => schemaInParts(target, options) : Reflect.get(target, property, receiver);
    },
  });
}
