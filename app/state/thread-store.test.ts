import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { AgentEvent } from "../core/agent/events";
import { threadFileText } from "../core/agent/thread";
import { createInProcessSqliteConnection } from "../browser/in-process-sqlite-connection";
import { provideServices, queryLabStorage } from "../browser/services";
import { createMemoryStorage } from "../browser/storage-areas";

/** What each question's run was given; the model is scripted, since these tests are about the thread, not the loop. */
const runs: Array<{ question: string; threadContext?: string; sharing?: string }> = [];
const answered = (question: string): AgentEvent[] => [
  { type: "final", turn: 1, sql: `SELECT '${question}' AS answer`, result: { columns: ["answer"], rows: [[`secret ${question}`]], rowCount: 1, elapsedMs: 1 } },
  { type: "run-end", status: "submitted", turns: 1, usage: { inputTokens: 1, outputTokens: 1 }, elapsedMs: 1, overheadMs: 0 },
];
let answer: (question: string) => Iterable<AgentEvent> | AsyncIterable<AgentEvent> = answered;
vi.mock("../core/agent/agent-loop", () => ({
  runAgent: (options: { question: string; threadContext?: string; sharing?: string }) => {
    runs.push({ question: options.question, threadContext: options.threadContext, sharing: options.sharing });
    return (async function* () {
      yield* answer(options.question);
    })();
  },
}));

const { useAgentStore, setAgentFrameScheduler } = await import("./agent-store");
const { useSettingsStore } = await import("./settings-store");
const { useDatabaseStore } = await import("./database-store");
const { startNewThread, importThread, openThread } = await import("./thread-actions");

function openDatabase(id: string, name: string) {
  useDatabaseStore.setState({ current: { id, name, source: "sample", sizeBytes: 1, updatedAt: 1, saveState: "saved" } });
}

beforeAll(async () => {
  setAgentFrameScheduler((callback) => callback());
});

beforeEach(async () => {
  provideServices({ connection: await createInProcessSqliteConnection(), storage: createMemoryStorage({ durable: true }) });
  runs.length = 0;
  answer = answered;
  useSettingsStore.setState({ llm: { ...useSettingsStore.getState().llm, baseUrl: "http://127.0.0.1:9/v1", model: "scripted" }, sharing: "schema" });
  useAgentStore.setState({ trace: null, running: false, notice: null, history: [], thread: null, threads: [] });
  openDatabase("db-shop", "Shop");
});

