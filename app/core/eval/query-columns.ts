// The tables and columns a SQL query uses, resolved against a schema: what a pruned schema must keep for it (column recall).
import { scanTokens } from "../db/sql-tokens";
import type { DatabaseSchema } from "../db/types";

export interface QueryColumn {
  table: string;
  column: string;
}

/** Words after a table name that are clause keywords, not an alias. */
const NOT_ALIAS = new Set(
  "where join inner left right full outer cross natural on using group order limit having union intersect except as select from and or not window".split(" "),
);

/** Words that end a FROM list (after them a comma separates columns or values, not tables). */
const FROM_LIST_ENDS = new Set(["where", "group", "order", "having", "limit", "on", "using", "union", "intersect", "except", "select", "window"]);

function identifierText(sql: string, start: number, end: number, kind: string): string | null {
  const text = sql.slice(start, end);
  if (kind === "word") return text;
  if (text.startsWith("'")) return null; // a string literal
  return text.slice(1, -1).replace(/""/g, '"').replace(/``/g, "`");
}

/**
 * Which schema columns a query names. Tables are the identifiers that are table names; aliases follow them
 * (with or without AS); `alias.column` resolves through the alias; a bare name counts for every used table that
 * has such a column (stricter than SQLite, which would refuse an ambiguous name in one scope, but subqueries
 * have scopes of their own). `*` names no column.
 */
export function queryColumns(sql: string, schema: DatabaseSchema): QueryColumn[] {
  const tables = new Map(schema.tables.map((table) => [table.name.toLowerCase(), table]));
  const tokens = [...scanTokens(sql)].map((token) => ({ ...token, text: sql.slice(token.start, token.end) }));
  const identifiers = tokens.map((token) =>
    token.kind === "word" || token.kind === "quoted" ? identifierText(sql, token.start, token.end, token.kind) : null,
  );

  const used = new Set<string>();
  const aliases = new Map<string, string>();
  // A name is a table only where a table can stand: after FROM or JOIN, or after a comma in a FROM list.
  let inFromList = false;
  identifiers.forEach((identifier, index) => {
    const word = tokens[index]!.kind === "word" ? tokens[index]!.text.toLowerCase() : "";
    if (word === "from" || word === "join") inFromList = true;
    else if (FROM_LIST_ENDS.has(word) || tokens[index]!.kind === "close" || tokens[index]!.kind === "semicolon") inFromList = false;
    if (!identifier) return;
    const previous = tokens[index - 1]?.text.toLowerCase();
    const tablePlace = previous === "from" || previous === "join" || (previous === "," && inFromList);
    const table = tablePlace ? tables.get(identifier.toLowerCase()) : undefined;
    if (!table || tokens[index + 1]?.text === ".") return;
    used.add(table.name);
    let next = index + 1;
    if (tokens[next]?.text.toLowerCase() === "as") next += 1;
    const alias = identifiers[next];
    if (alias && !NOT_ALIAS.has(alias.toLowerCase()) && tokens[next + 1]?.text !== "(") aliases.set(alias.toLowerCase(), table.name);
  });

  const found = new Map<string, QueryColumn>();
  const add = (table: string, column: string) => found.set(`${table}\u0000${column}`, { table, column });
  identifiers.forEach((identifier, index) => {
    if (!identifier) return;
    if (tokens[index + 1]?.text === ".") return; // a qualifier; the column follows
    if (tokens[index - 1]?.text === ".") {
      const qualifier = identifiers[index - 2];
      if (!qualifier) return;
      const tableName = aliases.get(qualifier.toLowerCase()) ?? tables.get(qualifier.toLowerCase())?.name;
      const table = tableName ? tables.get(tableName.toLowerCase()) : undefined;
      const column = table?.columns.find((candidate) => candidate.name.toLowerCase() === identifier.toLowerCase());
      if (table && column) add(table.name, column.name);
      return;
    }
    for (const tableName of used) {
      const table = tables.get(tableName.toLowerCase());
      const column = table?.columns.find((candidate) => candidate.name.toLowerCase() === identifier.toLowerCase());
      if (table && column) add(table.name, column.name);
    }
  });
  return [...found.values()];
}
