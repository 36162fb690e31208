// Whether the embedding setting suits the language of the question and the schema: an English-only model ranks a
// German question against German names little better than chance, so the settings suggest a multilingual one.
import type { DatabaseSchema } from "../db/types";
import { isMultilingualModel, MULTILINGUAL_EMBEDDING_MODEL, type EmbeddingSettings } from "./embedding-settings";
import { detectLanguage, type Language } from "./language";
import { textWords } from "./text-terms";

export interface EmbeddingLanguageAdvice {
  /** The language told, and from what. */
  language: Exclude<Language, "english">;
  source: "question" | "schema";
  /** The model suggested instead. */
  model: string;
}

/** Schema words read, as the retriever bounds them: enough for comments to have a voice, cheap on huge schemas. */
const SCHEMA_WORDS = 5000;

/** The words of a schema's names and comments, in schema order, bounded. */
export function schemaWords(schema: DatabaseSchema): string[] {
  const words: string[] = [];
  for (const table of schema.tables) {
    words.push(...textWords(table.name));
    for (const column of table.columns) words.push(...textWords(column.name), ...textWords(column.comment ?? ""));
    if (words.length >= SCHEMA_WORDS) break;
  }
  return words.slice(0, SCHEMA_WORDS);
}

/**
 * A multilingual model to suggest, or null when there is nothing to say: no language told, English, or the chosen
 * model is multilingual already. The question and the schema are told apart (each by its own function words), so a
 * German question about an English schema, and a German schema asked about in English, both get the suggestion. The
 * model being off is no reason to stay silent: turning it on is the suggestion then.
 */
export function embeddingLanguageAdvice(input: {
  question: string;
  schema: DatabaseSchema | null;
  settings: Pick<EmbeddingSettings, "enabled" | "model">;
}): EmbeddingLanguageAdvice | null {
  if (input.settings.enabled && isMultilingualModel(input.settings.model)) return null;
  const words = input.schema ? schemaWords(input.schema) : [];
  const fromQuestion = detectLanguage(textWords(input.question));
  if (fromQuestion && fromQuestion !== "english") return { language: fromQuestion, source: "question", model: MULTILINGUAL_EMBEDDING_MODEL };
  const fromSchema = detectLanguage(words);
  if (fromSchema && fromSchema !== "english") return { language: fromSchema, source: "schema", model: MULTILINGUAL_EMBEDDING_MODEL };
  return null;
}
