// A trace is one run of the agent kept for later: the question, where it ran, and every event. Plus the view of it as turns.
import { z } from "zod";
import { agentEventSchema, type AgentEvent, type AgentEventOf, type TokenUsage } from "./events";
import { errorMessage } from "../error-message";

export const traceSchema = z.object({
  version: z.literal(1),
  id: z.string(),
  question: z.string(),
  databaseName: z.string(),
  model: z.string(),
  baseUrl: z.string(),
  createdAt: z.number(),
  events: z.array(agentEventSchema),
});
export type Trace = z.infer<typeof traceSchema>;

export interface TurnView {
  turn: number;
  text: string;
  retries: AgentEventOf<"turn-retry">[];
  protocolSwitch: AgentEventOf<"protocol-switch"> | null;
  actions: { call: AgentEventOf<"tool-call">; observation: AgentEventOf<"observation"> | null }[];
  end: AgentEventOf<"turn-end"> | null;
}

export interface TraceView {
  start: AgentEventOf<"run-start"> | null;
  turns: TurnView[];
  final: AgentEventOf<"final"> | null;
  error: AgentEventOf<"error"> | null;
  end: AgentEventOf<"run-end"> | null;
  usage: TokenUsage;
}

export function emptyTraceView(): TraceView {
  return { start: null, turns: [], final: null, error: null, end: null, usage: { inputTokens: 0, outputTokens: 0 } };
}

/** Folds the events into turns, so the timeline renders the same from a live run, a stored trace, or a replay prefix. */
export function traceView(events: readonly AgentEvent[]): TraceView {
  return foldTraceEvents(emptyTraceView(), events);
}

/**
 * Applies new events to a folded view and returns the next view; the previous one is left as it was. Only the
 * turns the events touch are copied, so a live run folds each event once instead of refolding the whole trace
 * on every text delta (quadratic in the length of an answer).
 */
export function foldTraceEvents(previous: TraceView, events: readonly AgentEvent[]): TraceView {
  if (events.length === 0) return previous;
  const view: TraceView = { ...previous, turns: [...previous.turns], usage: { ...previous.usage } };
  // Turns created or copied by this fold: these may be changed in place.
  const owned = new Set<TurnView>();
  const turnOf = (number: number): TurnView => {
    // The turn an event belongs to is nearly always the last one: search from the end.
    const index = view.turns.findLastIndex((candidate) => candidate.turn === number);
    if (index === -1) {
      const created: TurnView = { turn: number, text: "", retries: [], protocolSwitch: null, actions: [], end: null };
      view.turns.push(created);
      owned.add(created);
      return created;
    }
    const existing = view.turns[index]!;
    if (owned.has(existing)) return existing;
    const copy: TurnView = { ...existing, retries: [...existing.retries], actions: [...existing.actions] };
    view.turns[index] = copy;
    owned.add(copy);
    return copy;
  };
  for (const event of events) {
    switch (event.type) {
      case "run-start":
        view.start = event;
        break;
      case "turn-start":
        turnOf(event.turn);
        break;
      case "text-delta":
        turnOf(event.turn).text += event.text;
        break;
      case "turn-retry": {
        const turn = turnOf(event.turn);
        turn.retries.push(event);
        turn.text = ""; // the failed attempt's partial text is not part of the answer
        break;
      }
      case "protocol-switch": {
        const turn = turnOf(event.turn);
        turn.protocolSwitch = event;
        turn.text = "";
        break;
      }
      case "tool-call":
        turnOf(event.turn).actions.push({ call: event, observation: null });
        break;
      case "observation": {
        const turn = turnOf(event.turn);
        const index = turn.actions.findIndex((candidate) => candidate.call.toolCallId === event.toolCallId && candidate.observation === null);
        // The action object may be shared with the previous view: replace it rather than change it.
        if (index !== -1) turn.actions[index] = { ...turn.actions[index]!, observation: event };
        break;
      }
      case "turn-end":
        turnOf(event.turn).end = event;
        view.usage.inputTokens += event.usage.inputTokens;
        view.usage.outputTokens += event.usage.outputTokens;
        break;
      case "final":
        view.final = event;
        break;
      case "error":
        view.error = event;
        break;
      case "run-end":
        view.end = event;
        break;
    }
  }
  return view;
}

/**
 * Replay steps for teaching: the event counts at which something a person can see has happened (the question,
 * each turn's thought, each action, each observation, the answer). Step k shows events.slice(0, steps[k]).
 */
export function replaySteps(events: AgentEvent[]): number[] {
  const steps: number[] = [];
  events.forEach((event, index) => {
    const next = events[index + 1];
    // A thought is complete when the model moves on to act; text cut by a retry is not a step.
    const endOfThought = event.type === "text-delta" && next?.type !== "text-delta" && next?.type !== "turn-retry" && next?.type !== "protocol-switch";
    if (
      event.type === "run-start" ||
      endOfThought ||
      event.type === "tool-call" ||
      event.type === "observation" ||
      event.type === "final" ||
      event.type === "run-end"
    ) {
      steps.push(index + 1);
    }
  });
  return steps;
}

/** Parses an imported trace file; the message says what is wrong in words. */
export function parseTrace(text: string): { ok: true; trace: Trace } | { ok: false; message: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `The file is not JSON (${errorMessage(error)}).` };
  }
  const parsed = traceSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      message: `The file is not a QueryLab trace (${issue ? `${issue.path.join(".") || "top level"}: ${issue.message}` : "unknown shape"}).`,
    };
  }
  return { ok: true, trace: parsed.data };
}
