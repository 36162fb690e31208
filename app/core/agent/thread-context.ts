// What a follow-up question is told about the thread before it: each earlier question, its final SQL and a short
// summary of its result, never the transcripts. Values appear only when query results may be shared; the text stays
// under a token bound by leaving out the oldest questions first.
import { sharesResults, type DataSharing } from "../data-sharing";
import { estimateTokens, type TokenCounter } from "../schema/token-count";
import type { ThreadQuestion } from "./thread";

/**
 * Tokens the earlier questions may take. A question with its SQL and summary is 60–200 tokens, so about the last five
 * to ten fit: enough for "now only for 2020" to find what it narrows, small beside the schema (800 by default).
 */
export const THREAD_CONTEXT_TOKENS = 1_000;

export interface ThreadContext {
  /** Put before the new question in the first user message. */
  text: string;
  tokens: number;
  /** Earlier questions described, and those left out (the oldest) to stay under the bound. */
  included: number;
  left: number;
}

export interface ThreadContextOptions {
  sharing: DataSharing;
  maxTokens?: number;
  count?: TokenCounter;
}

const HEADER = "Earlier in this conversation (the new question may build on these answers):";

function resultLine(question: ThreadQuestion, sharing: DataSharing, withRows: boolean): string[] {
  const result = question.result;
  if (!result) return [];
  const rows = `${result.rowCount} ${result.rowCount === 1 ? "row" : "rows"}`;
  const lines = [`→ ${rows} (columns ${result.columns.join(", ")})`];
  // Under "schema" and "profiles" the rows of queries stay in the page; the model learns only the shape of the answer.
  if (withRows && sharesResults(sharing) && result.rows.length > 0) {
    const shown = result.rows.length < result.rowCount ? `first ${result.rows.length}` : "rows";
    lines.push(`→ ${shown}: ${result.rows.map((row) => JSON.stringify(row)).join(", ")}`);
  }
  return lines;
}

function block(question: ThreadQuestion, number: number, sharing: DataSharing, options: { withRows: boolean; sqlChars?: number }): string {
  const lines = [`Q${number}: ${question.question}`];
  if (question.sql === null) {
    lines.push(`→ no final SQL (the run ended: ${question.status})`);
  } else {
    const sql = question.sql.trim();
    const cut = options.sqlChars !== undefined && sql.length > options.sqlChars ? `${sql.slice(0, options.sqlChars)} … (cut)` : sql;
    lines.push(`→ final SQL: ${cut}`);
    lines.push(...resultLine(question, sharing, options.withRows));
  }
  return lines.join("\n");
}

function render(blocks: string[], left: number): string {
  const note = left > 0 ? [`(${left} earlier ${left === 1 ? "question" : "questions"} left out.)`] : [];
  return [HEADER, ...note, ...blocks].join("\n");
}

/** Null when there is nothing earlier. The newest question is always described, cut to fit when it alone is too long. */
export function threadContext(questions: readonly ThreadQuestion[], options: ThreadContextOptions): ThreadContext | null {
  if (questions.length === 0) return null;
  const count = options.count ?? estimateTokens;
  const maxTokens = options.maxTokens ?? THREAD_CONTEXT_TOKENS;
  const full = questions.map((question, index) => block(question, index + 1, options.sharing, { withRows: true }));
  // Newest first, while the whole text (header and the left-out note included) stays within the bound.
  let first = questions.length - 1;
  while (first > 0 && count(render(full.slice(first - 1), first - 1)) <= maxTokens) first -= 1;
  let text = render(full.slice(first), first);
  if (count(text) > maxTokens) {
    // Only the newest is left and it is too long: its rows go first, then its SQL is cut to what fits.
    const newest = questions.length - 1;
    const sql = questions[newest]!.sql ?? "";
    const fitted = (sqlChars?: number) => render([block(questions[newest]!, newest + 1, options.sharing, { withRows: false, sqlChars })], newest);
    text = fitted();
    if (count(text) > maxTokens) {
      let low = 0;
      let high = sql.length;
      while (low < high) {
        const middle = Math.ceil((low + high) / 2);
        if (count(fitted(middle)) <= maxTokens) low = middle;
        else high = middle - 1;
      }
      text = fitted(low);
    }
  }
  return { text, tokens: count(text), included: questions.length - first, left: first };
}

/** The first user message of a follow-up: what came before, then the question. Without earlier context, the question alone. */
export function questionWithContext(question: string, context: string | undefined): string {
  return context ? `${context}\n\nNew question: ${question}` : question;
}

/** Earlier questions the schema is pruned for besides the new one. */
const PRUNED_EARLIER_QUESTIONS = 2;

/**
 * What the schema is pruned for: a follow-up ("split that by country") names little of the schema, so the last
 * earlier questions come first and the tables they needed stay kept. Their SQL is left out: the pruning's question is
 * shown to the person, and the words of the questions already lead to those tables.
 */
export function pruningText(question: string, thread: { questions: readonly ThreadQuestion[] } | null): string {
  const earlier = (thread?.questions ?? []).filter((entry) => entry.status !== "running").slice(-PRUNED_EARLIER_QUESTIONS);
  return [...earlier.map((entry) => entry.question), question].join(" · ");
}
