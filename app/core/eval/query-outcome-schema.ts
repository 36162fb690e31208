// zod schemas matching query-runner.ts's outcomes, for the page reading the SQLite worker's replies. Apart from the
// runner so that the SQLite worker, which runs the judge's queries and only produces these values, does not carry zod.
import * as z from "../zod-mini";
import { sqlValueSchema } from "../db/type-schemas";
import type { QueryError, QueryOutcome } from "./query-runner";

export const queryErrorSchema: z.ZodMiniType<QueryError> = z.object({
  kind: z.enum(["sql-error", "timeout", "too-many-rows"]),
  message: z.string(),
});

export const queryOutcomeSchema: z.ZodMiniType<QueryOutcome> = z.discriminatedUnion("ok", [
  z.object({
    ok: z.literal(true),
    columns: z.array(z.string()),
    rows: z.array(z.array(sqlValueSchema)),
    elapsedMs: z.optional(z.number()),
    wholeRealCells: z.optional(z.array(z.int().check(z.nonnegative()))),
  }),
  z.object({ ok: z.literal(false), error: queryErrorSchema, elapsedMs: z.optional(z.number()) }),
]);
