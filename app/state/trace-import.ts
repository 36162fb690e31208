// Importing a trace file into History: refused above the stated limits (the size before the text is read), refused
// when the browser cannot store it, and a trace whose id is already kept is replaced, kept beside it, or left out, as
// the person chooses.
import { checkTraceFileSize, parseTrace, TRACE_LIMITS, type Trace, type TraceLimits } from "../core/agent/trace";
import { errorMessage } from "../core/error-message";
import type { TraceSummary } from "../browser/storage";
import type { DuplicateChoice, DuplicateTrace } from "./duplicate-trace-question";

// The question's store is its own module: the dialog is on the page from the start, the import loads on demand.
export { askDuplicateInPage, useDuplicateTraceStore, type DuplicateChoice, type DuplicateTrace } from "./duplicate-trace-question";

export interface TraceImportServices {
  listTraces(): Promise<TraceSummary[]>;
  saveTrace(trace: Trace): Promise<TraceSummary[]>;
  /** Asks the person what to do with a trace whose id is already in History. */
  askDuplicate(duplicate: DuplicateTrace): Promise<DuplicateChoice>;
  newId(): string;
  limits?: TraceLimits;
}

export type TraceImportOutcome =
  { kind: "imported"; trace: Trace; history: TraceSummary[] | null; notice: string | null } | { kind: "refused"; message: string } | { kind: "cancelled" };

export async function importTraceFile(file: File, services: TraceImportServices): Promise<TraceImportOutcome> {
  const limits = services.limits ?? TRACE_LIMITS;
  const refused = (message: string): TraceImportOutcome => ({ kind: "refused", message: `${file.name}: ${message} Nothing was imported.` });
  // Before file.text(): a 1 GB file would otherwise be read into memory (twice, as bytes and as text) to be refused.
  const tooLarge = checkTraceFileSize(file.size, limits);
  if (tooLarge) return refused(tooLarge);
  let text: string;
  try {
    text = await file.text();
  } catch (error) {
    return refused(`The file could not be read (${errorMessage(error)}).`);
  }
  const parsed = parseTrace(text, limits);
  if (!parsed.ok) return refused(parsed.message);
  let trace = parsed.trace;

  let kept: TraceSummary[] = [];
  try {
    kept = await services.listTraces();
  } catch {
    // History cannot be read: there is nothing to collide with, and the save below says whether it can be kept.
  }
  const existing = kept.find((entry) => entry.id === trace.id);
  if (existing) {
    const choice = await services.askDuplicate({ kept: existing, incoming: trace });
    if (choice === "cancel") return { kind: "cancelled" };
    if (choice === "keep-both") trace = { ...trace, id: services.newId() };
  }

  try {
    return { kind: "imported", trace, history: await services.saveTrace(trace), notice: null };
  } catch (error) {
    // A value the browser cannot copy into storage would fail again on every save: refuse it rather than show a
    // trace that silently vanishes on reload. Other failures (storage full or unavailable) leave it on screen.
    if (error instanceof Error && error.name === "DataCloneError") return refused(`The browser cannot store this trace (${errorMessage(error)}).`);
    return {
      kind: "imported",
      trace,
      history: null,
      notice: `${file.name} is shown but could not be kept in History (${errorMessage(error)}); export it to keep it.`,
    };
  }
}

export function newTraceId(): string {
  return `trace-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}
