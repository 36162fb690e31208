// zod schemas matching the engine's types (types.ts, sql-statements.ts), for the callers that check what crosses a
// boundary: the page reading the SQLite worker's replies, stored traces, the CLI. Apart from the types so that the
// SQLite worker, which only produces these values, does not carry zod.
import * as z from "../zod-mini";
import type { StatementSpan } from "./sql-statements";
import type { DatabaseSchema, DbError, SqlValue } from "./types";

export const sqlValueSchema: z.ZodMiniType<SqlValue> = z.union([z.null(), z.number(), z.string(), z.instanceof(Uint8Array)]);

export const dbErrorSchema: z.ZodMiniType<DbError> = z.object({
  kind: z.enum([
    "empty-file",
    "not-a-database",
    "corrupt-database",
    "too-large",
    "sql-error",
    "no-result",
    "import-error",
    "fetch-failed",
    "worker-failed",
    "stopped",
    "timeout",
    "too-many-rows",
  ]),
  message: z.string(),
  statementIndex: z.optional(z.int()),
  statementStart: z.optional(z.int()),
  statementEnd: z.optional(z.int()),
});

export const databaseSchemaSchema: z.ZodMiniType<DatabaseSchema> = z.object({
  tables: z.array(
    z.object({
      name: z.string(),
      kind: z.enum(["table", "view"]),
      rowCount: z.nullable(z.int()),
      columns: z.array(
        z.object({
          name: z.string(),
          type: z.string(),
          notNull: z.boolean(),
          defaultValue: z.nullable(z.string()),
          primaryKeyPosition: z.int(),
          comment: z.nullable(z.string()),
          generated: z.optional(z.enum(["virtual", "stored"])),
        }),
      ),
      foreignKeys: z.array(z.object({ fromColumns: z.array(z.string()), toTable: z.string(), toColumns: z.array(z.string()) })),
      indexes: z.array(z.object({ name: z.string(), columns: z.array(z.string()), unique: z.boolean(), origin: z.string() })),
      sql: z.string(),
    }),
  ),
});

export const statementSpanSchema: z.ZodMiniType<StatementSpan> = z.object({
  text: z.string(),
  start: z.int().check(z.nonnegative()),
  end: z.int().check(z.nonnegative()),
});
