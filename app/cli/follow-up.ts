// `querylab ask --follow-up FILE`: the earlier questions a follow-up builds on, from an exported trace (one question)
// or thread (all of its questions), read under the page's import limits.
import { readFile, stat } from "node:fs/promises";
import { parseThreadFile, questionFromTrace, type ThreadQuestion } from "../core/agent/thread";
import { checkTraceFileSize, parseTrace } from "../core/agent/trace";

/** The earlier questions in the file, oldest first; throws with the reason when the file is neither a trace nor a thread. */
export async function readFollowUp(path: string): Promise<ThreadQuestion[]> {
  const tooLarge = checkTraceFileSize((await stat(path)).size);
  if (tooLarge) throw new Error(`${path}: ${tooLarge}`);
  const text = await readFile(path, "utf8");
  const thread = parseThreadFile(text);
  if (thread.ok) return thread.file.thread.questions;
  const trace = parseTrace(text);
  if (trace.ok) return [questionFromTrace(trace.trace, 0)];
  throw new Error(`${path} is neither a QueryLab trace nor a thread: ${trace.message}`);
}
