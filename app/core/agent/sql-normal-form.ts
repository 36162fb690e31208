// The same query written twice need not be the same text: case, spacing, comments, a trailing semicolon or quotes
// around a plain name do not change what SQLite runs. The normal form lets the loop see a model repeating itself.

const TOKEN =
  /'(?:[^']|'')*'|"(?:[^"]|"")*"|`[^`]*`|\[[^\]]*\]|--[^\n]*|\/\*[\s\S]*?\*\/|[A-Za-z_][\w$]*|\d+(?:\.\d*)?(?:e[+-]?\d+)?|\.\d+|\s+|<=|>=|<>|!=|==|\|\||<<|>>|./gi;

/**
 * Tokens joined by single spaces: keywords and names lower-cased (SQLite folds both), a quoted name unquoted when it
 * is a plain name, comments and trailing semicolons dropped; string literals are kept exactly, since 'Paris' and
 * 'paris' are different values.
 */
export function sqlNormalForm(sql: string): string {
  const tokens: string[] = [];
  for (const [token] of sql.matchAll(TOKEN)) {
    if (/^\s/.test(token) || token.startsWith("--") || token.startsWith("/*")) continue;
    if (token.startsWith("'")) {
      tokens.push(token);
    } else if (/^["`[]/.test(token)) {
      const name = token.slice(1, -1);
      tokens.push(/^[A-Za-z_]\w*$/.test(name) ? name.toLowerCase() : token.toLowerCase());
    } else {
      tokens.push(token.toLowerCase());
    }
  }
  while (tokens.at(-1) === ";") tokens.pop();
  return tokens.join(" ");
}
