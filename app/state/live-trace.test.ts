import { describe, expect, it } from "vitest";
import type { AgentEvent } from "../core/agent/events";
import { foldTraceEvents, traceView, type Trace } from "../core/agent/trace";
import { LiveTrace, type LiveTraceSnapshot } from "./live-trace";

const trace: Trace = { version: 1, id: "t", question: "q", databaseName: "d", model: "m", baseUrl: "u", createdAt: 1, events: [] };

function manualFrames() {
  const waiting: Array<() => void> = [];
  return {
    schedule: (callback: () => void) => void waiting.push(callback),
    paint: () => waiting.splice(0).forEach((callback) => callback()),
    get waiting() {
      return waiting.length;
    },
  };
}

describe("LiveTrace", () => {
  it("publishes once per frame, however many events arrived, and folds each event once", () => {
    const frames = manualFrames();
    const published: LiveTraceSnapshot[] = [];
    let folded = 0;
    const live = new LiveTrace(trace, (snapshot) => published.push(snapshot), {
      schedule: frames.schedule,
      fold: (view, events) => {
        folded += events.length;
        return foldTraceEvents(view, events);
      },
    });
    live.push({ type: "turn-start", turn: 1 });
    for (let index = 0; index < 5000; index += 1) {
      live.push({ type: "text-delta", turn: 1, text: "a" });
      if (index % 1000 === 999) frames.paint();
    }
    expect(frames.waiting).toBe(0);
    expect(published).toHaveLength(5);
    expect(folded).toBe(5001);
    expect(published.at(-1)!.view.turns[0]!.text).toHaveLength(5000);
    expect(published.at(-1)!.trace.events).toHaveLength(5001);
  });

  it("publishes what is pending at once when asked, and matches a fold of the whole trace", () => {
    const frames = manualFrames();
    const published: LiveTraceSnapshot[] = [];
    const live = new LiveTrace(trace, (snapshot) => published.push(snapshot), { schedule: frames.schedule });
    const events: AgentEvent[] = [
      { type: "turn-start", turn: 1 },
      { type: "text-delta", turn: 1, text: "Counting " },
      { type: "text-delta", turn: 1, text: "orders." },
      { type: "tool-call", turn: 1, toolCallId: "a", tool: "run_sql", input: { sql: "SELECT count(*) FROM orders" } },
    ];
    events.forEach((event) => live.push(event));
    live.flush();
    expect(published).toHaveLength(1);
    expect(published[0]!.view).toEqual(traceView(events));
    // The frame that was scheduled finds nothing left and publishes nothing.
    frames.paint();
    expect(published).toHaveLength(1);
  });
});
