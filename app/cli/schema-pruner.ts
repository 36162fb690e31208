// The CLI's pruning options (--budget, --embed, --full-schema) turned into the core's pruning settings, and exact o200k counts for reports.
import { Tiktoken } from "js-tiktoken/lite";
import o200k from "js-tiktoken/ranks/o200k_base";
import type { DataSharing } from "../core/data-sharing";
import { sharesValues } from "../core/data-sharing";
import type { DatabaseService } from "../core/database-service";
import { errorMessage } from "../core/error-message";
import type { BenchmarkPruning } from "../core/eval/benchmark-session";
import { alignDescriptions, descriptionsFromComments } from "../core/schema/descriptions";
import type { SchemaPruner } from "../core/schema/schema-context";
import { createSchemaPruner } from "../core/schema/schema-pruner";
import { searchSchema, type SchemaSearch } from "../core/schema/schema-search";
import { embedderFromFolder } from "../core/schema/text-embedder";
import type { TextEmbedder } from "../core/schema/types";

let tokenizer: Tiktoken | null = null;
/**
 * o200k (GPT-4o's tokenizer), exact, for the figures the CLI and the bench report. Pruning itself selects with the
 * core's estimate, as the page does, so every entry point sends the same schema text for the same question.
 */
export function countO200kTokens(text: string): number {
  tokenizer ??= new Tiktoken(o200k);
  return tokenizer.encode(text).length;
}

/** Loads the model folder once per process, shared by every database's pruner. */
const embedders = new Map<string, Promise<TextEmbedder>>();
export function folderEmbedder(dir: string): Promise<TextEmbedder> {
  let embedder = embedders.get(dir);
  if (!embedder) embedders.set(dir, (embedder = embedderFromFolder(dir, { device: "cpu" })));
  return embedder;
}

/** The pruning options `ask` and `eval` share with `prune`. */
export const PRUNE_OPTION_SPEC = {
  budget: { type: "string" },
  embed: { type: "string", default: "lexical" },
  "full-schema": { type: "boolean", default: false },
} as const;

export const PRUNE_USAGE = "[--budget TOKENS] [--embed lexical|MODEL_DIR] [--full-schema]";

/** The pruning per the options, or null with --full-schema (the agent then gets the whole schema). Throws on a bad budget. */
export async function pruningFromOptions(values: { budget?: string; embed?: string; "full-schema"?: boolean }): Promise<BenchmarkPruning> {
  if (values["full-schema"]) return null;
  const budget = values.budget === undefined ? undefined : Number(values.budget);
  if (budget !== undefined && !(budget > 0)) throw new Error(`--budget must be a positive number of tokens, not ${values.budget}`);
  let embedder: TextEmbedder | null = null;
  let denseUnavailable: string | undefined;
  if (values.embed && values.embed !== "lexical") {
    try {
      embedder = await folderEmbedder(values.embed);
    } catch (error) {
      denseUnavailable = `The embedding model in ${values.embed} could not load (${errorMessage(error)}); ranking used names, descriptions and values only.`;
    }
  }
  // A budget named on the command line is the budget: it does not grow with the schema as the default one does.
  const options = { budget, embedder, denseUnavailable, ...(budget !== undefined ? { budgetShare: 0 } : {}) };
  return { options: () => options };
}

/**
 * A pruner for one database file (`ask`): its own comments as descriptions, values only when sharing allows; and
 * search_schema over the same retriever, ranking with the same embedding model.
 */
export async function filePruner(
  database: Pick<DatabaseService, "schema" | "profile" | "executeReadOnly">,
  pruning: BenchmarkPruning,
  sharing: DataSharing,
): Promise<{ prune: SchemaPruner; search: SchemaSearch } | null> {
  if (!pruning) return null;
  const [schema, profile] = await Promise.all([database.schema(), database.profile()]);
  const built = await createSchemaPruner({
    database,
    schema,
    profile,
    descriptions: alignDescriptions(descriptionsFromComments(schema), schema),
    options: () => ({ ...pruning.options(), includeValues: sharesValues(sharing) }),
  });
  return {
    prune: built.prune,
    search: (terms, options) => searchSchema(built.retriever, terms, { ...options, embedder: pruning.options().embedder }),
  };
}
