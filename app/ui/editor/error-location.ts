// Narrows a SQLite error to the words it names inside the failing statement, for the editor's squiggle.
import type { QueryError } from "../../state/query-store";

/**
 * SQLite reports no offsets, but its messages name the culprit: `near "FORM": syntax error`,
 * `no such column: nme`, `no such table: users`. Mark that word when it is in the statement, else the statement.
 */
export function errorRange(text: string, error: QueryError): { start: number; end: number } | null {
  if (error.editorStart === undefined || error.editorEnd === undefined) return null;
  const start = error.editorStart;
  const end = Math.max(error.editorEnd, start + 1);
  const statement = text.slice(start, end);
  const named =
    error.message.match(/near "((?:[^"]|"")+)"/)?.[1] ??
    error.message.match(/no such (?:column|table|function): ([^\s]+)/)?.[1] ??
    error.message.match(/ambiguous column name: ([^\s]+)/)?.[1];
  if (named) {
    const bare = named.includes(".") ? named.slice(named.lastIndexOf(".") + 1) : named;
    const lower = statement.toLowerCase();
    for (const candidate of [named, bare]) {
      const at = lower.indexOf(candidate.toLowerCase());
      if (at >= 0) return { start: start + at, end: start + at + candidate.length };
    }
  }
  return { start, end: Math.min(end, text.length) };
}
