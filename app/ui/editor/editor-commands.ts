// The editor's actions (run what is under the cursor, format) shared by keyboard shortcuts and toolbar buttons.
import { useEditorStore } from "../../state/editor-store";
import { useQueryStore } from "../../state/query-store";
import { useDiagnosisStore } from "../../state/diagnosis-store";
import { runTarget } from "./run-target";

/** What the active editor (Monaco, or the plain fallback) tells the toolbar. */
export interface EditorHandle {
  /** The selection as [start, end) offsets into the text, or the cursor as start === end. */
  selection(): { start: number; end: number };
  replaceRange(start: number, end: number, text: string): void;
  focus(): void;
}

let activeEditor: EditorHandle | null = null;

export function setActiveEditor(handle: EditorHandle | null): void {
  activeEditor = handle;
}

export function runAtCursor(): void {
  const text = useEditorStore.getState().text;
  const selection = activeEditor?.selection() ?? { start: 0, end: 0 };
  const target = runTarget(text, selection);
  if (target) void useQueryStore.getState().run(target.sql, target.offset);
}

/** Diagnoses the statement under the cursor, or the selection, clause by clause. */
export function diagnoseAtCursor(): void {
  const text = useEditorStore.getState().text;
  const selection = activeEditor?.selection() ?? { start: 0, end: 0 };
  const target = runTarget(text, selection);
  if (target) void useDiagnosisStore.getState().diagnose(target.sql);
}

export type FormatOutcome = { ok: true } | { ok: false; message: string };

/** Formats the selection, or the whole text, with sql-formatter's SQLite dialect. */
export async function formatSql(): Promise<FormatOutcome> {
  const { format } = await import("sql-formatter");
  const text = useEditorStore.getState().text;
  const selection = activeEditor?.selection() ?? { start: 0, end: 0 };
  const [start, end] = selection.end > selection.start ? [selection.start, selection.end] : [0, text.length];
  try {
    const formatted = format(text.slice(start, end), { language: "sqlite", keywordCase: "upper", tabWidth: 2 });
    if (activeEditor) activeEditor.replaceRange(start, end, formatted);
    else useEditorStore.getState().setText(text.slice(0, start) + formatted + text.slice(end));
    return { ok: true };
  } catch (error) {
    const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
    return { ok: false, message: `Could not format: ${message}` };
  }
}

export function focusEditor(): void {
  activeEditor?.focus();
}
