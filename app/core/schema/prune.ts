// Pruning for one question: rank the schema, keep what the question needs within a token budget, complete keys and joins.
import type { DatabaseSchema, TableInfo } from "../db/types";
import { contributingStages, DEFAULT_FUSION_WEIGHTS, fuseUnit, inheritedShare, type FusionWeights } from "./fusion";
import { foreignKeyGraph, joinPath } from "./join-path";
import { Pacer, PAUSE_EVERY_MS } from "../yield-to-events";
import { bridgeCandidates, bridgeTables, rankTables, schemaBudget, type BridgeCandidate, type TableChoice } from "./table-selection";
import { foldText, splitIdentifier } from "./text-terms";
import type { SchemaRetriever } from "./schema-retriever";
import { schemaText, schemaTextSteps, tableText, type SchemaTextOptions } from "./schema-text";
import { estimateTokens, type TokenCounter } from "./token-count";
import type { PromptSchema } from "./pruning-summary";
import type {
  ColumnDecision,
  DatabaseProfile,
  JoinEdge,
  KeepReason,
  PruneOverrides,
  PruneResult,
  SchemaDescriptions,
  TableDecision,
  TextEmbedder,
} from "./types";
import { errorMessage } from "../error-message";

import { DEFAULT_RELATIVE_THRESHOLD, DEFAULT_SCHEMA_TOKEN_BUDGET } from "./prune-defaults";

export { DEFAULT_RELATIVE_THRESHOLD, DEFAULT_SCHEMA_TOKEN_BUDGET };

export interface PruneOptions {
  /** Tokens the schema text may take at least (the budget grows to budgetShare of a large schema). */
  budget?: number;
  /** Share of the full schema's tokens the budget grows to (DEFAULT_BUDGET_SHARE); 0 holds it at `budget`. */
  budgetShare?: number;
  overrides?: PruneOverrides;
  /** The dense stage; omit (or null) for lexical and value matching only. */
  embedder?: TextEmbedder | null;
  /** Why the dense stage cannot run though it was wanted (the model failed to load): carried into the result. */
  denseUnavailable?: string;
  /** Whether example and matched values may appear in the text (the data-sharing setting). */
  includeValues?: boolean;
  countTokens?: TokenCounter;
  /**
   * A column is relevant when its score is at least this share of the best column's. Below it a column is only
   * kept as a key, on a join path, or when pinned: filling the budget with weak matches costs tokens and
   * distracts the model.
   */
  relativeThreshold?: number;
  weights?: FusionWeights;
  /**
   * Once this long has passed since the start or the last pause, the search for what fits the budget pauses for
   * queued events before its next assembly (PAUSE_EVERY_MS by default). Each assembly of a schema of thousands of
   * tables takes ~0.1 s, and a question took seconds on the page's main thread without a pause; a small schema's
   * prune (a few ms) never pauses.
   */
  pauseEveryMs?: number;
}

const columnKey = (table: string, column: string) => `${table}.${column}`;
/**
 * Kept tables further apart than this many foreign-key steps are not joined: a question's tables are a few joins
 * apart, and a longer path (through a merged schema's shared lookup tables) spends the budget on nothing asked.
 */
const MAX_JOIN_EDGES = 3;
/** Candidates past the largest fitting prefix tried one by one. */
const GREEDY_TRIES = 12;

/** The full schema's token count depends only on the database and whether values are shown: counted once. */
const fullTokenCache = new WeakMap<TokenCounter, WeakMap<SchemaRetriever, Map<boolean, number>>>();
async function fullSchemaTokens(retriever: SchemaRetriever, includeValues: boolean, countTokens: TokenCounter, pacer: Pacer): Promise<number> {
  let byRetriever = fullTokenCache.get(countTokens);
  if (!byRetriever) fullTokenCache.set(countTokens, (byRetriever = new WeakMap()));
  let byValues = byRetriever.get(retriever);
  if (!byValues) byRetriever.set(retriever, (byValues = new Map()));
  let tokens = byValues.get(includeValues);
  if (tokens === undefined) {
    const text = await pacer.run(
      schemaTextSteps(retriever.schema, { descriptions: retriever.input.descriptions, profile: retriever.input.profile, includeValues }),
    );
    tokens = countTokens(text);
    byValues.set(includeValues, tokens);
  }
  return tokens;
}

