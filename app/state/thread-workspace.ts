// Each database keeps its place: its editor text, the thread on screen and its last result, kept under its id and
// brought back when it is opened again; nothing of one database stays on screen against another. The last result is
// kept as the SQL that made it and run again on return (only a query that changed nothing and took under 2 s).
import { queryLabStorage } from "../browser/services";
import type { DatabaseWorkspace, QueryLabStorage } from "../browser/storage";
import { useAgentStore } from "./agent-store";
import { useDatabaseStore, type CurrentDatabase } from "./database-store";
import { useDiagnosisStore } from "./diagnosis-store";
import { useEditorStore } from "./editor-store";
import { useQueryStore } from "./query-store";
import { afterPaint } from "./after-paint";
import { webStorageRescue, type WorkspaceRescue } from "../browser/workspace-rescue";

/** A last result that took longer is not run again by itself on return: opening a database should not start a long query. */
export const RERUN_LIMIT_MS = 2_000;
/** Typing is saved after this pause, not on every key. */
const TEXT_SAVE_DELAY_MS = 400;

export interface WorkspaceOptions {
  storage?: () => QueryLabStorage;
  textSaveDelayMs?: number;
  /**
   * Calls the listener whenever the page may be left for good (pagehide; hidden, as a tab closed or put away on a
   * phone may never come back); returns how to stop. The page's own events unless given.
   */
  whenLeft?: (listener: () => void) => () => void;
  /** Where the workspace goes when the page is left, besides IndexedDB: localStorage unless given. */
  rescue?: WorkspaceRescue;
}

function whenPageIsLeft(listener: () => void): () => void {
  if (typeof window === "undefined" || typeof document === "undefined") return () => {};
  const onHidden = () => {
    if (document.visibilityState === "hidden") listener();
  };
  window.addEventListener("pagehide", listener);
  document.addEventListener("visibilitychange", onHidden);
  return () => {
    window.removeEventListener("pagehide", listener);
    document.removeEventListener("visibilitychange", onHidden);
  };
}

export interface WorkspaceFollower {
  /** Resolves once the open database's workspace is on screen (its text, thread, and the last result run again). */
  settled(): Promise<void>;
  stop(): void;
}

