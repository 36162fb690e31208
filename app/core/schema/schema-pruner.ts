// The one way to assemble a schema pruner: index a database once (values, retrieval units), then prune each question.
import type { ReadOnlyDatabase } from "../db/read-only-query";
import type { DatabaseSchema } from "../db/types";
import { pruneSchema, unprunedSchema, type PruneOptions } from "./prune";
import { buildSchemaContext, type SchemaPruner } from "./schema-context";
import type { SchemaRetriever } from "./schema-retriever";
import { denseForQuestion, type DenseForQuestion } from "./dense-readiness";
import type { DatabaseProfile, SchemaDescriptions, TextEmbedder } from "./types";
import type { ValueMatcher } from "./value-index";

export interface SchemaPrunerInput {
  database: ReadOnlyDatabase;
  /** When known already (the page has it); read from the database otherwise. */
  schema?: DatabaseSchema;
  profile?: DatabaseProfile | null;
  descriptions?: SchemaDescriptions | null;
  /** Read the distinct values for value matching (on by default). */
  valueMatching?: boolean;
  /** A value index built elsewhere (the page's, in the SQLite worker), used instead of reading the values here. */
  values?: ValueMatcher | null;
  /**
   * The options of each question: fixed (the CLI), or read anew per question (the page, where the budget, the pins
   * and whether the embedding model is ready change between questions without re-indexing).
   */
  options?: PruneOptions | (() => PruneOptions);
}

export interface BuiltSchemaPruner {
  /** Prunes one question; options given here replace the input's (the page passes the settings of the moment). */
  prune: (question: string, options?: PruneOptions) => ReturnType<SchemaPruner>;
  retriever: SchemaRetriever;
  /** Time to read the values and build the index, in ms. */
  indexMs: number;
  valueCount: number;
  /** The whole schema in the same format (what an unpruned prompt carries), for sizes and comparisons. */
  fullText(includeValues: boolean): string;
  /** Whether a question asked now waits for the schema's embeddings with this model (dense-readiness.ts). */
  denseFor(embedder: TextEmbedder | null): DenseForQuestion;
  /** Stops the schema's embedding under way, if any, when this pruner is no longer used (SchemaRetriever.stopDense). */
  stopDense(): void;
}

export async function createSchemaPruner(input: SchemaPrunerInput): Promise<BuiltSchemaPruner> {
  const { retriever, indexMs, valueCount } = await buildSchemaContext(input);
  const options = input.options ?? {};
  const optionsNow = typeof options === "function" ? options : () => options;
  return {
    prune: (question, options) => pruneSchema(retriever, question, options ?? optionsNow()),
    retriever,
    indexMs,
    valueCount,
    denseFor: (embedder) => denseForQuestion(retriever, embedder),
    stopDense: () => retriever.stopDense(),
    fullText: (includeValues) =>
      unprunedSchema(retriever.schema, { descriptions: retriever.input.descriptions, profile: retriever.input.profile, includeValues }).text,
  };
}
