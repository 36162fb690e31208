import { afterEach, describe, expect, it, vi } from "vitest";
import { MemoryWebStorage } from "../browser/memory-web-storage";
import type { HistoryEntry, QueryLabStorage } from "../browser/storage";
import { createMemoryStorage } from "../browser/storage-areas";

function entry(sql: string, ranAt: number): HistoryEntry {
  return { sql, ranAt, databaseName: "shop", ok: true, rowCount: 1, elapsedMs: 2 };
}

async function loadPage(text: string | null, storage: QueryLabStorage = createMemoryStorage({ durable: true })) {
  const local = new MemoryWebStorage();
  if (text !== null) local.setItem("querylab.editor-text", text);
  vi.stubGlobal("localStorage", local);
  vi.resetModules();
  const { provideServices } = await import("../browser/services");
  provideServices({ storage });
  const { useEditorStore } = await import("./editor-store");
  return { local, storage, useEditorStore };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("editor store", () => {
  it("brings back the text of the last visit, and says it did", async () => {
    const page = await loadPage("SELECT * FROM orders");
    expect(page.useEditorStore.getState()).toMatchObject({ text: "SELECT * FROM orders", restored: true });
    page.useEditorStore.getState().setText("SELECT 1");
    expect(page.local.getItem("querylab.editor-text")).toBe("SELECT 1");
    expect((await loadPage(null)).useEditorStore.getState()).toMatchObject({ text: "", restored: false });
  });

  it("records runs in the kept history, a query run again moving to the top", async () => {
    const page = await loadPage(null);
    await page.useEditorStore.getState().recordRun(entry("SELECT 1", 1));
    await page.useEditorStore.getState().recordRun(entry("SELECT 2", 2));
    await page.useEditorStore.getState().recordRun(entry("SELECT 1", 3));
    expect(page.useEditorStore.getState().history.map((item) => item.sql)).toEqual(["SELECT 1", "SELECT 2"]);
    page.useEditorStore.setState({ history: [] });
    await page.useEditorStore.getState().loadHistory();
    expect(page.useEditorStore.getState().history.map((item) => item.ranAt)).toEqual([3, 2]);
  });

  it("keeps the history in memory when storage fails", async () => {
    const failing: QueryLabStorage = {
      ...createMemoryStorage(),
      addQueryHistory: async () => {
        throw new Error("QuotaExceededError");
      },
      queryHistory: async () => {
        throw new Error("QuotaExceededError");
      },
    };
    const page = await loadPage(null, failing);
    await page.useEditorStore.getState().recordRun(entry("SELECT 1", 1));
    await page.useEditorStore.getState().recordRun(entry("SELECT 2", 2));
    expect(page.useEditorStore.getState().history.map((item) => item.sql)).toEqual(["SELECT 2", "SELECT 1"]);
    await page.useEditorStore.getState().loadHistory();
    expect(page.useEditorStore.getState().history).toEqual([]);
  });
});
