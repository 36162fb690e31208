// The question asked when an imported trace has the id of one already in History (trace-import.ts asks it, the
// duplicate dialog shows it and answers). Apart from the import itself, which loads only when a trace file is opened.
import { create } from "zustand";
import type { Trace } from "../core/agent/trace";
import type { TraceSummary } from "../browser/storage";

export type DuplicateChoice = "replace" | "keep-both" | "cancel";

/** What the duplicate dialog shows: the trace kept in History and the one in the file, which share an id. */
export interface DuplicateTrace {
  kept: TraceSummary;
  incoming: Pick<Trace, "id" | "question" | "databaseName" | "model" | "createdAt">;
}

interface DuplicateQuestionState {
  /** The open question, or null when no dialog is shown. */
  duplicate: DuplicateTrace | null;
  answer(choice: DuplicateChoice): void;
}

let pendingAnswer: ((choice: DuplicateChoice) => void) | null = null;

/** The duplicate dialog's state: the page's askDuplicate opens it, and the dialog's buttons answer it. */
export const useDuplicateTraceStore = create<DuplicateQuestionState>((set) => ({
  duplicate: null,
  answer(choice) {
    const resolve = pendingAnswer;
    pendingAnswer = null;
    set({ duplicate: null });
    resolve?.(choice);
  },
}));

export function askDuplicateInPage(duplicate: DuplicateTrace): Promise<DuplicateChoice> {
  // A second import while a question is open: the first one is answered "cancel" so its import ends cleanly.
  useDuplicateTraceStore.getState().answer("cancel");
  return new Promise((resolve) => {
    pendingAnswer = resolve;
    useDuplicateTraceStore.setState({ duplicate });
  });
}
