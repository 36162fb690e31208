// Fuses the stage scores of a unit into one relevance score, and names the stages that made it.
import type { KeepReason, StageScores } from "./types";

export interface FusionWeights {
  /** Share of the text evidence given to BM25 when the dense stage also ran (the rest goes to dense). */
  lexicalShare: number;
  /** Added per unit of value-match score: a stored value named in the question is strong evidence. */
  value: number;
  /** Share of its table's score a column inherits: columns of the table the question is about matter. */
  table: number;
  /**
   * What a sub-word match counts for against an exact word on the same scale: a form or part of a name is likely
   * the same thing (Kunden, kunde) but sometimes not (Lieferant in Lieferantenrabatt), so below an exact match.
   */
  subword: number;
  /**
   * What a measure match counts for (the question asks for money and the column is an amount): below a sub-word match
   * of full strength, as it says which kind of column, not which one; enough to lift a chosen table's amount past its
   * unrelated columns.
   */
  measure: number;
}

export const DEFAULT_FUSION_WEIGHTS: FusionWeights = { lexicalShare: 0.5, value: 1, table: 0.35, subword: 0.5, measure: 0.35 };

/**
 * Lexical (sub-word matches included, weighed down) and dense blended (either alone when the other did not run), plus
 * the value-match and measure bonuses; a bonus left out counts as 0 (the same sum as a copy of the stages with it set
 * to 0, without the copy: the pruner fuses every column of the schema for each question).
 */
export function fuseUnit(stages: StageScores, weights: FusionWeights = DEFAULT_FUSION_WEIGHTS, withoutValue = false, withoutMeasure = false): number {
  const lexical = stages.lexical === undefined ? undefined : stages.lexical + weights.subword * (stages.subword ?? 0);
  const text =
    stages.dense === undefined
      ? (lexical ?? 0)
      : lexical === undefined
        ? stages.dense
        : weights.lexicalShare * lexical + (1 - weights.lexicalShare) * stages.dense;
  return text + weights.value * (withoutValue ? 0 : (stages.value ?? 0)) + weights.measure * (withoutMeasure ? 0 : (stages.measure ?? 0));
}

/** The share of its table's score a column inherits (the table's value matches left out). */
export function inheritedShare(table: StageScores, weights: FusionWeights = DEFAULT_FUSION_WEIGHTS): number {
  return weights.table * fuseUnit(table, weights, true);
}

/** A column's score: its own fused evidence plus a share of its table's. */
export function fuseColumn(column: StageScores, table: StageScores, weights: FusionWeights = DEFAULT_FUSION_WEIGHTS): number {
  return fuseUnit(column, weights) + inheritedShare(table, weights);
}

/** The stages whose part of the score is large enough to name as the reason (at least a quarter of it). */
export function contributingStages(stages: StageScores, weights: FusionWeights = DEFAULT_FUSION_WEIGHTS): KeepReason[] {
  const parts: Array<[KeepReason, number]> = [];
  const denseRan = stages.dense !== undefined;
  const lexicalShare = denseRan ? weights.lexicalShare : 1;
  if (stages.lexical !== undefined) parts.push(["lexical", lexicalShare * stages.lexical]);
  if (stages.subword) parts.push(["sub-word", lexicalShare * weights.subword * stages.subword]);
  if (denseRan) parts.push(["dense", (stages.lexical === undefined ? 1 : 1 - weights.lexicalShare) * (stages.dense ?? 0)]);
  if (stages.value) parts.push(["value", weights.value * stages.value]);
  if (stages.measure) parts.push(["measure", weights.measure * stages.measure]);
  const total = parts.reduce((sum, [, part]) => sum + part, 0);
  if (total <= 0) return [];
  return parts.filter(([, part]) => part >= total / 4).map(([reason]) => reason);
}
