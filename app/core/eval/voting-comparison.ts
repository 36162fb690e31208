// Accuracy with and without candidate voting over the same questions: the vote's answer against candidate 1's own
// answer from the same run (VotingResult.first), per model. Pure, for the benchmark view and its test.
import type { QuestionResult } from "./question-result";

export interface VotingComparisonRow {
  model: string;
  /** Questions answered by voting (only they are compared). */
  questions: number;
  withVoting: number;
  withoutVoting: number;
  /** Questions the vote got right that candidate 1 alone got wrong, and the reverse. */
  fixed: number;
  broken: number;
  /** The candidates per question, as the results recorded them (one number, or several when settings changed mid-run). */
  candidates: number[];
}

export function votingComparison(results: readonly (QuestionResult & { model: string })[]): VotingComparisonRow[] {
  const rows = new Map<string, VotingComparisonRow>();
  for (const result of results) {
    if (!result.voting) continue;
    let row = rows.get(result.model);
    if (!row) rows.set(result.model, (row = { model: result.model, questions: 0, withVoting: 0, withoutVoting: 0, fixed: 0, broken: 0, candidates: [] }));
    const alone = result.voting.first.match;
    row.questions += 1;
    if (result.match) row.withVoting += 1;
    if (alone) row.withoutVoting += 1;
    if (result.match && !alone) row.fixed += 1;
    if (!result.match && alone) row.broken += 1;
    if (!row.candidates.includes(result.voting.candidates)) row.candidates.push(result.voting.candidates);
  }
  return [...rows.values()];
}