export interface UnprunedSchemaOptions {
  descriptions?: SchemaDescriptions | null;
  /** Gives the value notes (ranges, examples) when values may be shown. */
  profile?: DatabaseProfile | null;
  /** Whether example values may appear in the text (the data-sharing setting). */
  includeValues: boolean;
  countTokens?: TokenCounter;
}

/**
 * The whole schema for the prompt, in the same format a pruned one has (pruneSchema keeps a schema that fits
 * whole as exactly this text, plus the question's matched values), with a summary saying everything was kept.
 */
export function unprunedSchema(schema: DatabaseSchema, options: UnprunedSchemaOptions): PromptSchema {
  const text = schemaText(schema, { descriptions: options.descriptions, profile: options.profile, includeValues: options.includeValues });
  const tokens = (options.countTokens ?? estimateTokens)(text);
  const kept = Object.fromEntries(schema.tables.map((table) => [table.name, table.columns.map((column) => column.name)]));
  const columns = schema.tables.reduce((total, table) => total + table.columns.length, 0);
  return {
    text,
    // No budget applied: the text's own size stands in for it, so kept = full = budget.
    pruning: { tokensKept: tokens, tokensFull: tokens, budget: tokens, kept, columnsKept: columns, columnsTotal: columns, stagesUsed: [] },
  };
}

/**
 * The last word of a label column's name, in the languages the stemmers cover, as a whole word or a compound's
 * head: `name`, `last_nm`, `Nachname`, `Stadtname`, `Bezeichnung`, `achternaam`, `nom`, `nombre`, `nimi`.
 */
const LABEL_WORD = /^(name|nm|title|label)$|(name|titel|bezeichnung|naam|nom|nombre|nome|nimi|namn|navn)$/;

/**
 * The columns that name a table's rows: those whose last word is "name" or "title" (first_name, last_name, title),
 * else the first text column that is not a key. Answers to "which …" questions show them.
 */
export function labelColumns(table: TableInfo): string[] {
  const keys = new Set(keyColumns(table));
  const named = table.columns.filter((column) => LABEL_WORD.test(foldText(splitIdentifier(column.name).at(-1) ?? "")) && !keys.has(column.name));
  if (named.length > 0) return named.slice(0, 2).map((column) => column.name);
  const text = table.columns.find((column) => !keys.has(column.name) && /CHAR|TEXT|CLOB/i.test(column.type));
  return text ? [text.name] : [];
}

function keyColumns(table: TableInfo): string[] {
  const keys = new Set<string>();
  for (const column of table.columns) if (column.primaryKeyPosition > 0) keys.add(column.name);
  for (const key of table.foreignKeys) for (const column of key.fromColumns) keys.add(column);
  return [...keys];
}

/** What selection reads of a schema's shape, the same for every question: worked out once per schema. */
interface SchemaShape {
  graph: ReturnType<typeof foreignKeyGraph>;
  keysOf: Map<string, string[]>;
  labelsOf: Map<string, string[]>;
  foreignKeyColumns: Set<string>;
  bridges: BridgeCandidate[];
}
const shapes = new WeakMap<DatabaseSchema, SchemaShape>();
async function schemaShape(schema: DatabaseSchema, pacer: Pacer): Promise<SchemaShape> {
  let shape = shapes.get(schema);
  if (!shape) {
    shape = await pacer.run(shapeSteps(schema));
    shapes.set(schema, shape);
  }
  return shape;
}

/** A table a step (labels are found by matching names: ~0.1 s for 5,000 tables). */
function* shapeSteps(schema: DatabaseSchema): Generator<void, SchemaShape> {
  const keysOf = new Map<string, string[]>();
  const labelsOf = new Map<string, string[]>();
  const foreignKeyColumns = new Set<string>();
  for (const table of schema.tables) {
    keysOf.set(table.name, keyColumns(table));
    labelsOf.set(table.name, labelColumns(table));
    for (const key of table.foreignKeys) for (const column of key.fromColumns) foreignKeyColumns.add(columnKey(table.name, column));
    yield;
  }
  return { graph: foreignKeyGraph(schema), keysOf, labelsOf, foreignKeyColumns, bridges: bridgeCandidates(schema) };
}

