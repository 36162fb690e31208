// search_schema's engine: the pruner's own retriever run over the whole schema for a few words, with why each table and
// column matched, so the agent can find what pruning left out.
import type { TableInfo } from "../db/types";
import { errorMessage } from "../error-message";
import { contributingStages, DEFAULT_FUSION_WEIGHTS, fuseUnit } from "./fusion";
import { questionMeasures, type MeasureConcept } from "./measure-concepts";
import { DEFAULT_RELATIVE_THRESHOLD } from "./prune";
import type { SchemaRetriever } from "./schema-retriever";
import { textTerms, textWords } from "./text-terms";
import type { StageScores, TextEmbedder } from "./types";
import type { ValueMatch } from "./value-index";

/** Why a table or column matched, in terms the model can check against the schema. */
export type SearchReason =
  /** A word of the terms is a word of its name (after folding and stemming). */
  | { kind: "name"; word: string }
  /** A word of the terms is in its description or comment. */
  | { kind: "description"; word: string }
  /** The ranking matched part of a word: `part` inside `word` (compounds, inflections), one from the terms, one from its name or description. */
  | { kind: "sub-word"; part: string; word: string; in: "name" | "description" }
  /** The ranking matched by words but no single word can be named (a stage the explanation does not know). */
  | { kind: "words" }
  /** The terms ask for a kind of figure (money, a rating…) its name says it holds. */
  | { kind: "measure"; measures: MeasureConcept[] }
  /** A stored value (only when values may be shared). */
  | { kind: "value"; match: ValueMatch }
  /** Close in meaning by the embedding model. */
  | { kind: "dense" };

export interface SchemaSearchHit {
  table: string;
  /** Absent for a table. */
  column?: string;
  /** A column's declared type ('' when none). */
  type?: string;
  /** A table's rows (null for views). */
  rowCount?: number | null;
  /** Relevance, 1 for the best of its kind. */
  score: number;
  reasons: SearchReason[];
  /** For a table: how many of its columns matched on their own. */
  matchingColumns?: number;
}

export interface SchemaSearchResult {
  terms: string;
  /** The folded words searched for; empty when the terms hold none. */
  words: string[];
  tables: SchemaSearchHit[];
  columns: SchemaSearchHit[];
  /** Whether stored values were searched (only when the person shares values). */
  valuesSearched: boolean;
  denseUsed: boolean;
  /** True when some hit matched by a word or a value, not only by meaning. */
  matchedByWords: boolean;
  /** Why the embedding model did not rank, when it was wanted and failed. */
  denseUnavailable?: string;
}

export interface SchemaSearchOptions {
  /**
   * Whether stored values may be searched and named. Off under "schema only": the terms are the model's own, so a value
   * match would answer "is there a row with X?" — a lookup in the data that setting forbids.
   */
  values: boolean;
  embedder?: TextEmbedder | null;
  maxTables?: number;
  maxColumns?: number;
}

/** What search_schema does with a database's one retriever: the page and the CLI bind it to the pruner's. */
export type SchemaSearch = (terms: string, options: Pick<SchemaSearchOptions, "values">) => Promise<SchemaSearchResult>;

export const SEARCH_MAX_TABLES = 8;
export const SEARCH_MAX_COLUMNS = 15;
/** The shorter word of a sub-word pair: shorter pieces ("an", "tag") are inside too many words to mean anything. */
const SUB_WORD_MIN = 4;

/** The descriptions the retriever indexes beside the names (schema-retriever.ts builds its documents from the same). */
function descriptionOf(retriever: SchemaRetriever, table: TableInfo, column?: string): string {
  const described = retriever.input.descriptions?.tables[table.name];
  if (column === undefined) return described?.description?.text ?? "";
  return described?.columns[column]?.text ?? table.columns.find((candidate) => candidate.name === column)?.comment ?? "";
}

function sharesTerm(word: string, terms: Set<string>): boolean {
  return textTerms(word).some((term) => terms.has(term));
}

/** A word of the search inside a word of the name, or the reverse (`preis` in `durchschnittspreis`, `kunden` holding `kunde`). */
function subWord(words: string[], name: string): { part: string; word: string } | null {
  for (const nameWord of textWords(name)) {
    for (const word of words) {
      if (word === nameWord) continue;
      if (word.length >= SUB_WORD_MIN && nameWord.includes(word)) return { part: word, word: nameWord };
      if (nameWord.length >= SUB_WORD_MIN && word.includes(nameWord)) return { part: nameWord, word };
    }
  }
  return null;
}

/**
 * Which word of the search met the unit's name or description, for a unit the ranking scored by words. The ranking
 * stems by the language it tells, so a word the light stemmer here does not meet is looked for as a part or a form
 * of a name word; when none can be named the reason says only that words matched.
 */
function wordReasons(words: string[], name: string, description: string): SearchReason[] {
  const nameTerms = new Set(textTerms(name));
  const named = words.filter((word) => sharesTerm(word, nameTerms));
  if (named.length > 0) return named.map((word) => ({ kind: "name", word }));
  const descriptionTerms = new Set(textTerms(description));
  const described = words.filter((word) => sharesTerm(word, descriptionTerms));
  if (described.length > 0) return described.map((word) => ({ kind: "description", word }));
  // A form the stemmer here does not meet (Kunden, kunde): the search's own word is named; the hit's line shows the name.
  for (const [text, kind] of [
    [name, "name"],
    [description, "description"],
  ] as const) {
    const part = subWord(words, text);
    if (part) return [{ kind, word: words.includes(part.part) ? part.part : part.word }];
  }
  return [{ kind: "words" }];
}

