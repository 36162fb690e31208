// The significant tokens of SQLite text (words, quoted runs, parentheses, semicolons), skipping whitespace and
// comments: shared by statement splitting, the judge's ORDER BY check and anything else that reads SQL as text.

export type TokenKind = "word" | "quoted" | "open" | "close" | "semicolon" | "other";

export interface Token {
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
export function* scanTokens(sql: string): Generator<Token> {
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
