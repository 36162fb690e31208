import { describe, expect, it } from "vitest";
import type { AgentEvent, AgentEventOf } from "./events";
import {
  checkTraceFileSize,
  emptyTraceView,
  foldTraceEvents,
  nestingDepth,
  parseTrace,
  replaySteps,
  TRACE_LIMITS,
  traceView,
  type Trace,
  type TraceView,
  type TurnView,
} from "./trace";

const events: AgentEvent[] = [
  { type: "run-start", runId: "r", question: "q", model: "m", baseUrl: "u", protocol: "tools", systemPrompt: "s", startedAt: 1 },
  { type: "turn-start", turn: 1 },
  { type: "text-delta", turn: 1, text: "partial" },
  { type: "turn-retry", turn: 1, attempt: 1, delayMs: 10, reason: "429" },
  { type: "text-delta", turn: 1, text: "Look " },
  { type: "text-delta", turn: 1, text: "first." },
  { type: "tool-call", turn: 1, toolCallId: "a", tool: "run_sql", input: { sql: "SELECT 1" } },
  { type: "observation", turn: 1, toolCallId: "a", tool: "run_sql", ok: true, text: "1", result: { columns: ["1"], rows: [[1]], rowCount: 1, elapsedMs: 1 } },
  { type: "turn-end", turn: 1, usage: { inputTokens: 10, outputTokens: 5 }, latencyMs: 20, raw: [] },
  { type: "turn-start", turn: 2 },
  { type: "tool-call", turn: 2, toolCallId: "b", tool: "submit_sql", input: { sql: "SELECT 1" } },
  { type: "observation", turn: 2, toolCallId: "b", tool: "submit_sql", ok: true, text: "1" },
  { type: "turn-end", turn: 2, usage: { inputTokens: 20, outputTokens: 3 }, latencyMs: 15, raw: [] },
  { type: "final", turn: 2, sql: "SELECT 1" },
  { type: "run-end", status: "submitted", turns: 2, usage: { inputTokens: 30, outputTokens: 8 }, elapsedMs: 50, overheadMs: 5 },
];

describe("traceView", () => {
  it("groups events into turns, dropping the text of a retried attempt", () => {
    const view = traceView(events);
    expect(view.turns).toHaveLength(2);
    expect(view.turns[0]!.text).toBe("Look first.");
    expect(view.turns[0]!.retries).toHaveLength(1);
    expect(view.turns[0]!.actions[0]!.observation?.result?.rows).toEqual([[1]]);
    expect(view.usage).toEqual({ inputTokens: 30, outputTokens: 8 });
    expect(view.final?.sql).toBe("SELECT 1");
    expect(view.end?.status).toBe("submitted");
  });
});

describe("foldTraceEvents", () => {
  it("folds events in any batches to the same view as folding them all at once", () => {
    const whole = traceView(events);
    for (let split = 0; split <= events.length; split += 1) {
      for (let second = split; second <= events.length; second += 1) {
        let view = emptyTraceView();
        for (const batch of [events.slice(0, split), events.slice(split, second), events.slice(second)]) view = foldTraceEvents(view, batch);
        expect(view).toEqual(whole);
      }
    }
  });

  it("leaves the previous view as it was, and keeps the turns the new events do not touch", () => {
    const first = traceView(events.slice(0, 11));
    const snapshot = structuredClone(first);
    const next = foldTraceEvents(first, events.slice(11));
    expect(first).toEqual(snapshot);
    expect(next.turns[0]).toBe(first.turns[0]);
    expect(next.turns[1]).not.toBe(first.turns[1]);
    expect(next.turns[1]!.actions[0]!.observation?.tool).toBe("submit_sql");
    expect(first.turns[1]!.actions[0]!.observation).toBeNull();
  });
});