function subWordReason(words: string[], name: string, description: string): SearchReason {
  const inName = subWord(words, name);
  if (inName) return { kind: "sub-word", ...inName, in: "name" };
  const inDescription = subWord(words, description);
  return inDescription ? { kind: "sub-word", ...inDescription, in: "description" } : { kind: "words" };
}

function reasonsOf(
  stages: StageScores,
  words: string[],
  name: string,
  description: string,
  valueMatch: ValueMatch | undefined,
  measures: MeasureConcept[] = [],
): SearchReason[] {
  const reasons: SearchReason[] = [];
  // Read as strings: the ranking may name stages this explanation does not know yet, and they are skipped, not guessed.
  const stagesNamed: readonly string[] = contributingStages(stages, DEFAULT_FUSION_WEIGHTS);
  for (const stage of stagesNamed) {
    if (stage === "lexical") reasons.push(...wordReasons(words, name, description));
    else if (stage === "sub-word") reasons.push(subWordReason(words, name, description));
    else if (stage === "value" && valueMatch) reasons.push({ kind: "value", match: valueMatch });
    else if (stage === "dense") reasons.push({ kind: "dense" });
    else if (stage === "measure" && measures.length > 0) reasons.push({ kind: "measure", measures });
  }
  // A word already named as a name match is not said again as a sub-word of the same name ('store' in 'stores').
  const named = new Set(reasons.flatMap((reason) => (reason.kind === "name" ? [reason.word] : [])));
  return reasons.filter(
    (reason, index) =>
      !(reason.kind === "sub-word" && (named.has(reason.part) || named.has(reason.word))) &&
      reasons.findIndex((other) => JSON.stringify(other) === JSON.stringify(reason)) === index,
  );
}

/** Hits above the pruner's relevance threshold of the best, best first, at most `limit`, scored 1 for the best. */
function strongest(hits: SchemaSearchHit[], limit: number): SchemaSearchHit[] {
  const best = Math.max(0, ...hits.map((hit) => hit.score));
  if (best <= 0) return [];
  return hits
    .filter((hit) => hit.score >= DEFAULT_RELATIVE_THRESHOLD * best)
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map((hit) => ({ ...hit, score: hit.score / best }));
}

/**
 * Ranks every table and column of the retriever's schema (the whole schema, whatever the pruning kept) for the terms,
 * with the stages the pruner uses: BM25 over names and descriptions, stored values when allowed, and the embedding
 * model when given. A table ranks by its own score or its best column's, so a table found through a column is listed.
 */
export async function searchSchema(retriever: SchemaRetriever, terms: string, options: SchemaSearchOptions): Promise<SchemaSearchResult> {
  const words = [...new Set(textWords(terms))];
  const empty: SchemaSearchResult = { terms, words, tables: [], columns: [], valuesSearched: options.values, denseUsed: false, matchedByWords: false };
  if (words.length === 0) return empty;

  let denseUnavailable: string | undefined;
  let scores;
  try {
    scores = await retriever.score(terms, options.embedder ?? null);
  } catch (error) {
    // As in pruning: a model that fails does not fail the search; it ranks without the model and says so.
    denseUnavailable = `The embedding model could not run (${errorMessage(error)}).`;
    scores = await retriever.score(terms, null);
  }
  const stagesOf = (unit: number | undefined): StageScores => {
    const stages = unit === undefined ? {} : (scores.stages[unit] ?? {});
    return options.values ? stages : { ...stages, value: undefined };
  };
  const asked = questionMeasures(words);
  const valueOf = (unit: number | undefined) => (options.values && unit !== undefined ? scores.valueMatches.get(unit) : undefined);

  const tables: SchemaSearchHit[] = [];
  const columns: SchemaSearchHit[] = [];
  for (const table of retriever.schema.tables) {
    const tableUnit = retriever.tableUnit(table.name);
    const tableStages = stagesOf(tableUnit);
    let bestColumn = 0;
    let bestMatch: ValueMatch | undefined;
    let matchingColumns = 0;
    for (const column of table.columns) {
      const unit = retriever.columnUnit(table.name, column.name);
      const stages = stagesOf(unit);
      const score = fuseUnit(stages, DEFAULT_FUSION_WEIGHTS);
      if (score <= 0) continue;
      const match = valueOf(unit);
      if (match && (!bestMatch || match.score > bestMatch.score)) bestMatch = match;
      const measures = unit === undefined ? [] : retriever.measuresOf(unit).filter((measure) => asked.has(measure));
      const reasons = reasonsOf(stages, words, column.name, descriptionOf(retriever, table, column.name), match, measures);
      if (reasons.some((reason) => reason.kind !== "dense")) matchingColumns += 1;
      bestColumn = Math.max(bestColumn, score);
      columns.push({ table: table.name, column: column.name, type: column.type, score, reasons });
    }
    const own = fuseUnit(tableStages, DEFAULT_FUSION_WEIGHTS);
    const score = Math.max(own, bestColumn);
    if (score <= 0) continue;
    const reasons = reasonsOf(tableStages, words, table.name, descriptionOf(retriever, table), bestMatch);
    tables.push({ table: table.name, rowCount: table.rowCount, score, reasons, matchingColumns });
  }
  const keptTables = strongest(tables, options.maxTables ?? SEARCH_MAX_TABLES);
  const keptColumns = strongest(columns, options.maxColumns ?? SEARCH_MAX_COLUMNS);
  const byWords = (hit: SchemaSearchHit) => hit.reasons.some((reason) => reason.kind !== "dense") || (hit.matchingColumns ?? 0) > 0;
  return {
    ...empty,
    tables: keptTables,
    columns: keptColumns,
    denseUsed: scores.denseUsed,
    matchedByWords: keptTables.some(byWords) || keptColumns.some(byWords),
    ...(denseUnavailable ? { denseUnavailable } : {}),
  };
}
