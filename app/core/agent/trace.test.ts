import { describe, expect, it } from "vitest";
import type { AgentEvent } from "./events";
import { emptyTraceView, foldTraceEvents, parseTrace, replaySteps, traceView, type Trace } from "./trace";

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
});