/** A run of many turns, each a thought, a query and its observation, like the imported trace that froze the tab. */
function longRun(turns: number): AgentEvent[] {
  const run: AgentEvent[] = [events[0]!];
  for (let turn = 1; turn <= turns; turn += 1) {
    run.push(
      { type: "turn-start", turn },
      { type: "text-delta", turn, text: "Count " },
      { type: "text-delta", turn, text: "them." },
      { type: "tool-call", turn, toolCallId: `call-${turn}`, tool: "run_sql", input: { sql: "SELECT count(*) FROM t" } },
      { type: "observation", turn, toolCallId: `call-${turn}`, tool: "run_sql", ok: true, text: "1" },
      { type: "turn-end", turn, usage: { inputTokens: 1, outputTokens: 1 }, latencyMs: 1, raw: [] },
    );
  }
  return run;
}

/** Turns whose number counts its reads: how often folding looks at a turn is the work it does per turn. */
function countedTurns(count: number, reads: { count: number }): TurnView[] {
  return Array.from({ length: count }, (_, index) => {
    const turn: TurnView = { turn: 0, text: "", retries: [], protocolSwitch: null, actions: [], end: null };
    Object.defineProperty(turn, "turn", { enumerable: true, get: () => ((reads.count += 1), index + 1) });
    return turn;
  });
}

/** How many times folding `count` new turns onto `count` earlier ones reads an earlier turn's number. */
function turnReadsForNewTurns(count: number): number {
  const reads = { count: 0 };
  const previous: TraceView = { ...emptyTraceView(), turns: countedTurns(count, reads) };
  const added: AgentEvent[] = [];
  for (let turn = count + 1; turn <= 2 * count; turn += 1) added.push({ type: "turn-start", turn }, { type: "text-delta", turn, text: "x" });
  foldTraceEvents(previous, added);
  return reads.count;
}

/** How many times `count` observations, folded onto a turn of `count` waiting calls, read one of those calls. */
function callReadsForObservations(count: number): number {
  const reads = { count: 0 };
  const actions = Array.from({ length: count }, (_, index) => {
    const call: AgentEventOf<"tool-call"> = { type: "tool-call", turn: 1, toolCallId: `call-${index}`, tool: "run_sql", input: {} };
    const action = { call, observation: null };
    Object.defineProperty(action, "call", { enumerable: true, get: () => ((reads.count += 1), call) });
    return action;
  });
  const previous: TraceView = { ...emptyTraceView(), turns: [{ turn: 1, text: "", retries: [], protocolSwitch: null, actions, end: null }] };
  const observations = actions.map((_, index): AgentEvent => ({
    type: "observation",
    turn: 1,
    toolCallId: `call-${index}`,
    tool: "run_sql",
    ok: true,
    text: "",
  }));
  const view = foldTraceEvents(previous, observations);
  expect(view.turns[0]!.actions.every((action) => action.observation !== null)).toBe(true);
  return reads.count;
}

describe("folding a long trace", () => {
  it("folds 50,000 turns (300,000 events) into every turn with its observation", () => {
    const view = traceView(longRun(50_000));
    expect(view.turns).toHaveLength(50_000);
    expect(view.turns[49_999]).toMatchObject({ turn: 50_000, text: "Count them." });
    expect(view.turns.every((turn) => turn.actions[0]!.observation?.toolCallId === `call-${turn.turn}`)).toBe(true);
    expect(view.usage).toEqual({ inputTokens: 50_000, outputTokens: 50_000 });
  });

  // Work is counted, not timed: reads of earlier turns and calls grow with the events folded (linear), where the
  // searches this replaced read every earlier turn for each new one (86,000 turns froze the tab for 80 s).
  it("reads each earlier turn a bounded number of times however many new turns arrive (regression: quadratic fold)", () => {
    const small = turnReadsForNewTurns(10_000);
    const large = turnReadsForNewTurns(40_000);
    expect(small).toBeLessThanOrEqual(2 * 10_000);
    expect(large / small).toBeLessThanOrEqual(4.1);
  });

  it("matches each observation to its call without rescanning the turn's actions", () => {
    const small = callReadsForObservations(10_000);
    const large = callReadsForObservations(40_000);
    expect(small).toBeLessThanOrEqual(3 * 10_000);
    expect(large / small).toBeLessThanOrEqual(4.1);
  });

  it("gives observations to waiting calls in call order when a model reuses a call id", () => {
    const view = traceView([
      { type: "turn-start", turn: 1 },
      { type: "tool-call", turn: 1, toolCallId: "same", tool: "run_sql", input: { sql: "SELECT 1" } },
      { type: "tool-call", turn: 1, toolCallId: "same", tool: "run_sql", input: { sql: "SELECT 2" } },
      { type: "observation", turn: 1, toolCallId: "same", tool: "run_sql", ok: true, text: "first" },
      { type: "observation", turn: 1, toolCallId: "same", tool: "run_sql", ok: true, text: "second" },
    ]);
    expect(view.turns[0]!.actions.map((action) => action.observation?.text)).toEqual(["first", "second"]);
  });

  it("finds an earlier turn again when its events arrive after a later turn's", () => {
    const view = traceView([
      { type: "turn-start", turn: 1 },
      { type: "turn-start", turn: 2 },
      { type: "text-delta", turn: 1, text: "late" },
      { type: "turn-start", turn: 3 },
    ]);
    expect(view.turns.map((turn) => [turn.turn, turn.text])).toEqual([
      [1, "late"],
      [2, ""],
      [3, ""],
    ]);
  });
});

