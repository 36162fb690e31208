// A thread: questions asked one after another on one database. Each keeps its own trace; the thread keeps what each
// concluded (its final SQL and a small summary of the result), which is what the next question is told.
import * as z from "../zod-mini";
import type { SqlValue } from "../db/types";
import { blobToHex } from "../db/blob-hex";
import { formatCount } from "../format";
import { mostTurns, notAQueryLabFile, parseBoundedJson, TRACE_LIMITS, traceSchema, unvalidatedEventCount, type Trace, type TraceLimits } from "./trace";
import { traceUsage } from "./trace-cost";

/** Rows of a final result kept in the thread: the context sends at most these, and only when results may be shared. */
export const THREAD_ROWS_KEPT = 3;
/** A kept text value is cut here: a summary needs the gist of a row, not a document stored in a cell. */
const KEPT_TEXT_CHARS = 120;
/** Questions one imported thread may hold: a person's thread is a few dozen; each is a trace to store and a card to show. */
export const THREAD_QUESTIONS_LIMIT = 500;

const keptValueSchema = z.union([z.string(), z.number(), z.null()]);
export const threadResultSchema = z.object({
  columns: z.array(z.string()),
  rowCount: z.number(),
  rows: z.array(z.array(keptValueSchema)),
});
export type ThreadResult = z.infer<typeof threadResultSchema>;

export const threadQuestionSchema = z.object({
  traceId: z.string(),
  question: z.string(),
  askedAt: z.number(),
  /** The run's end ("submitted", "max-turns", "stopped", "failed"), or "running" while it is under way. */
  status: z.string(),
  sql: z.nullable(z.string()),
  result: z.nullable(threadResultSchema),
  /** Tokens of earlier-question context this question was sent with (0 for the first). */
  contextTokens: z.number(),
  /**
   * The question's tokens and the model and endpoint that used them, so the thread's cost is summed (sumUsages) without
   * loading every trace. Absent in threads kept before costs were shown: those questions count as without a price.
   */
  usage: z.optional(z.object({ inputTokens: z.number(), outputTokens: z.number() })),
  model: z.optional(z.string()),
  baseUrl: z.optional(z.string()),
});
export type ThreadQuestion = z.infer<typeof threadQuestionSchema>;

export const threadSchema = z.object({
  version: z.literal(1),
  id: z.string(),
  /** The database it was asked on: a follow-up continues a thread only on that database. */
  databaseId: z.string(),
  databaseName: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  questions: z.array(threadQuestionSchema),
});
export type Thread = z.infer<typeof threadSchema>;

export const threadSummarySchema = z.object({
  id: z.string(),
  databaseId: z.string(),
  databaseName: z.string(),
  updatedAt: z.number(),
  questionCount: z.number(),
  firstQuestion: z.string(),
});
export type ThreadSummary = z.infer<typeof threadSummarySchema>;

export function summarizeThread(thread: Thread): ThreadSummary {
  return {
    id: thread.id,
    databaseId: thread.databaseId,
    databaseName: thread.databaseName,
    updatedAt: thread.updatedAt,
    questionCount: thread.questions.length,
    firstQuestion: thread.questions[0]?.question ?? "",
  };
}

export function newThread(database: { id: string; name: string }, id: string, now = Date.now()): Thread {
  return { version: 1, id, databaseId: database.id, databaseName: database.name, createdAt: now, updatedAt: now, questions: [] };
}

/** The thread with this question added, or put in place of the entry for the same trace (a run that has ended). */
export function withQuestion(thread: Thread, question: ThreadQuestion, now = Date.now()): Thread {
  const index = thread.questions.findIndex((entry) => entry.traceId === question.traceId);
  const questions = index === -1 ? [...thread.questions, question] : thread.questions.map((entry, at) => (at === index ? question : entry));
  return { ...thread, questions, updatedAt: now };
}

