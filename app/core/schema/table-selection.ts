// Tables first: which tables a question is about (by their own score or their best column's), their foreign-key neighbours, bridges, and the schema's budget.
import type { DatabaseSchema, TableInfo } from "../db/types";
import type { foreignKeyGraph } from "./join-path";
import type { KeepReason } from "./types";

/** A table this relevant next to the best one is chosen: below it, a table shares a common word at most. */
export const TABLE_SHARE = 0.3;
/** A neighbour ranks at this share of the table it neighbours: the question is about that table, maybe through this one. */
export const NEIGHBOUR_SHARE = 0.5;
/**
 * The rest of a chosen table's columns (a neighbour's too) rank at this share of the table: once the relevant columns
 * and tables are in, the budget left goes to the tables the question is most about, whole, before the weakest tables.
 * A neighbour's rest comes last (its rank is already a share of its neighbour's): the column a question paraphrases
 * ("left the company" → `term_dt`) is often in a table only its keys brought in.
 */
export const REST_OF_TABLE_SHARE = 0.3;
/** Tables with at most this many columns are kept whole once chosen: their other columns cost little and are often what is asked. */
export const WHOLE_TABLE_COLUMNS = 6;
/**
 * Tables below the bar but within this share of the best fill the budget left, after every chosen table's rest: a
 * question whose words also name columns of many tables ("price", "names") raises the bar past the table it needs
 * through a weaker word or value ('Dermatology' → departments), and a budget left unspent helps no one.
 */
export const FILLER_SHARE = 0.15;
/**
 * Share of the full schema's tokens past the floor that the budget grows by. A fixed budget fits a small schema and
 * starves a large one (800 tokens is 7% of an 80-table warehouse: two or three tables); growing with the schema
 * keeps room for the tables a question joins, while a schema of a few tables stays near the floor.
 */
export const DEFAULT_BUDGET_SHARE = 0.09;

export interface TableChoice {
  table: string;
  /** Why: the stage that ranked it, "neighbour", "whole-table" (its rest) or "room-left" (a filler). */
  reason: KeepReason;
  /** Keep every column ("whole table"), not only keys, labels and the relevant ones. */
  whole: boolean;
  /** Relevance the choice is ordered by (the table's own, or a share of its neighbour's). */
  rank: number;
  /** Below the bar: offered only for the budget left once everything else is in, its columns not candidates of their own. */
  filler?: boolean;
}

/**
 * Share of a small schema's tokens the budget reaches at least, up to twice the floor. Growing by DEFAULT_BUDGET_SHARE
 * alone leaves a schema of a dozen tables at a quarter of its text, too little for a question joining four of them
 * (a table's keys and labels come along); yet such a schema costs little to send at 40%. The cap keeps large
 * schemas on the linear growth above, where the share matters.
 */
export const SMALL_SCHEMA_SHARE = 0.4;

/**
 * The budget for a schema of `fullTokens`: the floor given, grown by a share of what the schema has beyond it, and
 * for a small schema at least SMALL_SCHEMA_SHARE of it (up to twice the floor). A share of 0 holds it at the floor.
 */
export function schemaBudget(floor: number, fullTokens: number, share = DEFAULT_BUDGET_SHARE): number {
  const grown = floor + Math.round(share * Math.max(0, fullTokens - floor));
  if (share === 0) return grown;
  return Math.max(grown, Math.min(Math.round(SMALL_SCHEMA_SHARE * fullTokens), 2 * floor));
}

export function isSmallTable(table: TableInfo): boolean {
  return table.columns.length <= WHOLE_TABLE_COLUMNS;
}

export interface TableRankingInput {
  schema: DatabaseSchema;
  /** Per table: its own fused score or its best column's, whichever is higher. */
  relevance: ReadonlyMap<string, number>;
  /** The stage that made a table relevant, for its reason. */
  reasonOf: (table: string) => KeepReason;
  graph: ReturnType<typeof foreignKeyGraph>;
  /** Tables that must not be chosen (excluded, or pinned and kept anyway). */
  skip: (table: string) => boolean;
}

