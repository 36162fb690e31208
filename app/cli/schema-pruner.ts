// The CLI's schema pruner: the core pruner over an in-process engine, exact o200k token counts, an optional model folder.
import { Tiktoken } from "js-tiktoken/lite";
import o200k from "js-tiktoken/ranks/o200k_base";
import type { SqliteEngine } from "../core/db/sqljs-engine";
import { pruneSchema, type PruneOptions } from "../core/schema/prune";
import { buildSchemaContext, type SchemaPruner } from "../core/schema/schema-context";
import { embedderFromFolder } from "../core/schema/text-embedder";
import type { SchemaDescriptions, TextEmbedder } from "../core/schema/types";

let tokenizer: Tiktoken | null = null;
/** o200k (GPT-4o's tokenizer): the figures the CLI and bench print are exact for that family, close for others. */
export function countO200kTokens(text: string): number {
  tokenizer ??= new Tiktoken(o200k);
  return tokenizer.encode(text).length;
}

export interface NodePrunerOptions {
  budget?: number;
  /** "lexical" (default) runs without a model; any other value is a model folder (config.json, tokenizer.json, onnx/). */
  embed?: string;
  descriptions?: SchemaDescriptions | null;
  includeValues?: boolean;
}

/** Loads the model folder once per process, shared by every database's pruner. */
const embedders = new Map<string, Promise<TextEmbedder>>();
export function folderEmbedder(dir: string): Promise<TextEmbedder> {
  let embedder = embedders.get(dir);
  if (!embedder) embedders.set(dir, (embedder = embedderFromFolder(dir, { device: "cpu" })));
  return embedder;
}

/** Profiles the database, indexes its values, and returns a pruner for its questions plus the time indexing took. */
export async function createNodePruner(engine: SqliteEngine, options: NodePrunerOptions = {}): Promise<{ pruner: SchemaPruner; indexMs: number; profileMs: number }> {
  const profileStarted = performance.now();
  const profile = await engine.profile();
  const profileMs = performance.now() - profileStarted;
  const context = await buildSchemaContext({ database: engine, profile, descriptions: options.descriptions });
  let embedder: TextEmbedder | null = null;
  let denseUnavailable: string | undefined;
  if (options.embed && options.embed !== "lexical") {
    try {
      embedder = await folderEmbedder(options.embed);
    } catch (error) {
      denseUnavailable = `The embedding model in ${options.embed} could not load (${error instanceof Error ? error.message : String(error)}); ranking used names, descriptions and values only.`;
    }
  }
  const pruneOptions: PruneOptions = { budget: options.budget, embedder, denseUnavailable, includeValues: options.includeValues, countTokens: countO200kTokens };
  return { pruner: (question) => pruneSchema(context.retriever, question, pruneOptions), indexMs: context.indexMs, profileMs };
}

/** The pruning options `ask` and `eval` share with `prune`. */
export const PRUNE_OPTION_SPEC = {
  budget: { type: "string" },
  embed: { type: "string", default: "lexical" },
  "full-schema": { type: "boolean", default: false },
} as const;

export const PRUNE_USAGE = "[--budget TOKENS] [--embed lexical|MODEL_DIR] [--full-schema]";

/** A pruner per the options, or null with --full-schema (the agent then gets the whole schema). */
export async function prunerFromOptions(
  engine: SqliteEngine,
  values: { budget?: string; embed?: string; "full-schema"?: boolean },
  descriptions?: SchemaDescriptions | null,
): Promise<SchemaPruner | null> {
  if (values["full-schema"]) return null;
  const budget = values.budget === undefined ? undefined : Number(values.budget);
  if (budget !== undefined && !(budget > 0)) throw new Error(`--budget must be a positive number of tokens, not ${values.budget}`);
  return (await createNodePruner(engine, { budget, embed: values.embed, descriptions })).pruner;
}
