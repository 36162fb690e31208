// Decides what Run executes: the selection when there is one, else the statement under the cursor.
import { statementAtOffset } from "../../core/db/sql-statements";

export function runTarget(text: string, selection: { start: number; end: number }): { sql: string; offset: number } | null {
  if (selection.end > selection.start) {
    const selected = text.slice(selection.start, selection.end);
    if (selected.trim() === "") return null;
    return { sql: selected, offset: selection.start };
  }
  const span = statementAtOffset(text, selection.start);
  return span ? { sql: span.text, offset: span.start } : null;
}
