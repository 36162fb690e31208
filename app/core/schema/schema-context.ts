// Builds the per-database retrieval index (values, units, BM25) from any database the agent can read: worker or in process.
import type { ReadOnlyDatabase } from "../db/read-only-query";
import type { DatabaseSchema } from "../db/types";
import { SchemaRetriever } from "./schema-retriever";
import type { SchemaPruningSummary } from "./pruning-summary";
import type { DatabaseProfile, PruneResult, SchemaDescriptions } from "./types";
import type { ValueMatcher } from "./value-index";
import { buildValueIndex } from "./value-index-builder";

export interface SchemaContextInput {
  database: ReadOnlyDatabase;
  /** When known already (the page has it); read from the database otherwise. */
  schema?: DatabaseSchema;
  profile?: DatabaseProfile | null;
  descriptions?: SchemaDescriptions | null;
  /** Read the distinct values for value matching (on by default; off skips the stage). */
  valueMatching?: boolean;
  /** A value index built elsewhere (the page's, kept in the SQLite worker); when given, no values are read here. */
  values?: ValueMatcher | null;
}

export interface BuiltSchemaContext {
  retriever: SchemaRetriever;
  /** Time to read values and build the index, in ms. */
  indexMs: number;
  valueCount: number;
}

export async function buildSchemaContext(input: SchemaContextInput): Promise<BuiltSchemaContext> {
  const started = performance.now();
  const schema = input.schema ?? (await input.database.schema());
  const values = input.valueMatching === false ? null : (input.values ?? (await buildValueIndex(input.database, schema)).index);
  const retriever = await SchemaRetriever.build({ schema, profile: input.profile, descriptions: input.descriptions, values });
  return { retriever, indexMs: performance.now() - started, valueCount: values?.valueCount ?? 0 };
}

export type { SchemaPruningSummary } from "./pruning-summary";

export function pruningSummary(result: PruneResult): SchemaPruningSummary {
  return {
    tokensKept: result.tokensKept,
    tokensFull: result.tokensFull,
    budget: result.budget,
    kept: result.kept,
    columnsKept: result.columns.filter((column) => column.kept).length,
    columnsTotal: result.columns.length,
    stagesUsed: result.stagesUsed,
    ...(result.denseUnavailable ? { denseUnavailable: result.denseUnavailable } : {}),
  };
}

/** Prunes the schema for one question (a retriever, its options and overrides bound in). */
export type SchemaPruner = (question: string) => Promise<PruneResult>;