/**
 * The tables to choose, best first: every table within TABLE_SHARE of the best, and the foreign-key neighbours of
 * those at NEIGHBOUR_SHARE of their rank when that still clears the bar. Why neighbours: a question names what it
 * asks about ("orders of customers in Berlin") and rarely the table that holds the answer's label or the key
 * between them; a neighbour of a chosen table is the likeliest such table, and costs only its keys and labels.
 */
export function rankTables(input: TableRankingInput): TableChoice[] {
  const best = Math.max(0, ...input.relevance.values());
  if (best <= 0) return [];
  const bar = TABLE_SHARE * best;
  const chosen = new Map<string, TableChoice>();
  const tables = new Map(input.schema.tables.map((table) => [table.name, table]));
  for (const [table, relevance] of input.relevance) {
    if (relevance < bar || input.skip(table)) continue;
    chosen.set(table, { table, reason: input.reasonOf(table), whole: isSmallTable(tables.get(table)!), rank: relevance });
  }
  const primary = [...chosen.values()];
  for (const choice of primary) {
    const rank = NEIGHBOUR_SHARE * choice.rank;
    if (rank < bar) continue;
    for (const { table } of input.graph.get(choice.table) ?? []) {
      if (input.skip(table) || (chosen.get(table)?.rank ?? 0) >= rank) continue;
      chosen.set(table, { table, reason: "neighbour", whole: false, rank });
    }
  }
  const rest = [...chosen.values()]
    .filter((choice) => !choice.whole)
    .map((choice) => ({ ...choice, reason: "whole-table" as const, whole: true, rank: REST_OF_TABLE_SHARE * choice.rank }));
  const fillers: TableChoice[] = [];
  for (const [table, relevance] of input.relevance) {
    if (relevance >= bar || relevance < FILLER_SHARE * best || chosen.has(table) || input.skip(table)) continue;
    const rank = REST_OF_TABLE_SHARE * NEIGHBOUR_SHARE * relevance;
    fillers.push({ table, reason: "room-left", whole: isSmallTable(tables.get(table)!), rank, filler: true });
  }
  return [...chosen.values(), ...rest, ...fillers].sort((a, b) => b.rank - a.rank);
}

/** A table that may bridge others: the tables its foreign keys point to, when it holds little else. */
export interface BridgeCandidate {
  table: string;
  ends: string[];
}

/**
 * Tables that join others and hold little else (an association table such as `film_actor`, or `order_items`
 * without facts of its own): at least two distinct tables referenced, at most two columns that are neither
 * keys nor references. A table with facts of its own is left to relevance and the join path.
 */
export function bridgeCandidates(schema: DatabaseSchema): BridgeCandidate[] {
  const names = new Map(schema.tables.map((table) => [table.name.toLowerCase(), table.name]));
  const candidates: BridgeCandidate[] = [];
  for (const table of schema.tables) {
    const ends = new Set<string>();
    const keyColumns = new Set<string>();
    for (const key of table.foreignKeys) {
      const target = names.get(key.toTable.toLowerCase());
      if (target && target !== table.name) ends.add(target);
      for (const column of key.fromColumns) keyColumns.add(column);
    }
    for (const column of table.columns) if (column.primaryKeyPosition > 0) keyColumns.add(column.name);
    const facts = table.columns.filter((column) => !keyColumns.has(column.name)).length;
    if (ends.size >= 2 && facts <= 2) candidates.push({ table: table.name, ends: [...ends] });
  }
  return candidates;
}

/** The bridges between kept tables: when both ends are kept, a question about them goes through the bridge. */
export function bridgeTables(candidates: readonly BridgeCandidate[], kept: ReadonlyMap<string, unknown> | ReadonlySet<string>): string[] {
  return candidates
    .filter((candidate) => !kept.has(candidate.table) && candidate.ends.filter((end) => kept.has(end)).length >= 2)
    .map((candidate) => candidate.table);
}