/** Starts following the open database, for the page's lifetime (tests stop it). */
export function followDatabaseWorkspaces(options: WorkspaceOptions = {}): WorkspaceFollower {
  const storage = options.storage ?? queryLabStorage;
  const delay = options.textSaveDelayMs ?? TEXT_SAVE_DELAY_MS;
  const rescue = options.rescue ?? webStorageRescue();
  /** The workspace on screen; null while another is being read, so nothing is saved under the wrong database. */
  let applied: DatabaseWorkspace | null = null;
  let textTimer: ReturnType<typeof setTimeout> | null = null;
  let pageLoad = true;
  let entering: Promise<void> = Promise.resolve();

  /** Workspaces changed but not yet written, by database: written after the paint (a result's lastRun changes with it). */
  const unsaved = new Map<string, DatabaseWorkspace>();
  const writeUnsaved = (): Promise<unknown> => {
    const writes = [...unsaved.values()].map(
      (workspace) =>
        storage()
          .saveWorkspace(workspace)
          .catch(() => undefined), // not kept: the workspace lives as long as the page
    );
    unsaved.clear();
    return Promise.all(writes);
  };
  const save = (workspace: DatabaseWorkspace) => {
    if (unsaved.size === 0) afterPaint(() => void writeUnsaved());
    unsaved.set(workspace.databaseId, workspace);
  };
  const update = (change: Partial<DatabaseWorkspace>) => {
    if (!applied) return;
    applied = { ...applied, ...change, updatedAt: Date.now() };
    save(applied);
  };
  const flushText = () => {
    if (textTimer) clearTimeout(textTimer);
    textTimer = null;
    if (applied && applied.editorText !== useEditorStore.getState().text) update({ editorText: useEditorStore.getState().text });
  };

  /** A database with nothing kept: its sample's example query, so the editor still holds a query that runs. */
  const startingText = (database: CurrentDatabase): string =>
    useDatabaseStore.getState().samples.find((sample) => sample.title === database.name)?.exampleQuery ?? "";

  async function enter(database: CurrentDatabase, firstOfPage: boolean): Promise<void> {
    // What the person may change while the workspace is read (the page is usable as soon as the database is open): a
    // question typed or asked, a query run, is theirs, and the workspace coming back must not undo it.
    const agentOnEntry = useAgentStore.getState();
    const queryOnEntry = useQueryStore.getState();
    // A change not yet written (this database's, left and opened again at once) is read back as written.
    await writeUnsaved();
    const stored = await storage()
      .loadWorkspace(database.id)
      .catch(() => null);
    if (useDatabaseStore.getState().current?.id !== database.id) return; // left again while reading
    // What the last visit could only put in localStorage as it was left, when IndexedDB did not get it in time.
    const rescued = rescue.take(database.id);
    const kept = rescued && (!stored || rescued.updatedAt > stored.updatedAt) ? rescued : stored;
    // On the first database of the page with nothing kept, the editor keeps the text it had before workspaces existed.
    const editorText = kept?.editorText ?? (firstOfPage ? useEditorStore.getState().text : startingText(database));
    if (kept || !firstOfPage) {
      useEditorStore.setState({ restored: true });
      useEditorStore.getState().setText(editorText);
    }
    const thread = kept?.threadId
      ? await storage()
          .loadThread(kept.threadId)
          .catch(() => null)
      : null;
    if (useDatabaseStore.getState().current?.id !== database.id) {
      // Left again while the thread was read: what was taken from localStorage goes back for the next visit.
      if (rescued && kept === rescued) rescue.keep(rescued);
      return;
    }
    const agent = useAgentStore.getState();
    // Not `running`: a run of the database left may still be unwinding from its stop; a new one changes these.
    const asked = agent.question !== agentOnEntry.question || agent.thread !== agentOnEntry.thread || agent.trace !== agentOnEntry.trace;
    // A thread the person started meanwhile is this database's thread now; otherwise the kept one comes back.
    const shownThread = asked ? (agent.thread?.databaseId === database.id ? agent.thread : null) : thread;
    applied = { databaseId: database.id, editorText, threadId: shownThread?.id ?? null, lastRun: kept?.lastRun ?? null, updatedAt: Date.now() };
    save(applied);
    if (!asked) await useAgentStore.getState().showThread(thread);
    const query = useQueryStore.getState();
    const queried = query.running !== queryOnEntry.running || query.result !== queryOnEntry.result || query.error !== queryOnEntry.error;
    const lastRun = kept?.lastRun;
    if (!queried && lastRun && lastRun.elapsedMs <= RERUN_LIMIT_MS && useDatabaseStore.getState().current?.id === database.id) {
      await useQueryStore.getState().run(lastRun.sql);
    }
  }

  const stopDatabase = useDatabaseStore.subscribe((state, previous) => {
    const next = state.current;
    if (next?.id === previous.current?.id) return;
    // A copy saved because another tab changed the original: the same work on screen, now under the copy's id.
    if (next && applied && next.copiedFrom === applied.databaseId) {
      update({ databaseId: next.id });
      return;
    }
    flushText();
    applied = null;
    const firstOfPage = pageLoad;
    pageLoad = false;
    if (!firstOfPage) {
      useAgentStore.getState().leaveDatabase();
      useQueryStore.getState().clear();
      useDiagnosisStore.getState().close();
    }
    if (next) entering = enter(next, firstOfPage);
  });

  const stopEditor = useEditorStore.subscribe((state, previous) => {
    if (!applied || state.text === previous.text) return;
    if (textTimer) clearTimeout(textTimer);
    textTimer = setTimeout(flushText, delay);
  });

  const stopThread = useAgentStore.subscribe((state, previous) => {
    if (!applied || state.thread === previous.thread) return;
    // A thread of another database opened from History is looked at, not made this database's thread.
    if (state.thread && state.thread.databaseId !== applied.databaseId) return;
    const threadId = state.thread?.id ?? null;
    if (threadId !== applied.threadId) update({ threadId });
  });

  const stopQuery = useQueryStore.subscribe((state, previous) => {
    const ran = previous.running;
    if (!applied || !ran || state.running || !state.result || state.result === previous.result) return;
    // Only a result that can be made again without changing anything is brought back by running it.
    if (state.result.databaseChanged || state.result.columns.length === 0) return;
    update({ lastRun: { sql: ran.sql, elapsedMs: state.result.elapsedMs, rowCount: state.result.rowCount } });
  });

  // A reload or a closed tab inside the typing pause lost the text. Written now, to IndexedDB (which finishes the
  // write when the page was only hidden) and to localStorage (which keeps it when the page is being unloaded).
  const stopWhenLeft = (options.whenLeft ?? whenPageIsLeft)(() => {
    flushText();
    for (const workspace of unsaved.values()) rescue.keep(workspace);
    if (applied) rescue.keep(applied);
    void writeUnsaved();
  });

  const follower: WorkspaceFollower = {
    settled: () => entering,
    stop() {
      stopWhenLeft();
      flushText();
      void writeUnsaved();
      stopDatabase();
      stopEditor();
      stopThread();
      stopQuery();
      if (latestFollower === follower) latestFollower = null;
    },
  };
  latestFollower = follower;
  return follower;
}

let latestFollower: WorkspaceFollower | null = null;

/**
 * Resolves once the open database's workspace is on screen: what is put on screen for a database just opened (a shared
 * session's trace) goes after it, or the workspace coming back would replace it.
 */
export function workspaceSettled(): Promise<void> {
  return latestFollower?.settled() ?? Promise.resolve();
}
