// Loads Monaco with only what a SQL editor needs (its features chosen below), and teaches it the open database's tables and columns.
import * as monaco from "monaco-editor/editor/editor.api";
// The editor's features, one by one rather than Monaco's register.all: a SQL editor over one query has no use for the
// diff editor, inline (AI) completions, code lenses, colour pickers, inlay hints, sticky scroll, links or the language
// services' rename and references, each of which was loaded and set up for every editor. Left out, the editor's
// script is ~0.5 MB smaller, and a page with the editor costs ~0.25 s less CPU (#14: all the browser's processes,
// from the navigation to 5 s after the editor appeared, test build: 3.41 → 3.17 s, medians of 6 paired loads).
// What is here is what a person expects of a code editor: completion, find and replace, comments, bracket matching,
// line moves and copies, multiple cursors, word moves, undo of cursor moves, the error's message on hover, the
// context menu's clipboard, folding, drag and drop of text, the command palette (F1) and Go to Line (Ctrl+G), and
// Ctrl+M, which lets Tab indent instead of leaving the editor (TabFocus below).
import "monaco-editor/features/bracketMatching/register";
import "monaco-editor/features/clipboard/register";
import "monaco-editor/features/codicon/register";
import "monaco-editor/features/comment/register";
import "monaco-editor/features/contextmenu/register";
import "monaco-editor/features/cursorUndo/register";
import "monaco-editor/features/dnd/register";
import "monaco-editor/features/find/register";
import "monaco-editor/features/folding/register";
import "monaco-editor/features/gotoError/register";
import "monaco-editor/features/gotoLine/register";
import "monaco-editor/features/hover/register";
import "monaco-editor/features/indentation/register";
import "monaco-editor/features/lineSelection/register";
import "monaco-editor/features/linesOperations/register";
import "monaco-editor/features/multicursor/register";
import "monaco-editor/features/quickCommand/register";
import "monaco-editor/features/smartSelect/register";
import "monaco-editor/features/snippet/register";
import "monaco-editor/features/toggleTabFocusMode/register";
import "monaco-editor/features/wordHighlighter/register";
import "monaco-editor/features/wordOperations/register";
// The suggest widget itself: Monaco's features/suggest registers only completions shown inline, and register.all got
// the widget through the inline-completions feature left out above.
import "monaco-editor/editor/contrib/suggest/browser/suggestController";
import "monaco-editor/languages/definitions/sql/register";
import EditorWorker from "monaco-editor/editor/editor.worker?worker";
import { TabFocus } from "monaco-editor/editor/browser/config/tabFocus";
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
// Tab moves the focus out of the editor rather than trapping it (WCAG 2.1.2) until the person presses Ctrl+M, which
// flips this page-wide mode. Set here, not as the editor's tabFocusMode option: Monaco ORs that option with this mode,
// so with the option set Ctrl+M could never make Tab indent.
TabFocus.setTabFocusMode(true);
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
