// Tables first: which tables a question is about (by their own score or their best column's), their foreign-key neighbours, bridges, and the schema's budget.
import type { DatabaseSchema, TableInfo } from "../db/types";
import type { foreignKeyGraph } from "./join-path";
import type { KeepReason } from "./types";

/** A table this relevant next to the best one is chosen: below it, a table shares a common word at most. */
export const TABLE_SHARE = 0.3;
/** A neighbour ranks at this share of the table it neighbours: the question is about that table, maybe through this one. */
export const NEIGHBOUR_SHARE = 0.5;
/** Tables with at most this many columns are kept whole once chosen: their other columns cost little and are often what is asked. */
export const WHOLE_TABLE_COLUMNS = 6;
/**
 * Share of the full schema's tokens the budget grows to. A fixed budget fits a small schema and starves a large
 * one (800 tokens is 7% of an 80-table warehouse: two or three tables); a share keeps room for the tables a
 * question joins, while a small schema keeps the fixed floor.
 */
export const DEFAULT_BUDGET_SHARE = 0.1;

export interface TableChoice {
  table: string;
  /** Why: the stage that ranked it, or "neighbour". */
  reason: KeepReason;
  /** Keep every column ("whole table"), not only keys, labels and the relevant ones. */
  whole: boolean;
  /** Relevance the choice is ordered by (the table's own, or a share of its neighbour's). */
  rank: number;
}

/** The budget for a schema of `fullTokens`: the floor given, grown to the share of the whole schema. */
export function schemaBudget(floor: number, fullTokens: number, share = DEFAULT_BUDGET_SHARE): number {
  return Math.max(floor, Math.round(share * fullTokens));
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
  for (const choice of [...chosen.values()]) {
    const rank = NEIGHBOUR_SHARE * choice.rank;
    if (rank < bar) continue;
    for (const { table } of input.graph.get(choice.table) ?? []) {
      if (input.skip(table) || (chosen.get(table)?.rank ?? 0) >= rank) continue;
      chosen.set(table, { table, reason: "neighbour", whole: false, rank });
    }
  }
  return [...chosen.values()].sort((a, b) => b.rank - a.rank);
}

/**
 * Tables that join two kept tables and hold little else (an association table such as `order_items` without
 * its own facts, or `film_actor`): when both ends are kept, a question about them goes through it. A table
 * with facts of its own is left to relevance and the join path.
 */
export function bridgeTables(schema: DatabaseSchema, kept: ReadonlySet<string>): string[] {
  const names = new Map(schema.tables.map((table) => [table.name.toLowerCase(), table.name]));
  const bridges: string[] = [];
  for (const table of schema.tables) {
    if (kept.has(table.name)) continue;
    const ends = new Set<string>();
    const keyColumns = new Set<string>();
    for (const key of table.foreignKeys) {
      const target = names.get(key.toTable.toLowerCase());
      if (target && target !== table.name && kept.has(target)) ends.add(target);
      for (const column of key.fromColumns) keyColumns.add(column);
    }
    for (const column of table.columns) if (column.primaryKeyPosition > 0) keyColumns.add(column.name);
    const facts = table.columns.filter((column) => !keyColumns.has(column.name)).length;
    if (ends.size >= 2 && facts <= 2) bridges.push(table.name);
  }
  return bridges;
}
