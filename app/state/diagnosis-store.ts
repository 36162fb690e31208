// The editor's Diagnose action: a query's clause stages and plan, computed over the worker's read-only executor.
import { create } from "zustand";
import type { SqlDiagnosis } from "../core/db/sql-diagnosis";
import { useSettingsStore } from "./settings-store";
import { workspaceWatchdog } from "./workspace-watchdog";
import { errorMessage } from "../core/error-message";

interface DiagnosisState {
  status: "idle" | "running" | "done" | "failed";
  /** The statement diagnosed (or being diagnosed). */
  sql: string | null;
  diagnosis: SqlDiagnosis | null;
  /** Why the statement could not be broken down. */
  error: string | null;
  diagnose(sql: string): Promise<void>;
  close(): void;
}

/** Rows kept per stage: enough to see what reached a clause, few enough to cross the worker boundary quickly. */
const SAMPLE_ROWS = 5;

let latestRun = 0;
/** Aborting it ends the diagnosis's stage that is running, mid-query included. */
let running: AbortController | null = null;

export const useDiagnosisStore = create<DiagnosisState>((set) => ({
  status: "idle",
  sql: null,
  diagnosis: null,
  error: null,

  async diagnose(sql) {
    if (sql.trim() === "") return;
    const run = ++latestRun;
    running?.abort(new Error("a later diagnosis replaced it"));
    const stopping = new AbortController();
    running = stopping;
    set({ status: "running", sql, diagnosis: null, error: null });
    // The clause reader loads with the first Diagnose, not with the page. The stages are cut on this thread; every
    // stage's SQL runs in the worker, through its one read-only executor.
    const outcome = await import("../core/db/sql-diagnosis")
      .then(({ diagnoseSql }) => {
        // Each stage under the query time limit, through the watchdog: a stage stuck in one SQLite step ends the worker, not the page.
        const database = workspaceWatchdog().readOnlyView({ limitMs: useSettingsStore.getState().llm.queryTimeLimitMs, signal: stopping.signal });
        return diagnoseSql(database, sql, { sampleRows: SAMPLE_ROWS });
      })
      .catch((error: unknown) => ({
        ok: false as const,
        error: { message: `The diagnosis failed: ${errorMessage(error)}` },
      }));
    // A later Diagnose (or Close) wins over an earlier one still answering.
    if (run !== latestRun) return;
    if (outcome.ok) set({ status: "done", diagnosis: outcome.diagnosis, error: null });
    else set({ status: "failed", diagnosis: null, error: outcome.error.message });
  },

  close() {
    latestRun++;
    running?.abort(new Error("the diagnosis was closed"));
    running = null;
    set({ status: "idle", sql: null, diagnosis: null, error: null });
  },
}));
