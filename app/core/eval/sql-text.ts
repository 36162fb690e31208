// Reading gold and predicted SQL as text for the EX judge: does the outermost query sort its rows, and the official Spider rewrites.

import { scanTokens, type Token } from "../db/sql-tokens";

function isWord(sql: string, token: Token, upperCaseWord: string): boolean {
  return token.kind === "word" && token.end - token.start === upperCaseWord.length && sql.slice(token.start, token.end).toUpperCase() === upperCaseWord;
}

/**
 * True when the outermost query of the first statement has an ORDER BY, so its row order is part of
 * the answer. An ORDER BY in a subquery, a CTE body, a window (`OVER (ORDER BY …)`, `WINDOW w AS (…)`)
 * or an aggregate (`group_concat(x ORDER BY y)`) sits inside parentheses and does not count; neither
 * does one in a string, a quoted identifier or a comment. In SQLite only the last member of a compound
 * SELECT may have an ORDER BY, and it sorts the whole compound, so a top-level one always sorts the result.
 */
export function hasTopLevelOrderBy(sql: string): boolean {
  let depth = 0;
  let previousWasTopLevelOrder = false;
  for (const token of scanTokens(sql)) {
    if (token.kind === "open") {
      depth++;
      previousWasTopLevelOrder = false;
      continue;
    }
    if (token.kind === "close") {
      // An unbalanced `)` is a syntax error SQLite reports; clamping keeps the scan meaningful until then.
      depth = Math.max(0, depth - 1);
      previousWasTopLevelOrder = false;
      continue;
    }
    if (token.kind === "semicolon" && depth === 0) return false;
    if (depth === 0 && previousWasTopLevelOrder && isWord(sql, token, "BY")) return true;
    previousWasTopLevelOrder = depth === 0 && isWord(sql, token, "ORDER");
  }
  return false;
}

/** Python's `str.isspace()` characters, which `str.strip()` removes (JS's `trim` differs at \x1c–\x1f, \x85 and \ufeff). */
const PYTHON_WHITESPACE = "\\t\\n\\v\\f\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
const PYTHON_STRIP = new RegExp(`^[${PYTHON_WHITESPACE}]+|[${PYTHON_WHITESPACE}]+$`, "g");

/** Python's `str.strip()`. */
export function pythonStrip(text: string): string {
  return text.replace(PYTHON_STRIP, "");
}

/** The queries test-suite-sql-eval executes, and whether it compares row order. */
export interface OfficialSpiderQueries {
  gold: string;
  predicted: string;
  /** `'order by' in g_str.lower()`: anywhere in the gold text (a subquery, a window, a string too), not only at the top level. */
  orderMatters: boolean;
}

/**
 * What test-suite-sql-eval does to the two texts before running them, in its order: evaluation.py's `evaluate`
 * strips each line and turns " value " in the prediction (a placeholder) into " 1 "; exec_eval.py's `eval_exec_match`
 * joins "> =", "< =", "! =" (`postprocess`), drops DISTINCT unless `keepDistinct` (`remove_distinct`), reads
 * `order_matters` from the gold text; `exec_on_db_` pins YEAR(CURDATE()) to 2020 (`replace_cur_year`). These change
 * what the queries mean; they are there to reproduce official numbers.
 */
export function officialSpiderQueries(gold: string, predicted: string, options: { keepDistinct: boolean }): OfficialSpiderQueries {
  let goldText = postprocess(pythonStrip(gold));
  let predictedText = postprocess(pythonStrip(predicted).replaceAll(" value ", " 1 "));
  if (!options.keepDistinct) {
    predictedText = removeDistinct(predictedText);
    goldText = removeDistinct(goldText);
  }
  const orderMatters = goldText.toLowerCase().includes("order by");
  return { gold: replaceCurYear(goldText), predicted: replaceCurYear(predictedText), orderMatters };
}

/** exec_eval.py's `postprocess`: plain string replacement, inside string literals too. */
function postprocess(sql: string): string {
  return sql.replaceAll("> =", ">=").replaceAll("< =", "<=").replaceAll("! =", "!=");
}

/** exec_eval.py's `replace_cur_year`. */
function replaceCurYear(sql: string): string {
  return sql.replace(/YEAR\s*\(\s*CURDATE\s*\(\s*\)\s*\)\s*/gi, "2020");
}

/**
 * parse.py's `remove_distinct`: `sqlparse.parse(s)[0]` keeps the first statement only (what follows its first
 * top-level `;` is dropped, so a second statement is never run), and its DISTINCT keyword tokens are dropped.
 */
export function removeDistinct(sql: string): string {
  return removeDistinctKeywords(sql.slice(0, firstStatementEnd(sql)));
}

/**
 * Where sqlparse's StatementSplitter ends the first statement: at a `;` while its split level is 0 or below. `(`
 * raises the level and `)` lowers it; so does the keyword END (also the one closing a CASE, as sqlparse does). The
 * whitespace and comments after the `;` are kept with it; they change nothing when run.
 */
function firstStatementEnd(sql: string): number {
  let level = 0;
  let endedAt: number | null = null;
  for (const token of scanTokens(sql)) {
    if (endedAt !== null) return token.start;
    if (token.kind === "open") level++;
    else if (token.kind === "close") level--;
    else if (isWord(sql, token, "END")) level--;
    else if (token.kind === "semicolon" && level <= 0) endedAt = token.end;
  }
  return sql.length;
}

/** Drops bare DISTINCT keywords, leaving strings, quoted identifiers and comments alone (as sqlparse's tokens do). */
export function removeDistinctKeywords(sql: string): string {
  let result = "";
  let copiedUpTo = 0;
  for (const token of scanTokens(sql)) {
    if (!isWord(sql, token, "DISTINCT")) continue;
    result += sql.slice(copiedUpTo, token.start);
    copiedUpTo = token.end;
  }
  return copiedUpTo === 0 ? sql : result + sql.slice(copiedUpTo);
}

/**
 * What Python's sqlite3 `cursor.execute` (both official scripts run queries with it) finds after the first statement,
 * once spaces and comments are skipped as CPython 3.11's `lstrip_sql` does: anything left, even a lone `;`, makes it
 * raise "You can only execute one statement at a time." Empty when the text is one statement.
 */
export function textAfterFirstStatement(sql: string): string {
  for (const token of scanTokens(sql)) {
    if (token.kind !== "semicolon") continue;
    return sql.slice(token.end).replace(/^(?:[ \t\f\n\r]+|--[^\n]*(?:\n|$)|\/\*[\s\S]*?(?:\*\/|$))*/, "");
  }
  return "";
}

/** True when the text holds anything but whitespace, comments and `;`s: what is left after a statement is then another statement. */
export function hasSqlContent(sql: string): boolean {
  for (const token of scanTokens(sql)) if (token.kind !== "semicolon") return true;
  return false;
}
