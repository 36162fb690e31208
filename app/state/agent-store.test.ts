import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { AgentEvent } from "../core/agent/events";
import { createInProcessSqliteConnection } from "../browser/in-process-sqlite-connection";
import { provideServices, queryLabStorage } from "../browser/services";
import { createMemoryStorage } from "../browser/storage-areas";

const DELTAS = 5_000;
const frames: Array<() => void> = [];
const paint = () => frames.splice(0).forEach((callback) => callback());
const counters = { folded: 0 };
let script: (signal: AbortSignal) => AsyncGenerator<AgentEvent> = async function* () {};

// The model is scripted: these tests are about what the store does with the events, not about the loop.
vi.mock("../core/agent/agent-loop", () => ({
  runAgent: (options: { signal: AbortSignal }) => script(options.signal),
}));
// Counts the events folded into turns, to show each is folded once.
vi.mock("../core/agent/trace", async (importOriginal) => {
  const original = await importOriginal<typeof import("../core/agent/trace")>();
  return {
    ...original,
    foldTraceEvents: (view: Parameters<typeof original.foldTraceEvents>[0], events: Parameters<typeof original.foldTraceEvents>[1]) => {
      counters.folded += events.length;
      return original.foldTraceEvents(view, events);
    },
  };
});

const { setAgentFrameScheduler, useAgentStore } = await import("./agent-store");
const { useSettingsStore } = await import("./settings-store");

function streamedAnswer(): AsyncGenerator<AgentEvent> {
  return (async function* () {
    yield { type: "turn-start", turn: 1 };
    for (let index = 0; index < DELTAS; index += 1) {
      yield { type: "text-delta", turn: 1, text: "x" };
      // A frame passes now and then while the answer streams.
      if (index % 500 === 499) paint();
    }
    yield { type: "final", turn: 1, sql: "SELECT 1" };
    yield { type: "run-end", status: "submitted", turns: 1, usage: { inputTokens: 1, outputTokens: DELTAS }, elapsedMs: 1, overheadMs: 0 };
  })();
}

beforeAll(async () => {
  provideServices({ connection: await createInProcessSqliteConnection(), storage: createMemoryStorage({ durable: true }) });
  setAgentFrameScheduler((callback) => void frames.push(callback));
});

beforeEach(() => {
  counters.folded = 0;
  frames.length = 0;
  useSettingsStore.setState({ llm: { ...useSettingsStore.getState().llm, baseUrl: "http://127.0.0.1:9/v1", model: "scripted" }, sharing: "schema" });
  useAgentStore.setState({ trace: null, running: false, notice: null, history: [] });
});

describe("agent store", () => {
  it("regression: a long streamed answer does work linear in its deltas (it copied and refolded the trace per delta)", async () => {
    script = streamedAnswer;
    let traceUpdates = 0;
    const stop = useAgentStore.subscribe((state, previous) => {
      if (state.trace !== previous.trace) traceUpdates += 1;
    });
    await useAgentStore.getState().ask("How many orders?");
    stop();
    const { trace, view } = useAgentStore.getState();
    expect(trace?.events).toHaveLength(DELTAS + 3);
    expect(view.turns[0]!.text).toHaveLength(DELTAS);
    expect(view.final?.sql).toBe("SELECT 1");
    // One update when the run starts, one per frame (ten), one at the end.
    expect(traceUpdates).toBeLessThanOrEqual(12);
    expect(counters.folded).toBe(DELTAS + 3);
  });

  it("keeps the finished trace in the history", async () => {
    script = streamedAnswer;
    await useAgentStore.getState().ask("How many orders?");
    const { history, trace } = useAgentStore.getState();
    expect(history[0]).toMatchObject({ id: trace!.id, question: "How many orders?", status: "submitted", sql: "SELECT 1" });
    useAgentStore.setState({ trace: null });
    await useAgentStore.getState().openTrace(trace!.id);
    expect(useAgentStore.getState().view.turns[0]!.text).toHaveLength(DELTAS);
  });

  it("ends a run that failed with the reason, keeping what came before", async () => {
    script = async function* () {
      yield { type: "turn-start", turn: 1 };
      yield { type: "text-delta", turn: 1, text: "Looking" };
      throw new Error("connection reset");
    };
    await useAgentStore.getState().ask("Anything?");
    const { view, running } = useAgentStore.getState();
    expect(running).toBe(false);
    expect(view.turns[0]!.text).toBe("Looking");
    expect(view.error?.message).toBe("The agent failed: connection reset");
  });

  it("stops a run when asked", async () => {
    let waiting = false;
    script = async function* (signal) {
      yield { type: "turn-start", turn: 1 };
      waiting = true;
      await new Promise((resolve) => signal.addEventListener("abort", resolve));
      yield { type: "error", kind: "stopped", message: "Stopped." };
    };
    const asking = useAgentStore.getState().ask("Slow question");
    await vi.waitFor(() => expect(waiting).toBe(true));
    useAgentStore.getState().stop();
    await asking;
    expect(useAgentStore.getState().view.error?.kind).toBe("stopped");
  });

  it("sends nothing before the person chose what may be sent", async () => {
    useSettingsStore.setState({ sharing: null });
    script = streamedAnswer;
    await useAgentStore.getState().ask("How many orders?");
    expect(useAgentStore.getState().trace).toBeNull();
    expect(useAgentStore.getState().notice).toMatch(/Choose what may be sent/);
  });

  it("refuses an imported file that is not a trace, and says why", async () => {
    await useAgentStore.getState().importTrace(new File(['{"version": 1, "id": 3}'], "trace.json"));
    expect(useAgentStore.getState().notice).toMatch(/^trace\.json: The file is not a QueryLab trace \(.*\)\. Nothing was imported\.$/);
    expect(useAgentStore.getState().trace).toBeNull();
  });

  it("regression: a trace import that ends after the next file was refused leaves that refusal on screen (it wiped it)", async () => {
    const storage = queryLabStorage();
    const save = storage.saveTrace.bind(storage);
    let releaseSave = () => {};
    const held = new Promise<void>((resolve) => (releaseSave = resolve));
    const saveSpy = vi.spyOn(storage, "saveTrace").mockImplementation(async (trace) => {
      await held;
      return save(trace);
    });
    const trace = { version: 1, id: "imported-first", question: "First file", databaseName: "db", model: "m", baseUrl: "http://x", createdAt: 1, events: [] };
    try {
      const first = useAgentStore.getState().importTrace(new File([JSON.stringify(trace)], "first.json"));
      await vi.waitFor(() => expect(saveSpy).toHaveBeenCalled());
      await useAgentStore.getState().importTrace(new File(["{}"], "second.json"));
      expect(useAgentStore.getState().notice).toMatch(/^second\.json: The file is not a QueryLab trace/);
      releaseSave();
      await first;
      const state = useAgentStore.getState();
      expect(state.notice).toMatch(/^second\.json: The file is not a QueryLab trace/);
      expect(state.trace).toBeNull();
      // The first file is still kept: it is in History.
      expect(state.history.map((entry) => entry.id)).toContain("imported-first");
    } finally {
      saveSpy.mockRestore();
    }
  });
});
