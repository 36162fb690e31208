// Which statements a database read on demand refuses, said before SQLite runs anything: its file is never written,
// and a person should read why in words rather than SQLite's "attempt to write a readonly database".
import { firstKeyword, splitStatements } from "./sql-statements";
import type { DbError } from "./types";

const READING_KEYWORDS = new Set(["SELECT", "WITH", "VALUES", "EXPLAIN"]);
/** Pragmas that take an argument in parentheses only to say what to report on. */
const REPORTING_PRAGMAS = new Set([
  "table_info",
  "table_xinfo",
  "table_list",
  "index_list",
  "index_info",
  "index_xinfo",
  "foreign_key_list",
  "integrity_check",
  "quick_check",
]);

/** A PRAGMA that only reads: no `=`, and a parenthesis only on a reporting pragma (`PRAGMA user_version(3)` sets it). */
function isReadingPragma(text: string): boolean {
  if (text.includes("=")) return false;
  const match = /^\s*PRAGMA\s+(?:[\w"]+\.)?"?(\w+)"?\s*(\()?/i.exec(text);
  if (!match) return false;
  const name = match[1]!.toLowerCase();
  // query_only is what keeps the connection from writing; reading it is harmless, but nothing may switch it.
  if (name === "query_only") return match[2] === undefined;
  return match[2] === undefined || REPORTING_PRAGMAS.has(name);
}

/**
 * The first statement that could change a database read on demand, as an error placed on that statement; null when
 * every statement only reads. SQLite's query_only would refuse a write anyway (a WITH … INSERT gets past this check
 * and is refused there); this check is what gives the message.
 */
export function refuseChangesOnLazy(sql: string, databaseLabel: string): DbError | null {
  const statements = splitStatements(sql);
  for (const [index, statement] of statements.entries()) {
    const keyword = firstKeyword(statement.text);
    if (keyword && READING_KEYWORDS.has(keyword)) continue;
    if (keyword === "PRAGMA" && isReadingPragma(statement.text)) continue;
    return {
      kind: "sql-error",
      message: `${databaseLabel} is open read-only, read on demand, so ${keyword ?? "this statement"} is refused: only statements that read (SELECT, WITH, VALUES, EXPLAIN, PRAGMAs that report) run on it. To change the data, open a copy that is loaded whole.`,
      statementIndex: index,
      statementStart: statement.start,
      statementEnd: statement.end,
    };
  }
  return null;
}
