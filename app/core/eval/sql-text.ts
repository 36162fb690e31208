// Reading gold and predicted SQL as text for the EX judge: does the outermost query sort its rows, and the official Spider rewrites.

type TokenKind = "word" | "quoted" | "open" | "close" | "semicolon" | "other";

interface Token {
  kind: TokenKind;
  start: number;
  end: number;
}

function isWhitespace(code: number): boolean {
  if (code === 32 || (code >= 9 && code <= 13)) return true;
  return code >= 0x80 && /\s/.test(String.fromCharCode(code));
}

/** SQLite identifier characters: ASCII letters, digits, `_`, `$`, and every non-ASCII character. */
function isWordCharacter(code: number): boolean {
  return (
    (code >= 97 && code <= 122) ||
    (code >= 65 && code <= 90) ||
    (code >= 48 && code <= 57) ||
    code === 95 ||
    code === 36 ||
    (code >= 0x80 && !isWhitespace(code))
  );
}

/** End (exclusive) of a quoted token starting at `start`; a doubled quote is an escape. Unterminated runs to the end. */
function endOfQuoted(sql: string, start: number, quote: string): number {
  let index = start + 1;
  for (;;) {
    const close = sql.indexOf(quote, index);
    if (close === -1) return sql.length;
    if (sql[close + 1] === quote) {
      index = close + 2;
      continue;
    }
    return close + 1;
  }
}

/**
 * The significant tokens of SQL text. Whitespace and comments are skipped; a string literal or quoted
 * identifier is one token, so a keyword written inside one is never mistaken for SQL. Never throws:
 * an unterminated string or comment runs to the end.
 */
function* scanTokens(sql: string): Generator<Token> {
  const length = sql.length;
  let index = 0;
  while (index < length) {
    const code = sql.charCodeAt(index);
    const character = sql[index];
    if (isWhitespace(code)) {
      index++;
      continue;
    }
    if (character === "-" && sql[index + 1] === "-") {
      const newline = sql.indexOf("\n", index + 2);
      index = newline === -1 ? length : newline + 1;
      continue;
    }
    if (character === "/" && sql[index + 1] === "*") {
      // SQLite block comments do not nest.
      const close = sql.indexOf("*/", index + 2);
      index = close === -1 ? length : close + 2;
      continue;
    }
    const start = index;
    if (character === "'" || character === '"' || character === "`") {
      index = endOfQuoted(sql, index, character);
      yield { kind: "quoted", start, end: index };
      continue;
    }
    if (character === "[") {
      // [bracket] identifiers have no escape for `]`.
      const close = sql.indexOf("]", index + 1);
      index = close === -1 ? length : close + 1;
      yield { kind: "quoted", start, end: index };
      continue;
    }
    if (isWordCharacter(code)) {
      index++;
      while (index < length && isWordCharacter(sql.charCodeAt(index))) index++;
      yield { kind: "word", start, end: index };
      continue;
    }
    index++;
    const kind: TokenKind = character === "(" ? "open" : character === ")" ? "close" : character === ";" ? "semicolon" : "other";
    yield { kind, start, end: index };
  }
}

function isWord(sql: string, token: Token, upperCaseWord: string): boolean {
  return (
    token.kind === "word" &&
    token.end - token.start === upperCaseWord.length &&
    sql.slice(token.start, token.end).toUpperCase() === upperCaseWord
  );
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
