import { describe, expect, it } from "vitest";
import { TRACE_LIMITS, type Trace } from "./trace";
import { newThread, parseThreadFile, questionFromTrace, THREAD_QUESTIONS_LIMIT, threadFileText, withQuestion } from "./thread";

function trace(id: string, rows: Array<Array<string | number | null | Uint8Array>> = [["Austria", 12]]): Trace {
  return {
    version: 1,
    id,
    question: `question ${id}`,
    databaseName: "shop",
    model: "m",
    baseUrl: "http://127.0.0.1",
    createdAt: 5,
    events: [
      { type: "turn-start", turn: 1 },
      { type: "final", turn: 1, sql: "SELECT country, n FROM t", result: { columns: ["country", "n"], rows, rowCount: 20, elapsedMs: 1 } },
      { type: "run-end", status: "submitted", turns: 1, usage: { inputTokens: 1, outputTokens: 1 }, elapsedMs: 1, overheadMs: 0 },
    ],
  };
}

describe("threads", () => {
  it("keep what a question concluded: its SQL, the result's shape and its first rows, values made small", () => {
    const long = "x".repeat(500);
    const question = questionFromTrace(
      trace("a", [
        ["Austria", 12],
        [long, null],
        [new Uint8Array([1, 2]), 3],
        ["Dropped", 4],
      ]),
      17,
    );
    expect(question).toMatchObject({ traceId: "a", status: "submitted", sql: "SELECT country, n FROM t", contextTokens: 17 });
    expect(question.result!.rowCount).toBe(20);
    expect(question.result!.rows).toEqual([
      ["Austria", 12],
      [`${"x".repeat(120)}…`, null],
      ["x'0102'", 3],
    ]);
    const running = questionFromTrace({ ...trace("b"), events: [] }, 0);
    expect(running).toMatchObject({ status: "running", sql: null, result: null });
  });

  it("add a question once: the entry of a finished run replaces its running one", () => {
    const thread = newThread({ id: "db-1", name: "Shop" }, "thread-1", 1);
    const running = withQuestion(thread, questionFromTrace({ ...trace("a"), events: [] }, 0), 2);
    const done = withQuestion(running, questionFromTrace(trace("a"), 0), 3);
    expect(done.questions).toHaveLength(1);
    expect(done.questions[0]!.status).toBe("submitted");
    expect(withQuestion(done, questionFromTrace(trace("b"), 9), 4).questions.map((entry) => entry.traceId)).toEqual(["a", "b"]);
  });

  it("export whole and parse back; traces the thread does not name are left out", () => {
    const thread = withQuestion(newThread({ id: "db-1", name: "Shop" }, "thread-1"), questionFromTrace(trace("a", [[new Uint8Array([255]), 1]]), 0));
    const text = threadFileText(thread, [trace("a", [[new Uint8Array([255]), 1]]), trace("stray")]);
    const parsed = parseThreadFile(text);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.file.thread).toEqual(thread);
    expect(parsed.file.traces.map((entry) => entry.id)).toEqual(["a"]);
    expect(text).toContain("x'ff'");
  });

  it("refuse files past the trace import's limits, or not threads, with the reason", () => {
    const thread = newThread({ id: "db-1", name: "Shop" }, "thread-1");
    expect(parseThreadFile("{not json")).toMatchObject({ ok: false, message: expect.stringContaining("not JSON") });
    expect(parseThreadFile(JSON.stringify(trace("a")))).toMatchObject({ ok: false, message: expect.stringContaining("not a QueryLab thread") });
    let deep: unknown = 1;
    for (let level = 0; level < 100; level += 1) deep = [deep];
    expect(parseThreadFile(JSON.stringify({ kind: "querylab-thread", deep }))).toMatchObject({ ok: false, message: expect.stringContaining("levels deep") });
    const limits = { ...TRACE_LIMITS, events: 5, turns: 2 };
    const many = withQuestion(withQuestion(thread, questionFromTrace(trace("a"), 0)), questionFromTrace(trace("b"), 0));
    expect(parseThreadFile(threadFileText(many, [trace("a"), trace("b")]), limits)).toMatchObject({ ok: false, message: expect.stringContaining("6 events") });
    const turns = { ...trace("a"), events: [1, 2, 3].map((turn) => ({ type: "turn-start" as const, turn })) };
    expect(parseThreadFile(threadFileText(many, [turns]), limits)).toMatchObject({ ok: false, message: expect.stringContaining("3 turns") });
    const crowded = { ...thread, questions: Array.from({ length: THREAD_QUESTIONS_LIMIT + 1 }, (_, index) => questionFromTrace(trace(`t${index}`), 0)) };
    expect(parseThreadFile(threadFileText(crowded, []))).toMatchObject({ ok: false, message: expect.stringContaining("questions") });
  });
});
