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

/**
 * The rewrites test-suite-sql-eval's `eval_exec_match` applies to both queries before running them
 * (with its default `--keep_distinct` off): `> =`, `< =`, `! =` joined, `YEAR(CURDATE())` replaced by
 * 2020, and every bare DISTINCT keyword dropped (also inside `count(DISTINCT x)`, as the official code does).
 * Only for reproducing official Spider numbers: it changes what the queries mean.
 */
export function applyOfficialSpiderRewrites(sql: string): string {
  // The official code uses plain string replacement here, even inside string literals; so does this.
  const joined = sql.replaceAll("> =", ">=").replaceAll("< =", "<=").replaceAll("! =", "!=");
  const withYear = joined.replace(/YEAR\s*\(\s*CURDATE\s*\(\s*\)\s*\)\s*/gi, "2020");
  return removeDistinctKeywords(withYear);
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

/** True when the text holds anything but whitespace, comments and `;`s: what is left after a statement is then another statement. */
export function hasSqlContent(sql: string): boolean {
  for (const token of scanTokens(sql)) if (token.kind !== "semicolon") return true;
  return false;
}
