// Running SQL from the editor: the run in progress, its result (paged from the worker), its error, and Stop.
import { create } from "zustand";
import { FIRST_PAGE_ROWS } from "../core/db/sqljs-engine";
import type { CsvOptions } from "../core/db/result-export";
import { ColumnarPage } from "../core/db/columnar-rows";
import type { DbError, PagedExecuteOutcome, ResultSummary, ResultValue } from "../core/db/types";
import { sqliteConnection } from "../browser/services";
import { downloadBytes } from "../browser/download";
import { useDatabaseStore } from "./database-store";
import { useEditorStore } from "./editor-store";
import { errorMessage } from "../core/error-message";
import { workspaceWatchdog } from "./workspace-watchdog";
import { afterPaint } from "./after-paint";

export const PAGE_ROWS = FIRST_PAGE_ROWS;
/**
 * A run is shown as running (the timer, Stop, "SQLite busy") once it has lasted this long. Most queries answer well
 * before: showing their run would cost a render and a frame between the key press and the rows, and flash for a frame.
 */
export const RUNNING_SHOWN_AFTER_MS = 100;

/** An error placed in the editor text (offsets are into the editor, not the run batch). */
export interface QueryError extends DbError {
  editorStart?: number;
  editorEnd?: number;
}

interface QueryState {
  /** The run in progress (set at once, so a second Run waits for it). */
  running: { sql: string; startedAt: number } | null;
  /** True once the run in progress has lasted RUNNING_SHOWN_AFTER_MS: what the screen shows of it (see shownRun). */
  runningShown: boolean;
  /** The last result, without its rows: they are read through rowAt from the pages kept beside the store. */
  result: ResultSummary | null;
  error: QueryError | null;
  /** Bumped whenever a page of rows arrives, so the grid re-renders. */
  pageVersion: number;
  run(sql: string, offsetInEditor?: number): Promise<void>;
  stop(): Promise<void>;
  /** Ends a run whose worker died, with the reason. */
  abandon(message: string): void;
  /** Another database was opened: this one's result and error leave the screen (a running query keeps its Stop). */
  clear(): void;
  rowAt(index: number): ResultValue[] | undefined;
  ensureRows(firstIndex: number, lastIndex: number): void;
  /** Downloads the result; CSV neutralizes formula-like text unless `csv.formulas` is "raw". */
  exportResult(format: "csv" | "json", csv?: CsvOptions): Promise<void>;
}

/** Pages of the current result as they arrived from the worker (columnar; a row is read out only when shown). */
const pages = new Map<number, ColumnarPage>();
const pagesRequested = new Set<number>();
let stopRequested: (() => void) | null = null;
let showRunning: ReturnType<typeof setTimeout> | null = null;