describe("replaySteps", () => {
  it("stops at the question, each thought, action, observation and the answer", () => {
    const steps = replaySteps(events);
    expect(steps[0]).toBe(1);
    expect(steps.at(-1)).toBe(events.length);
    const second = traceView(events.slice(0, steps[1]));
    expect(second.turns[0]!.text).toBe("Look first.");
    expect(second.turns[0]!.actions).toHaveLength(0);
    expect(steps).toHaveLength(8);
  });
});

describe("parseTrace", () => {
  const trace: Trace = { version: 1, id: "t", question: "q", databaseName: "d", model: "m", baseUrl: "u", createdAt: 1, events };
  it("reads back an exported trace", () => {
    const parsed = parseTrace(JSON.stringify(trace));
    expect(parsed.ok && parsed.trace.events).toHaveLength(events.length);
  });
  it("explains a file that is not a trace", () => {
    expect(parseTrace("{nope")).toMatchObject({ ok: false, message: expect.stringContaining("not JSON") });
    expect(parseTrace(JSON.stringify({ version: 1, id: 3 }))).toMatchObject({ ok: false, message: expect.stringContaining("not a QueryLab trace") });
  });
  it("refuses JSON nested 20,000 levels deep (IndexedDB could not store it) and says so", () => {
    const deep = `${"[".repeat(20_000)}1${"]".repeat(20_000)}`;
    const text = JSON.stringify({ ...trace, events: [{ ...events[6], input: "DEEP" }] }).replace('"DEEP"', deep);
    const parsed = parseTrace(text);
    expect(parsed).toEqual({ ok: false, message: expect.stringContaining("more than 64 levels deep") });
    expect(nestingDepth(JSON.parse(deep))).toBe(20_000);
  });
  it("refuses a trace past the turn or event limit, naming the limit and the count", () => {
    const many = parseTrace(JSON.stringify({ ...trace, events: longRun(1_001) }));
    expect(many).toEqual({ ok: false, message: "The trace has 1,001 turns; traces of up to 1,000 turns can be imported." });
    const crowded = parseTrace(JSON.stringify({ ...trace, events: longRun(10) }), { ...TRACE_LIMITS, events: 50 });
    expect(crowded).toEqual({ ok: false, message: "The trace has 61 events; traces of up to 50 events can be imported." });
    expect(parseTrace(JSON.stringify({ ...trace, events: longRun(1_000) })).ok).toBe(true);
  });
  it("refuses a file over the size limit from its size alone", () => {
    expect(checkTraceFileSize(TRACE_LIMITS.bytes)).toBeNull();
    expect(checkTraceFileSize(52_428_800)).toBe("The file is 50.0 MB; traces up to 20.0 MB can be imported.");
  });
});
