// Branches of a trace side by side: what each run concluded, and the step where two of them part.
import type { AgentEvent, AgentEventOf } from "./events";
import { traceView, type TraceView } from "./trace";

/** What a run concluded, for comparing branches: its answer and rows, or why it has none. */
export interface BranchOutcome {
  status: string;
  turns: number;
  /** The submitted query, or the last one that ran when the run ended without submitting (`submitted` false). */
  sql: string | null;
  submitted: boolean;
  result: AgentEventOf<"final">["result"];
  error: string | null;
}

export function branchOutcome(view: TraceView): BranchOutcome {
  const sql = view.final?.sql ?? view.error?.lastSuccessfulSql ?? null;
  return {
    status: view.end?.status ?? "running",
    turns: view.turns.length,
    sql,
    submitted: view.final !== null,
    result: view.final?.result,
    error: view.error && view.error.kind !== "stopped" ? view.error.message : null,
  };
}

/** Where two runs part: at the question, at a turn (the first whose calls differ), or nowhere. */
export type Divergence = { at: "question" } | { at: "turn"; turn: number } | { at: "nowhere" };

/** Each turn's calls as comparable text: the tool and its input, in order (thoughts differ run to run and are not compared). */
function turnActions(events: readonly AgentEvent[]): string[] {
  return traceView(events).turns.map((turn) => JSON.stringify(turn.actions.map((action) => [action.call.tool, action.call.input])));
}

export function divergence(
  first: { question: string; events: readonly AgentEvent[] },
  second: { question: string; events: readonly AgentEvent[] },
): Divergence {
  if (first.question.trim() !== second.question.trim()) return { at: "question" };
  const one = turnActions(first.events);
  const other = turnActions(second.events);
  const length = Math.max(one.length, other.length);
  for (let index = 0; index < length; index += 1) {
    if (one[index] !== other[index]) return { at: "turn", turn: index + 1 };
  }
  return { at: "nowhere" };
}

/** The divergence in words, for the compare view: a sentence. */
export function divergenceText(point: Divergence): string {
  if (point.at === "question") return "It differs from the question on (step 0).";
  if (point.at === "turn") return `It differs from turn ${point.turn} on.`;
  return "Its steps are the same.";
}
