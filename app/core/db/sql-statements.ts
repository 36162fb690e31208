// Splits SQL text into statements and finds the statement under an editor cursor, without asking SQLite.
import { scanTokens } from "./sql-tokens";

/** One statement of a SQL text; `start`/`end` are JS string (UTF-16) offsets, so `sql.slice(start, end) === text`. */
export interface StatementSpan {
  /** The statement, its terminating `;` included when present, without surrounding whitespace or comments. */
  text: string;
  start: number;
  end: number;
}

/** Words looked at when deciding whether a statement is `[EXPLAIN [QUERY PLAN]] CREATE [TEMP] TRIGGER`. */
const LEADING_WORDS_KEPT = 6;

function isCreateTrigger(leadingWords: string[]): boolean {
  let position = 0;
  if (leadingWords[position] === "EXPLAIN") {
    position++;
    if (leadingWords[position] === "QUERY" && leadingWords[position + 1] === "PLAN") position += 2;
  }
  if (leadingWords[position] !== "CREATE") return false;
  position++;
  if (leadingWords[position] === "TEMP" || leadingWords[position] === "TEMPORARY") position++;
  return leadingWords[position] === "TRIGGER";
}

/**
 * Splits SQL text into statements at `;` outside strings, quoted identifiers, comments and trigger bodies.
 * Spans holding nothing but whitespace, comments or a lone `;` are dropped; comments before a statement
 * (or after a final statement with no `;`) are not part of its span. Never throws: an unterminated string
 * or comment runs to the end of the text.
 */
export function splitStatements(sql: string): StatementSpan[] {
  const spans: StatementSpan[] = [];
  let start = -1;
  let end = -1;
  let leadingWords: string[] = [];
  // Depth of BEGIN/CASE … END nesting inside a CREATE TRIGGER body; its `;`s do not end the statement.
  let triggerBodyDepth = 0;

  for (const token of scanTokens(sql)) {
    if (token.kind === "semicolon" && triggerBodyDepth === 0) {
      if (start !== -1) spans.push({ text: sql.slice(start, token.end), start, end: token.end });
      start = -1;
      leadingWords = [];
      continue;
    }
    if (start === -1) start = token.start;
    end = token.end;
    if (token.kind !== "word") continue;

    // Past the leading words only BEGIN (5 letters) matters outside a trigger body; skip upper-casing the rest of a long dump.
    const needsWord = leadingWords.length < LEADING_WORDS_KEPT || triggerBodyDepth > 0 || token.end - token.start === 5;
    if (!needsWord) continue;
    const word = sql.slice(token.start, token.end).toUpperCase();
    if (leadingWords.length < LEADING_WORDS_KEPT) leadingWords.push(word);
    if (triggerBodyDepth > 0) {
      if (word === "CASE") triggerBodyDepth++;
      else if (word === "END") triggerBodyDepth--;
    } else if (word === "BEGIN" && isCreateTrigger(leadingWords)) {
      triggerBodyDepth = 1;
    }
  }
  if (start !== -1) spans.push({ text: sql.slice(start, end), start, end });
  return spans;
}

/**
 * The statement an editor should run for a cursor at `offset` (a UTF-16 index, as Monaco gives it):
 * - the statement containing the cursor; a cursor right after a statement's `;` (or its last character) picks it;
 * - in whitespace or comments between statements: the statement just before, whether it ended on the cursor's
 *   line or on an earlier one, except that a cursor in the indentation before a statement on its own line picks
 *   that statement;
 * - before the first statement: the first one.
 * Null when the text holds no statement.
 */
export function statementAtOffset(sql: string, offset: number): StatementSpan | null {
  const spans = splitStatements(sql);
  if (spans.length === 0) return null;
  const cursor = Math.min(Math.max(0, Math.floor(Number.isFinite(offset) ? offset : 0)), sql.length);

  let previous: StatementSpan | null = null;
  let next: StatementSpan | null = null;
  for (const span of spans) {
    if (cursor > span.start && cursor <= span.end) return span;
    if (cursor === span.start) return span;
    if (span.start > cursor) {
      next = span;
      break;
    }
    previous = span;
  }
  if (previous === null) return next;
  if (next === null) return previous;
  if (!/[\r\n]/.test(sql.slice(previous.end, cursor))) return previous;
  if (/^[ \t]*$/.test(sql.slice(cursor, next.start))) return next;
  return previous;
}

/** The first keyword of a statement, upper-cased (`SELECT`, `WITH`, `PRAGMA`…), skipping comments; null when it does not start with a word. */
export function firstKeyword(sql: string): string | null {
  for (const token of scanTokens(sql)) {
    return token.kind === "word" ? sql.slice(token.start, token.end).toUpperCase() : null;
  }
  return null;
}