interface ColumnState {
  table: string;
  column: string;
  score: number;
  unit: number;
  reasons: Set<KeepReason>;
}

/**
 * Prunes the schema for a question. Whole schemas within the budget are kept whole (scores are still computed
 * for the screen). Otherwise tables first: the tables the question is about (by their own score or their best
 * column's) and their foreign-key neighbours, each with its keys and labels (a small one whole), in order of
 * relevance while they fit; then the relevant columns by fused score while they fit; around them the pinned
 * ones, bridge tables between kept tables, and the tables and keys on the foreign-key path joining them.
 */
export async function pruneSchema(retriever: SchemaRetriever, question: string, options: PruneOptions = {}): Promise<PruneResult> {
  const started = performance.now();
  // Between its steps (and within the long ones) the prune lets queued events run once pauseEveryMs has passed: for a
  // schema of thousands of tables each step takes tens of ms on the page's main thread, the whole prune a second.
  const pacer = new Pacer(options.pauseEveryMs ?? PAUSE_EVERY_MS);
  const budgetFloor = options.budget ?? DEFAULT_SCHEMA_TOKEN_BUDGET;
  const countTokens = options.countTokens ?? estimateTokens;
  const weights = options.weights ?? DEFAULT_FUSION_WEIGHTS;
  const threshold = options.relativeThreshold ?? DEFAULT_RELATIVE_THRESHOLD;
  const pinned = new Set(options.overrides?.pinned ?? []);
  const excluded = new Set(options.overrides?.excluded ?? []);
  const { schema } = retriever;

  let denseUnavailable = options.denseUnavailable;
  let scores;
  try {
    scores = await retriever.score(question, options.embedder);
  } catch (error) {
    // The model failed (to load or to run): rank without it and say so, rather than fail the question.
    denseUnavailable = `The embedding model could not run (${errorMessage(error)}); ranking used names, descriptions and values only.`;
    scores = await retriever.score(question, null);
  }

  const matchedValues: Record<string, Record<string, string>> = {};
  for (const [unit, match] of scores.valueMatches) {
    if (match.kind !== "exact" && match.kind !== "part") continue;
    const { table, column } = retriever.units[unit];
    if (column !== undefined) (matchedValues[table] ??= {})[column] = match.value;
  }
  const textOptions: SchemaTextOptions = {
    descriptions: retriever.input.descriptions,
    profile: retriever.input.profile,
    includeValues: options.includeValues ?? true,
    matchedValues: options.includeValues === false ? undefined : matchedValues,
  };

  // Scores.
  const tableScore = new Map<string, number>();
  const columns: ColumnState[] = [];
  for (const [tableIndex, table] of schema.tables.entries()) {
    if (tableIndex % 200 === 199) await pacer.pauseWhenDue();
    const tableUnit = retriever.tableUnit(table.name) ?? -1;
    const tableStages = scores.stages[tableUnit] ?? {};
    tableScore.set(table.name, fuseUnit(tableStages, weights));
    // fuseColumn's sum, the table's share worked out once for all its columns.
    const inherited = inheritedShare(tableStages, weights);
    for (const column of table.columns) {
      const unit = retriever.columnUnit(table.name, column.name) ?? -1;
      const score = fuseUnit(scores.stages[unit] ?? {}, weights) + inherited;
      columns.push({ table: table.name, column: column.name, unit, score, reasons: new Set() });
    }
  }
  const best = Math.max(0, ...columns.map((column) => column.score));
  // Without exclusions or pins (the usual case) no key is built: these are asked for every column of the schema.
  const isExcluded = (table: string, column?: string) =>
    excluded.size > 0 && (excluded.has(table) || (column !== undefined && excluded.has(columnKey(table, column))));
  const tablesByName = new Map(schema.tables.map((table) => [table.name, table]));
  // Each table's columns, so a question about one table does not look through every column of the schema (with
  // thousands of tables, a pass over all columns per table took seconds).
  const columnsOf = new Map<string, ColumnState[]>();
  // And by name within its table: keeping a column looks it up there (one key of 60,000 built per lookup cost more).
  const stateOf = new Map<string, Map<string, ColumnState>>();
  for (const state of columns) {
    const own = columnsOf.get(state.table);
    if (own) own.push(state);
    else columnsOf.set(state.table, [state]);
    let byName = stateOf.get(state.table);
    if (!byName) stateOf.set(state.table, (byName = new Map()));
    byName.set(state.column, state);
  }

  const tokensFull = await fullSchemaTokens(retriever, textOptions.includeValues, countTokens, pacer);
  const budget = schemaBudget(budgetFloor, tokensFull, options.budgetShare);

  const reasonsFromStages = (state: ColumnState): KeepReason[] => {
    const own = contributingStages(scores.stages[state.unit] ?? {}, weights);
    if (own.length) return own;
    const inherited = contributingStages(scores.stages[retriever.tableUnit(state.table) ?? -1] ?? {}, weights);
    return inherited.length ? inherited : ["lexical"];
  };

  // Selection: what relevance (or a pin) chose, then keys, labels and join paths assembled around it.
  const isPinned = (table: string, column?: string) => pinned.size > 0 && (pinned.has(table) || (column !== undefined && pinned.has(columnKey(table, column))));
  // Whole when the full text fits, counted with this question's matched values noted in it.
  const wholeSchema = tokensFull <= budget && countTokens(schemaText(schema, textOptions)) <= budget;
  const pinnedColumns: ColumnState[] = [];
  const relevantColumns: ColumnState[] = [];
  const relevantReasons = new Map<ColumnState, KeepReason[]>();
  for (const state of columns) {
    if (isExcluded(state.table, state.column)) continue;
    if (isPinned(state.table, state.column)) pinnedColumns.push(state);
    else if (best > 0 && state.score >= threshold * best) {
      relevantColumns.push(state);
      relevantReasons.set(state, reasonsFromStages(state));
    }
  }
  relevantColumns.sort((a, b) => b.score - a.score);
  await pacer.pauseWhenDue();
  const pinnedTables = schema.tables.filter((table) => !isExcluded(table.name) && isPinned(table.name)).map((table) => table.name);
  const isAnchor = (state: ColumnState) => {
    const match = scores.valueMatches.get(state.unit);
    return match !== undefined && match.kind === "exact" && match.score >= 0.5;
  };
  // Tables first. A table is as relevant as its own score or its best column's own evidence (without the share a
  // column inherits from its table), so a table found through one column ("average price" → produkt.preis) counts.
  // Not through a foreign key: `bestellungen.kunden_id` is named after the table it points to, not what it holds.
  const { graph, keysOf, labelsOf, foreignKeyColumns, bridges } = await schemaShape(schema, pacer);
  const tableEvidence = new Map(tableScore);
  for (const state of columns) {
    if (foreignKeyColumns.has(columnKey(state.table, state.column))) continue;
    const stages = scores.stages[state.unit] ?? {};
    // A year says which date column, not which table (see the retriever); the kind of figure asked for ("how much" →
    // an amount) says which column of a chosen table, not which table: most tables of a warehouse have an amount.
    const own = fuseUnit(stages, weights, scores.valueMatches.get(state.unit)?.kind === "year", true);
    if (own > (tableEvidence.get(state.table) ?? 0)) tableEvidence.set(state.table, own);
  }
  await pacer.pauseWhenDue();
  // The stage that chose a column: a measure match never does (it is left out of tableEvidence above).
  const chosenBy = (state: ColumnState) => relevantReasons.get(state)?.find((reason) => reason !== "measure");
  // Each table's best relevant column that a stage chose, found in one pass (per table, a search of every relevant
  // column took about a second with thousands of tables).
  const bestChosenColumnOf = new Map<string, ColumnState>();
  for (const state of relevantColumns) if (!bestChosenColumnOf.has(state.table) && chosenBy(state) !== undefined) bestChosenColumnOf.set(state.table, state);
  const tableChoices = rankTables({
    schema,
    relevance: tableEvidence,
    reasonOf: (table) => {
      const own = contributingStages(scores.stages[retriever.tableUnit(table) ?? -1] ?? {}, weights)[0];
      if (own) return own;
      const bestColumn = bestChosenColumnOf.get(table);
      return (bestColumn && chosenBy(bestColumn)) ?? "lexical";
    },
    graph,
    skip: (table) => isExcluded(table) || isPinned(table),
  });
  // One ranking for what the budget may cut: the chosen tables (each with its keys, labels and the columns holding
  // a value the question names, or whole when small) at their relevance, and the relevant columns at their score
  // (their own evidence plus a share of their table's, so the columns of a table the question is about come before
  // a weaker table or a neighbour). A tight budget so drops weak columns and neighbours before what is asked.
  await pacer.pauseWhenDue();
  const chosenTables = new Set([...tableChoices.filter((choice) => !choice.filler).map((choice) => choice.table), ...pinnedTables]);
  type Candidate = { column: ColumnState } | TableChoice;
  const candidates: Array<{ candidate: Candidate; rank: number }> = [
    ...tableChoices.map((choice) => ({ candidate: choice, rank: choice.rank })),
    // Columns of the chosen tables only: a column cannot bring in a table its own evidence did not choose (a date
    // column matching "2024" in every table of a warehouse). One holding a value the question names as a whole is
    // what its filter needs: it goes first.
    ...relevantColumns
      .filter((state) => chosenTables.has(state.table))
      .map((state) => ({ candidate: { column: state }, rank: state.score + (isAnchor(state) ? best : 0) })),
  ].sort((a, b) => b.rank - a.rank);

  const valueColumnsOf = new Map<string, ColumnState[]>();
  // A chosen table comes with every relevant column holding a value the question names, weakly too: 'Portland' stored
  // in five tables' city columns is weak evidence of which table, yet the filter once the table is chosen.
  const holdsNamedValue = (state: ColumnState) => {
    const kind = scores.valueMatches.get(state.unit)?.kind;
    return kind === "exact" || kind === "part";
  };
  for (const state of relevantColumns) if (holdsNamedValue(state)) valueColumnsOf.set(state.table, [...(valueColumnsOf.get(state.table) ?? []), state]);
  // A chosen table comes with its columns of the kind of figure the question asks for ("how much did the clinic
  // charge" → appointments.fee): the question's words name the table, rarely the amount, and an amount is what it sums.
  const measureColumnsOf = new Map<string, ColumnState[]>();
  for (const state of columns) {
    if (!scores.stages[state.unit]?.measure || isExcluded(state.table, state.column)) continue;
    measureColumnsOf.set(state.table, [...(measureColumnsOf.get(state.table) ?? []), state]);
  }
  let kept = new Map<string, Set<string>>();
  let tableReasons = new Map<string, KeepReason>();
  let edges: JoinEdge[] = [];
  /** The columns an assembly gave reasons: the next clears only theirs, not every column of the schema. */
  let givenReasons: ColumnState[] = [];

  /** Builds the kept set from the pins and the chosen candidates, in steps (the budget's search has thousands). */
  const assembleSteps = function* (chosen: Array<{ candidate: Candidate }>): Generator<void, void> {
    kept = new Map();
    tableReasons = new Map();
    for (const state of givenReasons) state.reasons.clear();
    givenReasons = [];
    const keep = (table: string, column: string, reasons: KeepReason[]) => {
      if (isExcluded(table, column)) return;
      let set = kept.get(table);
      if (!set) kept.set(table, (set = new Set()));
      set.add(column);
      const state = stateOf.get(table)?.get(column);
      if (!state) return;
      if (state.reasons.size === 0) givenReasons.push(state);
      for (const reason of reasons) state.reasons.add(reason);
    };
    if (wholeSchema) {
      for (const state of columns) keep(state.table, state.column, ["whole-schema"]);
      return;
    }
    const relevance = new Map<string, number>();
    const note = (table: string, score: number) => relevance.set(table, Math.max(relevance.get(table) ?? 0, score));
    for (const state of pinnedColumns) keep(state.table, state.column, ["pinned"]);
    for (const table of pinnedTables) {
      tableReasons.set(table, "pinned");
      for (const column of tablesByName.get(table)?.columns ?? []) keep(table, column.name, ["pinned"]);
    }
    for (const [place, { candidate }] of chosen.entries()) {
      if (place % 100 === 99) yield;
      if ("column" in candidate) {
        const state = candidate.column;
        keep(state.table, state.column, relevantReasons.get(state) ?? ["lexical"]);
        note(state.table, state.score);
      } else {
        if (!tableReasons.has(candidate.table)) tableReasons.set(candidate.table, candidate.whole ? "whole-table" : candidate.reason);
        if (!kept.has(candidate.table)) kept.set(candidate.table, new Set());
        note(candidate.table, candidate.rank);
        for (const state of valueColumnsOf.get(candidate.table) ?? []) keep(state.table, state.column, relevantReasons.get(state) ?? ["value"]);
        if (!candidate.filler && candidate.reason !== "neighbour")
          for (const state of measureColumnsOf.get(candidate.table) ?? []) keep(state.table, state.column, ["measure"]);
        if (candidate.whole) for (const column of tablesByName.get(candidate.table)?.columns ?? []) keep(candidate.table, column.name, ["whole-table"]);
      }
    }
    // A table joining two kept ones and holding little else is how a question about both goes: kept with its keys.
    for (const table of bridgeTables(bridges, kept)) {
      if (isExcluded(table)) continue;
      tableReasons.set(table, "neighbour");
      kept.set(table, new Set());
    }
    for (const table of [...kept.keys()]) {
      note(table, tableScore.get(table) ?? 0);
      for (const column of keysOf.get(table) ?? []) keep(table, column, ["key"]);
      for (const column of labelsOf.get(table) ?? []) keep(table, column, ["label"]);
    }
    yield;
    const terminals = [...kept.keys()].sort((a, b) => (relevance.get(b) ?? 0) - (relevance.get(a) ?? 0));
    const path = joinPath(graph, terminals, MAX_JOIN_EDGES);
    for (const edge of path.edges) {
      for (const table of [edge.fromTable, edge.toTable]) {
        if (kept.has(table)) continue;
        tableReasons.set(table, "join-path");
        for (const column of tablesByName.get(table)?.columns ?? []) if (column.primaryKeyPosition > 0) keep(table, column.name, ["key"]);
      }
      edge.fromColumns.forEach((column) => keep(edge.fromTable, column, ["join-path"]));
      edge.toColumns.forEach((column) => keep(edge.toTable, column, ["join-path"]));
    }
    edges = path.edges;
  };
  const assemble = (chosen: Array<{ candidate: Candidate }>) => pacer.run(assembleSteps(chosen));

  if (wholeSchema) await assemble([]);
  else {
    // Counted per table (cached by its kept columns), so a candidate costs the tables that changed, not the whole text.
    // A table's kept columns are named by a bit each while they fit in one number (31 columns), else by their names.
    const tableTokens = new Map<string, Map<number | string, number>>();
    const footerTokens = countTokens(
      `-- The schema above keeps what this question seems to need; ${schema.tables.length} more tables and ${schema.tables.length * 99} more columns exist. list_tables and describe_table show everything.`,
    );
    // Counting the first candidates' tables took ~0.3-0.9 s for a schema of 5,000 tables: it pauses too.
    const estimate = async () => {
      let total = footerTokens;
      let counted = 0;
      for (const [name, set] of kept) {
        if (++counted % 50 === 0) await pacer.pauseWhenDue();
        const table = tablesByName.get(name)!;
        let key: number | string;
        if (table.columns.length <= 31) {
          let bits = 0;
          for (let index = 0; index < table.columns.length; index += 1) if (set.has(table.columns[index]!.name)) bits |= 1 << index;
          key = bits;
        } else key = table.columns.map((column) => (set.has(column.name) ? "1" : "0")).join("");
        let byKept = tableTokens.get(name);
        if (!byKept) tableTokens.set(name, (byKept = new Map()));
        let tokens = byKept.get(key);
        if (tokens === undefined) {
          const columnsKept = table.columns.filter((column) => set.has(column.name)).map((column) => column.name);
          byKept.set(key, (tokens = countTokens(tableText(table, columnsKept, textOptions)) + 1));
        }
        total += tokens;
      }
      return total;
    };
    const fits = async (chosen: typeof candidates) => {
      await pacer.pauseWhenDue();
      await assemble(chosen);
      return (await estimate()) <= budget;
    };
    // Over budget: the largest prefix of the ranking that fits (binary search, log n assemblies)…
    let count = candidates.length;
    if (!(await fits(candidates))) {
      let low = 0;
      let high = count;
      while (high - low > 1) {
        const middle = (low + high) >> 1;
        if (await fits(candidates.slice(0, middle))) low = middle;
        else high = middle;
      }
      count = low;
    }
    const chosen = candidates.slice(0, count);
    // …then the next few candidates that still fit on their own: one that drags in a long join path is skipped,
    // a cheaper one after it may fit. Bounded, so a thousand-column schema stays fast.
    for (const next of candidates.slice(count + 1, count + 1 + GREEDY_TRIES)) if (await fits([...chosen, next])) chosen.push(next);
    // Nothing fits at all: the best candidate with its keys, over budget, beats an empty schema.
    if (chosen.length === 0 && pinnedColumns.length === 0 && pinnedTables.length === 0 && candidates.length > 0) chosen.push(candidates[0]!);
    await assemble(chosen);
    // The estimate sums tables; the exact count of the joined text can differ by a token or two.
    while (chosen.length > 1 && countTokens(schemaText(schema, { ...textOptions, kept: keptRecord() })) > budget) {
      chosen.pop();
      await pacer.pauseWhenDue();
      await assemble(chosen);
    }
  }

  function tableRelevance(table: string): number {
    let relevance = tableScore.get(table) ?? 0;
    for (const state of columnsOf.get(table) ?? [])
      if ((state.reasons.has("pinned") || relevantReasons.has(state)) && kept.get(table)?.has(state.column)) relevance = Math.max(relevance, state.score);
    return relevance;
  }

  function keptRecord(): Record<string, string[]> {
    const record: Record<string, string[]> = {};
    for (const table of schema.tables) {
      const set = kept.get(table.name);
      if (set) record[table.name] = table.columns.filter((column) => set.has(column.name)).map((column) => column.name);
    }
    return record;
  }

  await pacer.pauseWhenDue();
  const keptColumns = keptRecord();
  const text = wholeSchema && excluded.size === 0 ? schemaText(schema, textOptions) : schemaText(schema, { ...textOptions, kept: keptColumns });
  const normalize = (score: number) => (best > 0 ? Math.min(1, score / best) : 0);

  await pacer.pauseWhenDue();
  const columnDecisions: ColumnDecision[] = columns.map((state) => {
    const isKept = kept.get(state.table)?.has(state.column) ?? false;
    const match = scores.valueMatches.get(state.unit);
    return {
      table: state.table,
      column: state.column,
      kept: isKept,
      score: normalize(state.score),
      stages: scores.stages[state.unit] ?? {},
      reasons: isKept ? [...state.reasons] : [],
      ...(isKept ? {} : { dropReason: isExcluded(state.table, state.column) ? ("excluded" as const) : ("below-budget" as const) }),
      ...(match ? { matchedValue: match.value } : {}),
    };
  });
  await pacer.pauseWhenDue();
  const decisionsOf = new Map<string, ColumnDecision[]>();
  for (const decision of columnDecisions) {
    const own = decisionsOf.get(decision.table);
    if (own) own.push(decision);
    else decisionsOf.set(decision.table, [decision]);
  }
  const tableDecisions: TableDecision[] = schema.tables.map((table) => {
    const isKept = kept.has(table.name);
    const reasons = new Set<KeepReason>();
    for (const decision of decisionsOf.get(table.name) ?? []) for (const reason of decision.reasons) if (reason !== "key") reasons.add(reason);
    const own = tableReasons.get(table.name);
    if (own) reasons.add(own);
    if (pinned.has(table.name)) reasons.add("pinned");
    return {
      table: table.name,
      kept: isKept,
      score: normalize(tableRelevance(table.name)),
      stages: scores.stages[retriever.tableUnit(table.name) ?? -1] ?? {},
      reasons: isKept ? [...reasons] : [],
      ...(isKept ? {} : { dropReason: isExcluded(table.name) ? ("excluded" as const) : ("below-budget" as const) }),
    };
  });

  const tokensKept = countTokens(text);
  return {
    question,
    tables: tableDecisions,
    columns: columnDecisions,
    kept: keptColumns,
    joinPath: edges,
    schemaText: text,
    tokensKept,
    // Kept whole, the text is the full schema (with the question's matched values noted in it).
    tokensFull: wholeSchema && excluded.size === 0 ? tokensKept : tokensFull,
    budget,
    stagesUsed: [...(scores.denseUsed ? (["dense"] as const) : []), "lexical", ...(retriever.input.values ? (["value"] as const) : [])],
    ...(denseUnavailable ? { denseUnavailable } : {}),
    elapsedMs: performance.now() - started,
  };
}