describe("threads in the agent store", () => {
  it("a follow-up is sent what the earlier question concluded, and both are one thread with a trace each", async () => {
    await useAgentStore.getState().ask("How many orders in 2019?");
    expect(runs[0]!.threadContext).toBeUndefined();
    const first = useAgentStore.getState().thread!;
    expect(first).toMatchObject({ databaseId: "db-shop", databaseName: "Shop" });
    expect(first.questions.map((question) => [question.question, question.status, question.sql])).toEqual([
      ["How many orders in 2019?", "submitted", "SELECT 'How many orders in 2019?' AS answer"],
    ]);

    await useAgentStore.getState().ask("now only for 2020");
    expect(runs[1]!.threadContext).toContain("Q1: How many orders in 2019?");
    expect(runs[1]!.threadContext).toContain("→ final SQL: SELECT 'How many orders in 2019?' AS answer");
    expect(runs[1]!.threadContext).toContain("→ 1 row (columns answer)");
    // "Schema only": the earlier answer's values stay in the page.
    expect(runs[1]!.threadContext).not.toContain("secret");
    const thread = useAgentStore.getState().thread!;
    expect(thread.id).toBe(first.id);
    expect(thread.questions).toHaveLength(2);
    expect(thread.questions[1]!.contextTokens).toBeGreaterThan(0);
    expect(new Set(thread.questions.map((question) => question.traceId)).size).toBe(2);
    expect(useAgentStore.getState().trace!.id).toBe(thread.questions[1]!.traceId);

    // Kept: the thread and both traces, in History.
    expect(await queryLabStorage().loadThread(thread.id)).toEqual(thread);
    expect(useAgentStore.getState().threads.map((entry) => [entry.id, entry.questionCount])).toEqual([[thread.id, 2]]);
    for (const question of thread.questions) expect(await queryLabStorage().loadTrace(question.traceId)).not.toBeNull();

    // Under "results" the next follow-up also gets the first rows.
    useSettingsStore.setState({ sharing: "results" });
    await useAgentStore.getState().ask("split that by month");
    expect(runs[2]!.threadContext).toContain('→ rows: ["secret now only for 2020"]');
  });

  it("New thread starts from nothing with one click; the old thread stays in History and opens again", async () => {
    await useAgentStore.getState().ask("How many orders?");
    const old = useAgentStore.getState().thread!;
    startNewThread();
    await vi.waitFor(() => expect(useAgentStore.getState().thread).toBeNull());
    expect(useAgentStore.getState().trace).toBeNull();
    await useAgentStore.getState().ask("Which customers?");
    expect(runs[1]!.threadContext).toBeUndefined();
    const fresh = useAgentStore.getState().thread!;
    expect(fresh.id).not.toBe(old.id);
    expect(fresh.questions).toHaveLength(1);
    expect(useAgentStore.getState().threads.map((entry) => entry.id)).toEqual([fresh.id, old.id]);

    await openThread(old.id);
    expect(useAgentStore.getState().thread).toEqual(old);
    expect(useAgentStore.getState().trace!.question).toBe("How many orders?");
  });

  it("a thread of another database is not continued: the question starts a thread of its own", async () => {
    await useAgentStore.getState().ask("How many orders?");
    openDatabase("db-clinic", "Clinic");
    await useAgentStore.getState().ask("How many patients?");
    expect(runs[1]!.threadContext).toBeUndefined();
    expect(useAgentStore.getState().thread).toMatchObject({ databaseId: "db-clinic", questions: [{ question: "How many patients?" }] });
  });

  it("leaving the database stops a run, keeps it in its thread, and shows nothing of it on the next database", async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    answer = (question) =>
      (async function* () {
        yield { type: "turn-start", turn: 1 } as const;
        await gate;
        yield* answered(question);
      })();
    const asking = useAgentStore.getState().ask("Slow question");
    await vi.waitFor(() => expect(useAgentStore.getState().trace?.events.length).toBe(1));
    const threadId = useAgentStore.getState().thread!.id;
    useAgentStore.getState().leaveDatabase();
    openDatabase("db-clinic", "Clinic");
    release();
    await asking;
    expect(useAgentStore.getState()).toMatchObject({ trace: null, thread: null, running: false });
    const kept = await queryLabStorage().loadThread(threadId);
    expect(kept).toMatchObject({ databaseId: "db-shop", questions: [{ question: "Slow question", status: "submitted" }] });
  });

  it("imports an exported thread whole; the same file again opens the kept one", async () => {
    await useAgentStore.getState().ask("First");
    await useAgentStore.getState().ask("Second");
    const thread = useAgentStore.getState().thread!;
    const traces = await Promise.all(thread.questions.map((question) => queryLabStorage().loadTrace(question.traceId)));
    const file = new File(
      [
        threadFileText(
          { ...thread, databaseId: "db-elsewhere" },
          traces.map((trace) => trace!),
        ),
      ],
      "thread.json",
    );

    // Into a browser that has nothing: the thread, with both traces, on the database of the same name.
    provideServices({ connection: await createInProcessSqliteConnection(), storage: createMemoryStorage({ durable: true }) });
    useAgentStore.setState({ trace: null, thread: null, threads: [], history: [] });
    await importThread(file);
    expect(useAgentStore.getState().thread).toEqual(thread);
    expect(useAgentStore.getState().trace!.question).toBe("Second");
    expect(useAgentStore.getState().history).toHaveLength(2);
    expect(useAgentStore.getState().notice).toBeNull();

    await importThread(file);
    expect(useAgentStore.getState().notice).toMatch(/already in History \(2 questions\); it is opened, unchanged/);
    expect(await queryLabStorage().listThreads()).toHaveLength(1);

    await importThread(new File(["{}"], "other.json"));
    expect(useAgentStore.getState().notice).toMatch(/^other\.json: The file is not a QueryLab thread .*Nothing was imported\.$/);
  });
});
