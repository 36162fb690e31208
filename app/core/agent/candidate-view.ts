// A voting trace seen per candidate: each candidate's events (wrapped in "candidate" events) folded into its own turns,
// and the vote, so the trace panel shows every candidate as it shows a single run.
import type { AgentEvent, AgentEventOf } from "./events";
import { emptyTraceView, foldTraceEvents, type TraceView } from "./trace";

export interface CandidateViews {
  /** Candidate number → its run folded into turns, in candidate order. */
  candidates: { candidate: number; view: TraceView }[];
  vote: AgentEventOf<"vote"> | null;
}

/** Folds a trace's candidate events; a trace of a single run has no candidates and no vote. */
export function candidateViews(events: readonly AgentEvent[]): CandidateViews {
  const byCandidate = new Map<number, AgentEvent[]>();
  let vote: AgentEventOf<"vote"> | null = null;
  for (const event of events) {
    if (event.type === "vote") vote = event;
    if (event.type !== "candidate") continue;
    const list = byCandidate.get(event.candidate);
    if (list) list.push(event.event);
    else byCandidate.set(event.candidate, [event.event]);
  }
  const candidates = [...byCandidate.entries()]
    .sort(([a], [b]) => a - b)
    .map(([candidate, own]) => ({ candidate, view: foldTraceEvents(emptyTraceView(), own) }));
  return { candidates, vote };
}

/** Which group a candidate's answer fell in (index into vote.groups), or null when it had none. */
export function groupOfCandidate(vote: AgentEventOf<"vote">, candidate: number): number | null {
  const index = vote.groups.findIndex((group) => group.candidates.includes(candidate));
  return index === -1 ? null : index;
}
