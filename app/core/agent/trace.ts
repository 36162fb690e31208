// A trace is one run of the agent kept for later: the question, where it ran, and every event. Plus the view of it as turns.
import * as z from "../zod-mini";
import { agentEventSchema, type AgentEvent, type AgentEventOf, type TokenUsage } from "./events";
import { traceBranchSchema } from "./branches";
import { errorMessage } from "../error-message";
import { formatBytes, formatCount } from "../format";
import { blobToHex } from "../db/blob-hex";

/**
 * What an imported trace may hold. The page's own runs stop at 50 turns; a benchmark trace is one question; so these
 * leave ample room while keeping a hostile or runaway file from freezing the tab (every turn is a card on screen)
 * or from failing to store (IndexedDB's structured clone overflows its stack on JSON nested thousands deep).
 */
export const TRACE_LIMITS = {
  /** Checked on the file's size before its text is read. */
  bytes: 20 * 1024 * 1024,
  turns: 1_000,
  events: 500_000,
  /** Nesting of objects and arrays: a real trace nests about 8 deep (trace, events, event, result, rows, row). */
  depth: 64,
} as const;
export type TraceLimits = { [Key in keyof typeof TRACE_LIMITS]: number };

export const traceSchema = z.object({
  version: z.literal(1),
  id: z.string(),
  question: z.string(),
  databaseName: z.string(),
  model: z.string(),
  baseUrl: z.string(),
  createdAt: z.number(),
  events: z.array(agentEventSchema),
  /** Forks of the run, each continued from an edited step (branches.ts); absent when it has none. */
  branches: z.optional(z.array(traceBranchSchema)),
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
  // Turns this fold may change in place: the ones it created (past the previous view's turns) and the ones it copied.
  const inherited = previous.turns.length;
  const copied = new Set<TurnView>();
  // Where each turn number sits in view.turns, built on the first event that is not for the last turn. Searching the
  // list for every new turn made folding quadratic: importing a trace of 86,000 turns froze the tab for 80 s.
  let positions: Map<number, number> | null = null;
  const positionOf = (number: number): number => {
    const last = view.turns.length - 1;
    if (last >= 0 && view.turns[last]!.turn === number) return last;
    if (positions === null) {
      positions = new Map();
      for (let index = 0; index < view.turns.length; index += 1) positions.set(view.turns[index]!.turn, index);
    }
    return positions.get(number) ?? -1;
  };
  // The calls still waiting for their observation, per turn and call id, in call order: an observation goes to the
  // first waiting call with its id without scanning the turn's actions (a hostile trace may put thousands in one).
  const waiting = new Map<string, number[]>();
  const waitFor = (turn: number, toolCallId: string, index: number) => {
    const key = `${turn} ${toolCallId}`;
    const queue = waiting.get(key);
    if (queue) queue.push(index);
    else waiting.set(key, [index]);
  };
  const turnOf = (number: number): TurnView => {
    const index = positionOf(number);
    if (index === -1) {
      const created: TurnView = { turn: number, text: "", retries: [], protocolSwitch: null, actions: [], end: null };
      positions?.set(number, view.turns.length);
      view.turns.push(created);
      return created;
    }
    const existing = view.turns[index]!;
    if (index >= inherited || copied.has(existing)) return existing;
    const copy: TurnView = { ...existing, retries: [...existing.retries], actions: [...existing.actions] };
    view.turns[index] = copy;
    copied.add(copy);
    // Calls from earlier folds may still be waiting: this turn's only scan of its actions in this fold.
    copy.actions.forEach((action, actionIndex) => action.observation === null && waitFor(number, action.call.toolCallId, actionIndex));
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
      case "tool-call": {
        const turn = turnOf(event.turn);
        waitFor(event.turn, event.toolCallId, turn.actions.push({ call: event, observation: null }) - 1);
        break;
      }
      case "observation": {
        const turn = turnOf(event.turn);
        const key = `${event.turn} ${event.toolCallId}`;
        const queue = waiting.get(key);
        const index = queue?.shift();
        if (queue?.length === 0) waiting.delete(key);
        // The action object may be shared with the previous view: replace it rather than change it.
        if (index !== undefined) turn.actions[index] = { ...turn.actions[index]!, observation: event };
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

/** JSON.stringify's replacer for traces: BLOBs in result rows have no JSON form, so they are written as SQL hex literals. */
export function traceJsonReplacer(_key: string, value: unknown): unknown {
  return value instanceof Uint8Array ? `x'${blobToHex(value)}'` : value;
}

/** How deep arrays and objects nest in a parsed JSON value, counted without recursion (the value may be hostile). */
export function nestingDepth(value: unknown, stopAbove = Infinity): number {
  let deepest = 0;
  // Two plain stacks rather than one of pairs: a 20 MB trace has millions of values, and this runs on every import.
  const values: unknown[] = [value];
  const depths: number[] = [0];
  while (values.length > 0) {
    const next = values.pop();
    const depth = depths.pop()! + 1;
    if (typeof next !== "object" || next === null) continue;
    if (depth > deepest) deepest = depth;
    if (deepest > stopAbove) return deepest;
    for (const child of Array.isArray(next) ? next : Object.values(next)) {
      if (typeof child !== "object" || child === null) continue;
      values.push(child);
      depths.push(depth);
    }
  }
  return deepest;
}

/** The refusal for a trace file larger than the limit, from its size alone (before reading it). */
export function checkTraceFileSize(sizeBytes: number, limits: TraceLimits = TRACE_LIMITS): string | null {
  if (sizeBytes <= limits.bytes) return null;
  return `The file is ${formatBytes(sizeBytes)}; traces up to ${formatBytes(limits.bytes)} can be imported.`;
}

/**
 * The first checks every imported file gets (a trace or a thread of traces): valid JSON, and nested no deeper than the
 * limit. Checked before the schema: a hostile file should cost one pass, not a validation of every event.
 */
export function parseBoundedJson(
  text: string,
  limits: TraceLimits,
  kind: "trace" | "thread" | "session",
): { ok: true; value: unknown } | { ok: false; message: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `The file is not JSON (${errorMessage(error)}).` };
  }
  if (nestingDepth(value, limits.depth) > limits.depth) {
    return {
      ok: false,
      message: `The file nests objects or arrays more than ${formatCount(limits.depth)} levels deep; a ${kind} is far shallower.`,
    };
  }
  return { ok: true, value };
}

/** A schema refusal in words: the first issue's path and message. */
export function notAQueryLabFile(kind: "trace" | "thread" | "session", issue: { path: PropertyKey[]; message: string } | undefined): string {
  return `The file is not a QueryLab ${kind} (${issue ? `${issue.path.map(String).join(".") || "top level"}: ${issue.message}` : "unknown shape"}).`;
}

/** How many distinct turns a trace's events span (the import limit counts turns, not events). */
export function turnCount(events: readonly Trace["events"][number][]): number {
  const turns = new Set<number>();
  for (const event of events) if ("turn" in event && event.turn !== undefined) turns.add(event.turn);
  return turns.size;
}

/** Events in a parsed but not yet validated trace, its branches' included: counted before the schema runs. */
export function unvalidatedEventCount(trace: unknown): number {
  const length = (value: unknown): number => {
    const events = typeof value === "object" && value !== null && "events" in value ? value.events : null;
    return Array.isArray(events) ? events.length : 0;
  };
  const branches = typeof trace === "object" && trace !== null && "branches" in trace && Array.isArray(trace.branches) ? (trace.branches as unknown[]) : [];
  return branches.reduce<number>((sum, branch) => sum + length(branch), length(trace));
}

/** The most turns any run of the trace spans, its own or a branch's: the import limit is per run. */
export function mostTurns(trace: Trace): number {
  return Math.max(turnCount(trace.events), ...(trace.branches ?? []).map((branch) => turnCount(branch.events)));
}

/** Parses an imported trace file; the message says what is wrong in words. */
export function parseTrace(text: string, limits: TraceLimits = TRACE_LIMITS): { ok: true; trace: Trace } | { ok: false; message: string } {
  const read = parseBoundedJson(text, limits, "trace");
  if (!read.ok) return read;
  const value = read.value;
  const events = unvalidatedEventCount(value);
  if (events > limits.events) {
    return { ok: false, message: `The trace has ${formatCount(events)} events; traces of up to ${formatCount(limits.events)} events can be imported.` };
  }
  const parsed = traceSchema.safeParse(value);
  if (!parsed.success) return { ok: false, message: notAQueryLabFile("trace", parsed.error.issues[0]) };
  const turns = mostTurns(parsed.data);
  if (turns > limits.turns) {
    return { ok: false, message: `The trace has ${formatCount(turns)} turns; traces of up to ${formatCount(limits.turns)} turns can be imported.` };
  }
  return { ok: true, trace: parsed.data };
}
