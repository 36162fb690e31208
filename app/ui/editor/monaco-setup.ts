// Loads Monaco with only what a SQL editor needs, and teaches it the open database's tables and columns.
import * as monaco from "monaco-editor/editor/editor.api";
import "monaco-editor/features/register.all";
import "monaco-editor/languages/definitions/sql/register";
import EditorWorker from "monaco-editor/editor/editor.worker?worker";
import { quoteIdentifierIfNeeded } from "../../core/db/identifiers";
import { formatCountOf } from "../../core/format";
import { useDatabaseStore } from "../../state/database-store";
import { stopInputLatencySampling } from "./monaco-input-latency";

declare global {
  interface Window {
    MonacoEnvironment?: { getWorker: (workerId: string, label: string) => Worker };
  }
}

window.MonacoEnvironment = { getWorker: () => new EditorWorker() };
stopInputLatencySampling();

const SQLITE_KEYWORDS = [
  "SELECT",
  "FROM",
  "WHERE",
  "GROUP BY",
  "ORDER BY",
  "HAVING",
  "LIMIT",
  "OFFSET",
  "JOIN",
  "LEFT JOIN",
  "INNER JOIN",
  "CROSS JOIN",
  "ON",
  "USING",
  "AS",
  "DISTINCT",
  "UNION",
  "UNION ALL",
  "INTERSECT",
  "EXCEPT",
  "WITH",
  "RECURSIVE",
  "INSERT INTO",
  "VALUES",
  "UPDATE",
  "SET",
  "DELETE FROM",
  "CREATE TABLE",
  "CREATE INDEX",
  "CREATE VIEW",
  "DROP TABLE",
  "ALTER TABLE",
  "CASE",
  "WHEN",
  "THEN",
  "ELSE",
  "END",
  "AND",
  "OR",
  "NOT",
  "NULL",
  "IS NULL",
  "IS NOT NULL",
  "IN",
  "BETWEEN",
  "LIKE",
  "GLOB",
  "EXISTS",
  "COUNT",
  "SUM",
  "AVG",
  "MIN",
  "MAX",
  "COALESCE",
  "IFNULL",
  "CAST",
  "ROUND",
  "LENGTH",
  "LOWER",
  "UPPER",
  "SUBSTR",
  "DATE",
  "STRFTIME",
  "PRAGMA",
  "EXPLAIN QUERY PLAN",
  "ASC",
  "DESC",
];

let completionRegistered = false;

/** One provider for the page; it reads the schema at the moment of completion, so it follows the open database. */
function registerSchemaCompletion(): void {
  if (completionRegistered) return;
  completionRegistered = true;
  monaco.languages.registerCompletionItemProvider("sql", {
    triggerCharacters: ["."],
    provideCompletionItems(model, position) {
      const word = model.getWordUntilPosition(position);
      const range = new monaco.Range(position.lineNumber, word.startColumn, position.lineNumber, word.endColumn);
      const tables = useDatabaseStore.getState().schema?.tables ?? [];
      const before = model.getLineContent(position.lineNumber).slice(0, word.startColumn - 1);
      const qualifier = before.match(/("?)([\w$]+)\1\.$/)?.[2];
      const Kind = monaco.languages.CompletionItemKind;
      if (qualifier) {
        const table = tables.find((candidate) => candidate.name.toLowerCase() === qualifier.toLowerCase());
        if (table) {
          return {
            suggestions: table.columns.map((column) => ({
              label: column.name,
              kind: Kind.Field,
              detail: `${column.type || "any"} · ${table.name}`,
              documentation: column.comment ?? undefined,
              insertText: quoteIdentifierIfNeeded(column.name),
              range,
            })),
          };
        }
      }
      const suggestions: monaco.languages.CompletionItem[] = [];
      for (const table of tables) {
        suggestions.push({
          label: table.name,
          kind: table.kind === "view" ? Kind.Interface : Kind.Class,
          detail:
            table.kind === "view"
              ? "view"
              : `table · ${table.rowCount === null || table.rowCount === undefined ? "? rows" : formatCountOf(table.rowCount, "row")}`,
          insertText: quoteIdentifierIfNeeded(table.name),
          range,
          sortText: `1${table.name}`,
        });
        for (const column of table.columns) {
          suggestions.push({
            label: { label: column.name, description: table.name },
            kind: Kind.Field,
            detail: `${column.type || "any"} · ${table.name}`,
            documentation: column.comment ?? undefined,
            insertText: quoteIdentifierIfNeeded(column.name),
            range,
            sortText: `2${column.name}`,
          });
        }
      }
      for (const keyword of SQLITE_KEYWORDS) {
        suggestions.push({ label: keyword, kind: Kind.Keyword, insertText: keyword, range, sortText: `3${keyword}` });
      }
      return { suggestions };
    },
  });
}

registerSchemaCompletion();

export { monaco };
