// Checking a student's answer to an exercise: both queries run read-only, the EX judge compares them, and the rows each
// result lacks are marked for the side-by-side view.
import { hasTopLevelOrderBy, judgeExecution, type Judgement } from "../eval/ex-judge";
import type { QueryOutcome, QueryRunner } from "../eval/query-runner";
import { unmatchedRows } from "../eval/result-diff";

/** Exercise answers are small; a student's runaway join stops here instead of filling the tab's memory. */
export const MAX_CHECKED_ROWS = 100_000;

export interface AnswerCheck {
  judgement: Judgement;
  /** Whether row order counted: the reference sorts its outermost result. */
  orderMatters: boolean;
  reference: QueryOutcome;
  answer: QueryOutcome;
  /** Per row of each result, whether the other result lacks it (duplicates counted); empty when the answer is correct. */
  referenceUnmatched: boolean[];
  answerUnmatched: boolean[];
}

/**
 * Runs the reference, then the answer, and judges them by the Spider rules as written (no rewriting of either text):
 * values compared, column names ignored and columns in any order, rows as a multiset (so DISTINCT matters), and row
 * order only when the reference has a top-level ORDER BY. The official Spider score drops DISTINCT from both queries;
 * a student who forgets it has not answered "one row per state", so here it is kept.
 */
export async function checkAnswer(runner: QueryRunner, referenceSql: string, answerSql: string, options: { timeoutMs: number }): Promise<AnswerCheck> {
  const runOptions = { timeoutMs: options.timeoutMs, maxRows: MAX_CHECKED_ROWS };
  const reference = await runner.run(referenceSql, runOptions);
  const answer = await runner.run(answerSql, runOptions);
  const orderMatters = hasTopLevelOrderBy(referenceSql);
  const judgement = judgeExecution(reference, answer, { semantics: "spider", goldHasOrderBy: orderMatters });
  // Marks compare columns in the order written; a match may have found another column order, so it marks nothing.
  const marked = reference.ok && answer.ok && !judgement.match;
  return {
    judgement,
    orderMatters,
    reference,
    answer,
    referenceUnmatched: marked ? unmatchedRows(reference.rows, answer.rows) : [],
    answerUnmatched: marked ? unmatchedRows(answer.rows, reference.rows) : [],
  };
}

function countOf(count: number, word: string): string {
  return `${count.toLocaleString("en-US")} ${word}${count === 1 ? "" : "s"}`;
}

/**
 * The verdict in a student's words. Counts come from the two results (the judge's own detail speaks of "gold" and
 * "prediction"); nothing of the reference's values or text is said.
 */
export function verdictText(check: AnswerCheck): string {
  const { judgement, reference, answer } = check;
  if (!reference.ok) return `This exercise's reference query failed, so no answer can be checked; tell the teacher (${reference.error.message}).`;
  if (!answer.ok) {
    return answer.error.kind === "timeout"
      ? `Not yet: your query ran past the time limit. ${answer.error.message}`
      : `Not yet: your query failed. ${answer.error.message}`;
  }
  if (judgement.match) return "Correct: your query returns the same result as the reference.";
  switch (judgement.reason) {
    case "different-columns":
      return `Not yet: the reference returns ${countOf(reference.columns.length, "column")}, yours ${countOf(answer.columns.length, "column")}.`;
    case "different-row-count":
      return `Not yet: the reference returns ${countOf(reference.rows.length, "row")}, yours ${countOf(answer.rows.length, "row")}.`;
    case "different-order":
      return "Not yet: the rows are right but in a different order, and this question asks for an order.";
    default:
      return `Not yet: as many rows as the reference (${countOf(answer.rows.length, "row")}), but not the same values.`;
  }
}