function keptValue(value: SqlValue): string | number | null {
  if (value instanceof Uint8Array) return value.byteLength <= 16 ? `x'${blobToHex(value)}'` : `(BLOB, ${formatCount(value.byteLength)} bytes)`;
  if (typeof value === "string" && value.length > KEPT_TEXT_CHARS) return `${value.slice(0, KEPT_TEXT_CHARS)}…`;
  return value;
}

/** What a finished (or running) trace concluded, as the thread keeps it. */
export function questionFromTrace(trace: Trace, contextTokens: number): ThreadQuestion {
  const final = trace.events.findLast((event) => event.type === "final");
  const end = trace.events.findLast((event) => event.type === "run-end");
  const result = final?.type === "final" ? final.result : undefined;
  return {
    traceId: trace.id,
    question: trace.question,
    askedAt: trace.createdAt,
    status: end?.type === "run-end" ? end.status : "running",
    sql: final?.type === "final" ? final.sql : null,
    result: result
      ? { columns: result.columns, rowCount: result.rowCount, rows: result.rows.slice(0, THREAD_ROWS_KEPT).map((row) => row.map(keptValue)) }
      : null,
    contextTokens,
    usage: traceUsage(trace.events),
    model: trace.model,
    baseUrl: trace.baseUrl,
  };
}

/** The exported file: the thread and every trace of it that is kept, in one JSON document. */
export const threadFileSchema = z.object({
  kind: z.literal("querylab-thread"),
  version: z.literal(1),
  thread: threadSchema,
  traces: z.array(traceSchema),
});
export type ThreadFile = z.infer<typeof threadFileSchema>;

export function threadFileText(thread: Thread, traces: Trace[]): string {
  const file: ThreadFile = { kind: "querylab-thread", version: 1, thread, traces };
  // As for one trace: BLOBs in observations have no JSON form and are written as SQL hex literals.
  const replacer = (_key: string, value: unknown) => (value instanceof Uint8Array ? `x'${blobToHex(value)}'` : value);
  return JSON.stringify(file, replacer, 2);
}

/**
 * Parses an imported thread file under the trace import's limits: the whole file within the byte limit (checked by the
 * caller on the file's size), the nesting depth, events counted over all its traces, turns per trace; and a bound on
 * questions. Traces the thread does not name are left out.
 */
export function parseThreadFile(text: string, limits: TraceLimits = TRACE_LIMITS): { ok: true; file: ThreadFile } | { ok: false; message: string } {
  const read = parseBoundedJson(text, limits, "thread");
  if (!read.ok) return read;
  const value = read.value;
  // Counted before the schema: a hostile file should cost one pass, not a validation of every event.
  const traces = typeof value === "object" && value !== null && "traces" in value && Array.isArray(value.traces) ? (value.traces as unknown[]) : [];
  const events = traces.reduce<number>((sum, trace) => sum + unvalidatedEventCount(trace), 0);
  if (events > limits.events) {
    return { ok: false, message: `The thread's traces have ${formatCount(events)} events; up to ${formatCount(limits.events)} can be imported.` };
  }
  const parsed = threadFileSchema.safeParse(value);
  if (!parsed.success) return { ok: false, message: notAQueryLabFile("thread", parsed.error.issues[0]) };
  const file = parsed.data;
  if (file.thread.questions.length > THREAD_QUESTIONS_LIMIT) {
    return {
      ok: false,
      message: `The thread has ${formatCount(file.thread.questions.length)} questions; threads of up to ${formatCount(THREAD_QUESTIONS_LIMIT)} can be imported.`,
    };
  }
  for (const trace of file.traces) {
    const turns = mostTurns(trace);
    if (turns > limits.turns) {
      return {
        ok: false,
        message: `A trace of the thread has ${formatCount(turns)} turns; traces of up to ${formatCount(limits.turns)} turns can be imported.`,
      };
    }
  }
  const named = new Set(file.thread.questions.map((question) => question.traceId));
  return { ok: true, file: { ...file, traces: file.traces.filter((trace) => named.has(trace.id)) } };
}
