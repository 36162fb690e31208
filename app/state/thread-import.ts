// Importing a thread file into History: the trace import's limits (the size before the text is read, depth, events,
// turns), one thread and its traces kept together, nothing kept overwritten.
import { parseThreadFile, summarizeThread, type Thread, type ThreadSummary } from "../core/agent/thread";
import { checkTraceFileSize, TRACE_LIMITS, type Trace, type TraceLimits } from "../core/agent/trace";
import { errorMessage } from "../core/error-message";
import type { TraceSummary } from "../browser/storage";

export interface ThreadImportServices {
  listThreads(): Promise<ThreadSummary[]>;
  loadThread(id: string): Promise<Thread | null>;
  saveThread(thread: Thread): Promise<ThreadSummary[]>;
  listTraces(): Promise<TraceSummary[]>;
  saveTrace(trace: Trace): Promise<TraceSummary[]>;
  /** The open database: a thread asked on a database of the same name continues on it. */
  currentDatabase(): { id: string; name: string } | null;
  newId(prefix: "thread" | "trace"): string;
  limits?: TraceLimits;
}

export type ThreadImportOutcome =
  | { kind: "imported"; thread: Thread; threads: ThreadSummary[] | null; history: TraceSummary[] | null; notice: string | null }
  | { kind: "refused"; message: string };

export async function importThreadFile(file: File, services: ThreadImportServices): Promise<ThreadImportOutcome> {
  const limits = services.limits ?? TRACE_LIMITS;
  const refused = (message: string): ThreadImportOutcome => ({ kind: "refused", message: `${file.name}: ${message} Nothing was imported.` });
  // Before file.text(), as for a trace: a huge file is refused without being read.
  const tooLarge = checkTraceFileSize(file.size, limits);
  if (tooLarge) return refused(tooLarge.replace("traces up to", "threads up to"));
  let text: string;
  try {
    text = await file.text();
  } catch (error) {
    return refused(`The file could not be read (${errorMessage(error)}).`);
  }
  const parsed = parseThreadFile(text, limits);
  if (!parsed.ok) return refused(parsed.message);
  let { thread } = parsed.file;

  // The same thread again (exported from here, or imported before): the kept one is opened, and nothing is replaced.
  const keptThreads = await services.listThreads().catch(() => [] as ThreadSummary[]);
  if (keptThreads.some((entry) => entry.id === thread.id)) {
    const kept = await services.loadThread(thread.id).catch(() => null);
    if (kept) {
      return {
        kind: "imported",
        thread: kept,
        threads: null,
        history: null,
        notice: `${file.name}: this thread is already in History (${summarizeThread(kept).questionCount} questions); it is opened, unchanged.`,
      };
    }
  }

  // Exported from another browser: the same database there has another id; a database of the same name here takes it.
  const current = services.currentDatabase();
  if (current && current.name === thread.databaseName) thread = { ...thread, databaseId: current.id };

  // A trace id already kept names another trace (or the same one): the incoming one is kept beside it under a new id.
  const keptTraces = new Set((await services.listTraces().catch(() => [] as TraceSummary[])).map((entry) => entry.id));
  const renamed = new Map<string, string>();
  const traces = parsed.file.traces.map((trace) => {
    if (!keptTraces.has(trace.id)) return trace;
    const id = services.newId("trace");
    renamed.set(trace.id, id);
    return { ...trace, id };
  });
  thread = { ...thread, questions: thread.questions.map((question) => ({ ...question, traceId: renamed.get(question.traceId) ?? question.traceId })) };

  try {
    let history: TraceSummary[] | null = null;
    for (const trace of traces) history = await services.saveTrace(trace);
    return { kind: "imported", thread, threads: await services.saveThread(thread), history, notice: null };
  } catch (error) {
    // As for a trace: a value the browser cannot copy into storage would fail on every save, so it is refused.
    if (error instanceof Error && error.name === "DataCloneError") return refused(`The browser cannot store this thread (${errorMessage(error)}).`);
    return {
      kind: "imported",
      thread,
      threads: null,
      history: null,
      notice: `${file.name} is shown but could not be kept in History (${errorMessage(error)}); export it to keep it.`,
    };
  }
}
