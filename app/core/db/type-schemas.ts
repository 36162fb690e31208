// zod schemas matching the engine's types (types.ts, sql-statements.ts), for the callers that check what crosses a
// boundary: the page reading the SQLite worker's replies, stored traces, the CLI. Apart from the types so that the
// SQLite worker, which only produces these values, does not carry zod.
import { z } from "zod";
import type { StatementSpan } from "./sql-statements";
import type { DatabaseSchema, DbError, SqlValue } from "./types";

export const sqlValueSchema: z.ZodType<SqlValue> = z.union([z.null(), z.number(), z.string(), z.instanceof(Uint8Array)]);

export const dbErrorSchema: z.ZodType<DbError> = z.object({
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
  statementIndex: z.number().int().optional(),
  statementStart: z.number().int().optional(),
  statementEnd: z.number().int().optional(),
});

export const databaseSchemaSchema: z.ZodType<DatabaseSchema> = z.object({
  tables: z.array(
    z.object({
      name: z.string(),
      kind: z.enum(["table", "view"]),
      rowCount: z.number().int().nullable(),
      columns: z.array(
        z.object({
          name: z.string(),
          type: z.string(),
          notNull: z.boolean(),
          defaultValue: z.string().nullable(),
          primaryKeyPosition: z.number().int(),
          comment: z.string().nullable(),
        }),
      ),
      foreignKeys: z.array(z.object({ fromColumns: z.array(z.string()), toTable: z.string(), toColumns: z.array(z.string()) })),
      indexes: z.array(z.object({ name: z.string(), columns: z.array(z.string()), unique: z.boolean(), origin: z.string() })),
      sql: z.string(),
    }),
  ),
});

export const statementSpanSchema: z.ZodType<StatementSpan> = z.object({
  text: z.string(),
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
});
