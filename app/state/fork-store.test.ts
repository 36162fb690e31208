import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { ResumedTurn } from "../core/agent/agent-loop";
import type { AgentEvent } from "../core/agent/events";
import { createInProcessSqliteConnection } from "../browser/in-process-sqlite-connection";
import { provideServices, queryLabStorage } from "../browser/services";
import { createMemoryStorage } from "../browser/storage-areas";

const ORIGINAL_SQL = "SELECT 1 AS answer";
const FORKED_SQL = "SELECT 2 AS answer";
const usage = { inputTokens: 1, outputTokens: 1 };

/** The original run: one query, then the loop takes it as the answer. */
const original: AgentEvent[] = [
  { type: "turn-start", turn: 1 },
  { type: "turn-end", turn: 1, usage, latencyMs: 1, raw: [] },
  { type: "tool-call", turn: 1, toolCallId: "call-1", tool: "run_sql", input: { sql: ORIGINAL_SQL } },
  { type: "observation", turn: 1, toolCallId: "call-1", tool: "run_sql", ok: true, text: "1 row" },
  { type: "final", turn: 1, sql: ORIGINAL_SQL },
  { type: "run-end", status: "submitted", turns: 1, usage, elapsedMs: 1, overheadMs: 0 },
];

// The model is scripted: a resumed run (a fork) answers with the query its last resumed turn ran, as the page would show.
vi.mock("../core/agent/agent-loop", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../core/agent/agent-loop")>()),
  runAgent: (options: { resume?: ResumedTurn[] }) =>
    (async function* () {
      if (!options.resume) return yield* original;
      for (const turn of options.resume) yield* turn.events;
      const sql = (options.resume.at(-1)!.record.calls.at(-1)!.input as { sql: string }).sql;
      yield { type: "final", turn: 1, sql };
      yield { type: "run-end", status: "submitted", turns: 1, usage, elapsedMs: 1, overheadMs: 0 };
    })(),
}));

const { useAgentStore, setAgentFrameScheduler } = await import("./agent-store");
const { useSettingsStore } = await import("./settings-store");

beforeAll(() => {
  setAgentFrameScheduler((callback) => callback());
});

beforeEach(async () => {
  provideServices({ connection: await createInProcessSqliteConnection(), storage: createMemoryStorage({ durable: true }) });
  useSettingsStore.setState({ llm: { ...useSettingsStore.getState().llm, baseUrl: "http://127.0.0.1:9/v1", model: "scripted" }, sharing: "schema" });
  useAgentStore.setState({ trace: null, running: false, notice: null, history: [], thread: null, threads: [], branchId: null, comparing: false });
});

describe("forks in the agent store", () => {
  it("keeps a fork inside its trace in History, shows it, and switches back to the original", async () => {
    await useAgentStore.getState().ask("What is the answer?");
    const id = useAgentStore.getState().trace!.id;
    await useAgentStore.getState().fork({ kind: "sql", turn: 1, toolCallId: "call-1", sql: FORKED_SQL });

    const { trace, branchId, view, running } = useAgentStore.getState();
    expect(running).toBe(false);
    expect(trace!.branches).toHaveLength(1);
    expect(branchId).toBe(trace!.branches![0]!.id);
    expect(trace!.branches![0]).toMatchObject({ parentId: null, question: "What is the answer?", edit: { kind: "sql", sql: FORKED_SQL } });
    expect(view.final?.sql).toBe(FORKED_SQL);
    expect(view.turns[0]!.actions[0]!.call).toMatchObject({ by: "person", input: { sql: FORKED_SQL } });

    // Stored with the trace: opening it again from History brings the branch back, showing the original first.
    const stored = await queryLabStorage().loadTrace(id);
    expect(stored?.branches?.[0]?.events.some((event) => event.type === "final" && event.sql === FORKED_SQL)).toBe(true);
    await useAgentStore.getState().openTrace(id);
    expect(useAgentStore.getState().branchId).toBeNull();
    expect(useAgentStore.getState().view.final?.sql).toBe(ORIGINAL_SQL);
    useAgentStore.getState().showBranch(stored!.branches![0]!.id);
    expect(useAgentStore.getState().view.final?.sql).toBe(FORKED_SQL);
    useAgentStore.getState().showBranch(null);
    expect(useAgentStore.getState().view.final?.sql).toBe(ORIGINAL_SQL);
  });

  it("a fork of a fork names the branch it came from", async () => {
    await useAgentStore.getState().ask("What is the answer?");
    await useAgentStore.getState().fork({ kind: "sql", turn: 1, toolCallId: "call-1", sql: FORKED_SQL });
    const first = useAgentStore.getState().branchId;
    await useAgentStore.getState().fork({ kind: "sql", turn: 1, toolCallId: "call-1", sql: "SELECT 3 AS answer" });
    const branches = useAgentStore.getState().trace!.branches!;
    expect(branches.map((branch) => branch.parentId)).toEqual([null, first]);
    expect(useAgentStore.getState().view.final?.sql).toBe("SELECT 3 AS answer");
  });

  it("a fork with another question is a new run of it, kept beside the original", async () => {
    await useAgentStore.getState().ask("What is the answer?");
    await useAgentStore.getState().fork({ kind: "question", question: "  And the other answer?  " });
    const branch = useAgentStore.getState().trace!.branches![0]!;
    expect(branch).toMatchObject({ question: "And the other answer?", edit: { kind: "question", question: "And the other answer?" } });
    expect(useAgentStore.getState().trace!.question).toBe("What is the answer?");
    expect(useAgentStore.getState().branchId).toBe(branch.id);
  });

  it("refuses an edit of a step that has no query, and sends nothing", async () => {
    await useAgentStore.getState().ask("What is the answer?");
    await useAgentStore.getState().fork({ kind: "sql", turn: 1, toolCallId: "no-such-call", sql: FORKED_SQL });
    expect(useAgentStore.getState().notice).toBe("Turn 1 has no query to change there.");
    expect(useAgentStore.getState().trace!.branches).toBeUndefined();
  });
});