/** The worker's answer to a run; a failure to even send the request (a released connection) rejects like a crash. */
function executeInWorker(sql: string): Promise<PagedExecuteOutcome> {
  try {
    return sqliteConnection().engine.executePaged(sql);
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}

/** The run in progress as the screen shows it: null until it has lasted RUNNING_SHOWN_AFTER_MS. */
export function shownRun(state: Pick<QueryState, "running" | "runningShown">): QueryState["running"] {
  return state.runningShown ? state.running : null;
}

export const useQueryStore = create<QueryState>((set, get) => ({
  running: null,
  runningShown: false,
  result: null,
  error: null,
  pageVersion: 0,

  async run(sql, offsetInEditor = 0) {
    if (get().running || sql.trim() === "") return;
    const startedAt = performance.now();
    const databaseId = useDatabaseStore.getState().current?.id;
    // Posted before the store changes: the worker runs the query while the page marks the run started (issue #14).
    // After a run that changed the database, only once that change is kept; not at all once stopped. Posted before, it
    // was queued in the worker ahead of the change's export, and stopping it reopened the database without the change
    // (an INSERT, then at once an endless query, stopped: seen in CI). See DatabaseState.changeNotYetKept.
    let stoppedBeforePosted = false;
    const earlierChange = useDatabaseStore.getState().changeNotYetKept();
    const request = earlierChange
      ? earlierChange.then(() => (stoppedBeforePosted ? new Promise<never>(() => {}) : executeInWorker(sql)))
      : executeInWorker(sql);
    const running = { sql, startedAt };
    set({ running, error: null });
    if (showRunning) clearTimeout(showRunning);
    showRunning = setTimeout(() => {
      if (get().running === running) set({ runningShown: true });
    }, RUNNING_SHOWN_AFTER_MS);
    const stopped = new Promise<"stopped">((resolve) => {
      stopRequested = () => {
        stoppedBeforePosted = true;
        resolve("stopped");
      };
    });
    let outcome: PagedExecuteOutcome | "stopped";
    try {
      outcome = await Promise.race([request, stopped]);
    } catch (error) {
      // A WASM abort (e.g. out of memory on a huge result) leaves the worker unusable: replace it, reopen the saved state.
      stopRequested = null;
      set({
        running: null,
        runningShown: false,
        error: {
          kind: "worker-failed",
          message: `SQLite failed while running the query (${errorMessage(error)}). It was restarted and the database reopened from its last saved state.`,
        },
      });
      await workspaceWatchdog().restart("SQLite failed while running a query");
      return;
    }
    stopRequested = null;
    if (outcome === "stopped") return; // stop() has already reported and reloaded
    if (useDatabaseStore.getState().current?.id !== databaseId) {
      // Another database was opened while this ran: its result would show against the wrong database.
      set({ running: null, runningShown: false });
      return;
    }
    const databaseName = useDatabaseStore.getState().current?.name ?? "";
    if (outcome.ok) {
      pages.clear();
      pagesRequested.clear();
      const { firstPage, ...result } = outcome;
      pages.set(0, new ColumnarPage(firstPage));
      // The result, its first rows, the end of the run and the cleared error reach the screen as one update: one render.
      set({ running: null, runningShown: false, result, error: null, pageVersion: get().pageVersion + 1 });
    } else {
      const error: QueryError = { ...outcome.error };
      if (error.statementStart !== undefined) error.editorStart = error.statementStart + offsetInEditor;
      if (error.statementEnd !== undefined) error.editorEnd = error.statementEnd + offsetInEditor;
      set({ running: null, runningShown: false, error });
    }
    const entry = { sql, ranAt: Date.now(), databaseName, ok: outcome.ok, rowCount: outcome.ok ? outcome.rowCount : null, elapsedMs: outcome.elapsedMs };
    // Opening the IndexedDB transaction took ~2-5 ms on the main thread, between the result and its render: it waits for the paint.
    afterPaint(() => void useEditorStore.getState().recordRun(entry));
    if (outcome.databaseChanged) await useDatabaseStore.getState().afterChange();
  },

  abandon(message) {
    // The worker is gone: whatever was running will never answer.
    stopRequested?.();
    set({ running: null, runningShown: false, error: { kind: "worker-failed", message } });
  },

  clear() {
    pages.clear();
    pagesRequested.clear();
    set({ result: null, error: null, pageVersion: get().pageVersion + 1 });
  },

  async stop() {
    const running = get().running;
    if (!running) return;
    stopRequested?.();
    const seconds = ((performance.now() - running.startedAt) / 1000).toFixed(1);
    set({
      running: null,
      runningShown: false,
      error: { kind: "stopped", message: `Query stopped after ${seconds} s. The database is as it was before the query.` },
    });
    // Through the watchdog: an agent's query in the same worker is run again once the database is back.
    await workspaceWatchdog().restart("the editor's query was stopped");
  },

  rowAt(index) {
    const page = pages.get(Math.floor(index / PAGE_ROWS));
    const row = index % PAGE_ROWS;
    return page && row < page.rowCount ? page.row(row) : undefined;
  },

  ensureRows(firstIndex, lastIndex) {
    const result = get().result;
    if (!result?.resultId) return;
    const resultId = result.resultId;
    for (let page = Math.floor(firstIndex / PAGE_ROWS); page <= Math.floor(lastIndex / PAGE_ROWS); page += 1) {
      if (pages.has(page) || pagesRequested.has(page) || page * PAGE_ROWS >= result.storedRowCount) continue;
      pagesRequested.add(page);
      void sqliteConnection()
        .engine.fetchPage(resultId, page * PAGE_ROWS, PAGE_ROWS)
        .then((outcome) => {
          if (get().result?.resultId !== resultId) return;
          pagesRequested.delete(page);
          if (!outcome.ok) {
            set({ error: outcome.error });
            return;
          }
          pages.set(page, new ColumnarPage(outcome.page));
          set({ pageVersion: get().pageVersion + 1 });
        });
    }
  },

  async exportResult(format, csv) {
    const resultId = get().result?.resultId;
    if (!resultId) return;
    const outcome = await sqliteConnection().engine.exportResult(resultId, format, csv);
    if (!outcome.ok) {
      set({ error: outcome.error });
      return;
    }
    downloadBytes(outcome.text, `result.${format}`, format === "csv" ? "text/csv" : "application/json");
  },
}));
