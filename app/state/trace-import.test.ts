import { describe, expect, it, vi } from "vitest";
import type { Trace } from "../core/agent/trace";
import { summarizeTrace, type TraceSummary } from "../browser/storage";
import { askDuplicateInPage, importTraceFile, useDuplicateTraceStore, type DuplicateChoice, type TraceImportServices } from "./trace-import";

const trace: Trace = {
  version: 1,
  id: "trace-1",
  question: "How many books?",
  databaseName: "Bookshop",
  model: "m",
  baseUrl: "u",
  createdAt: 1,
  events: [{ type: "final", turn: 1, sql: "SELECT count(*) FROM books" }],
};

function services(kept: Trace[], choice: DuplicateChoice = "cancel"): TraceImportServices & { saved: Trace[] } {
  const saved: Trace[] = [];
  return {
    saved,
    listTraces: async () => kept.map(summarizeTrace),
    saveTrace: async (next) => {
      saved.push(next);
      return [summarizeTrace(next), ...kept.map(summarizeTrace)];
    },
    askDuplicate: vi.fn(async () => choice),
    newId: () => "trace-new",
  };
}

const fileOf = (value: unknown, name = "trace.json") => new File([JSON.stringify(value)], name);

describe("importTraceFile", () => {
  it("refuses a file over the size limit from its size, without reading it", async () => {
    const text = vi.fn(async () => "");
    const huge = { name: "huge.json", size: 52_428_800, text } as unknown as File;
    const outcome = await importTraceFile(huge, services([]));
    expect(outcome).toEqual({ kind: "refused", message: "huge.json: The file is 50.0 MB; traces up to 20.0 MB can be imported. Nothing was imported." });
    expect(text).not.toHaveBeenCalled();
  });

  it("refuses a trace nested 20,000 levels deep before anything is stored (regression: shown, then silently not kept)", async () => {
    const deep = `${"[".repeat(20_000)}${"]".repeat(20_000)}`;
    const text = JSON.stringify({ ...trace, events: [{ type: "tool-call", turn: 1, toolCallId: "a", tool: "run_sql", input: "DEEP" }] }).replace(
      '"DEEP"',
      deep,
    );
    const kept = services([]);
    const outcome = await importTraceFile(new File([text], "deep.json"), kept);
    expect(outcome).toMatchObject({ kind: "refused", message: expect.stringMatching(/^deep\.json: .*more than 64 levels deep.* Nothing was imported\.$/) });
    expect(kept.saved).toEqual([]);
  });

  it("imports a new trace and returns History with it", async () => {
    const kept = services([]);
    const outcome = await importTraceFile(fileOf(trace), kept);
    expect(outcome).toMatchObject({ kind: "imported", trace: { id: "trace-1" }, notice: null });
    expect(kept.saved.map((saved) => saved.id)).toEqual(["trace-1"]);
    expect(kept.askDuplicate).not.toHaveBeenCalled();
  });

  it("asks about a trace whose id is in History: Replace keeps the id, Keep both gives a new one, Cancel stores nothing", async () => {
    const older = { ...trace, question: "An older run" };
    const replace = services([older], "replace");
    expect(await importTraceFile(fileOf(trace), replace)).toMatchObject({ kind: "imported", trace: { id: "trace-1" } });
    expect(replace.askDuplicate).toHaveBeenCalledWith({ kept: summarizeTrace(older), incoming: expect.objectContaining({ id: "trace-1" }) });
    expect(replace.saved.map((saved) => saved.id)).toEqual(["trace-1"]);

    const both = services([older], "keep-both");
    expect(await importTraceFile(fileOf(trace), both)).toMatchObject({ kind: "imported", trace: { id: "trace-new", question: "How many books?" } });
    expect(both.saved.map((saved) => saved.id)).toEqual(["trace-new"]);

    const cancel = services([older], "cancel");
    expect(await importTraceFile(fileOf(trace), cancel)).toEqual({ kind: "cancelled" });
    expect(cancel.saved).toEqual([]);
  });

  it("refuses a trace the browser cannot copy into storage, and shows one that only lacks space with a message", async () => {
    const uncloneable = services([]);
    uncloneable.saveTrace = () => Promise.reject(new DOMException("could not be cloned", "DataCloneError"));
    expect(await importTraceFile(fileOf(trace), uncloneable)).toEqual({
      kind: "refused",
      message: "trace.json: The browser cannot store this trace (could not be cloned). Nothing was imported.",
    });

    const full = services([]);
    full.saveTrace = () => Promise.reject(new DOMException("quota exceeded", "QuotaExceededError"));
    expect(await importTraceFile(fileOf(trace), full)).toMatchObject({
      kind: "imported",
      history: null,
      notice: "trace.json is shown but could not be kept in History (quota exceeded); export it to keep it.",
    });
  });
});

describe("askDuplicateInPage", () => {
  const duplicate = { kept: summarizeTrace(trace) as TraceSummary, incoming: trace };

  it("opens the question and resolves with the button pressed", async () => {
    const answer = askDuplicateInPage(duplicate);
    expect(useDuplicateTraceStore.getState().duplicate).toEqual(duplicate);
    useDuplicateTraceStore.getState().answer("keep-both");
    await expect(answer).resolves.toBe("keep-both");
    expect(useDuplicateTraceStore.getState().duplicate).toBeNull();
  });

  it("cancels an open question when another import asks", async () => {
    const first = askDuplicateInPage(duplicate);
    const second = askDuplicateInPage(duplicate);
    await expect(first).resolves.toBe("cancel");
    useDuplicateTraceStore.getState().answer("replace");
    await expect(second).resolves.toBe("replace");
  });
});
