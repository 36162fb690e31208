// The open database's value index: built in the SQLite worker (streamed) or brought back from IndexedDB, its state for the status line, and the matcher the pruner asks.
import { create } from "zustand";
import { errorMessage } from "../core/error-message";
import type { ValueMatcher } from "../core/schema/value-index";
import type { ValueIndexOutcome } from "../core/schema/value-index-outcome";
import { valueSnapshotKey } from "../core/schema/value-snapshot";
import { queryLabStorage, sqliteConnection } from "../browser/services";
import { indexValuesIn } from "../browser/value-index-calls";
import { shippedValueIndexSnapshot } from "../browser/shipped-sample-context";
import { useDatabaseStore } from "./database-store";
import { afterStartup } from "./descriptions-store";
import { openSampleFile } from "./open-sample-file";

export type ValueIndexStatus =
  | { state: "idle" }
  | { state: "reading" }
  | { state: "indexing"; values: number; tablesDone: number; tables: number }
  | { state: "ready"; contentKey: string; valueCount: number; truncated: boolean; source: "built" | "kept" | "shipped"; elapsedMs: number }
  | { state: "failed"; message: string };

interface ValueIndexState {
  status: ValueIndexStatus;
}

export const useValueIndexStore = create<ValueIndexState>(() => ({ status: { state: "idle" } }));

/** A build cancelled because the database changed is started again for the new content, at most this often per call. */
const ATTEMPTS = 3;

type Ready = Extract<ValueIndexStatus, { state: "ready" }>;
interface InFlight {
  contentKey: string;
  done: Promise<Ready | null>;
}
/** The run for the content asked for last; an older run finishing later leaves the status alone. */
let inFlight: InFlight | null = null;

function setStatus(status: ValueIndexStatus): void {
  useValueIndexStore.setState({ status });
}

/** Whether the index of this content may be kept: keys with "~" name content after writes in this session, which no later open asks for. */
function keepable(contentKey: string): boolean {
  return useDatabaseStore.getState().storageAvailable && !contentKey.includes("~");
}

async function keptSnapshot(contentKey: string): Promise<Blob | null> {
  if (!keepable(contentKey)) return null;
  return queryLabStorage()
    .loadValueIndex(valueSnapshotKey(contentKey))
    .catch(() => null);
}

/** One attempt for this content: the index kept in this browser, else the build's of an unchanged bundled sample, when the worker accepts it; else a build in the worker. */
async function indexContent(contentKey: string): Promise<ValueIndexOutcome & { source: "built" | "kept" | "shipped" }> {
  const engine = sqliteConnection().engine;
  setStatus({ state: "reading" });
  // Kept in this browser, else the build's of a bundled sample as shipped (its snapshot named by this content's key).
  const kept = await keptSnapshot(contentKey);
  const sampleFile = kept ? null : await openSampleFile();
  const shipped = sampleFile ? await shippedValueIndexSnapshot(sampleFile, contentKey) : null;
  const snapshot = kept ?? shipped;
  if (snapshot) {
    // A Blob crosses to the worker as a handle: the worker reads its bytes, this thread never does.
    const loaded = await engine.loadValueIndex(contentKey, snapshot);
    // A damaged or outdated snapshot is rebuilt from the database; a changed database is the caller's to retry.
    if (loaded.ok || loaded.cancelled) return { ...loaded, source: kept ? "kept" : "shipped" };
  }
  setStatus({ state: "indexing", values: 0, tablesDone: 0, tables: 0 });
  const built = await indexValuesIn(engine, (progress) => {
    if (inFlight?.contentKey === contentKey) setStatus({ state: "indexing", ...progress });
  });
  if (built.ok && built.snapshot && keepable(built.contentKey)) {
    await queryLabStorage()
      .saveValueIndex(valueSnapshotKey(built.contentKey), built.snapshot)
      .catch(() => undefined);
  }
  return { ...built, source: "built" };
}

async function indexAndSettle(run: InFlight): Promise<Ready | null> {
  // Timed here, not in the worker: reading a kept index from IndexedDB and moving it are part of what a person waits for.
  const started = performance.now();
  try {
    const outcome = await indexContent(run.contentKey);
    if (outcome.ok) {
      const ready: Ready = {
        state: "ready",
        contentKey: run.contentKey,
        valueCount: outcome.valueCount,
        truncated: outcome.truncated,
        source: outcome.source,
        elapsedMs: performance.now() - started,
      };
      if (inFlight === run) setStatus(ready);
      return ready;
    }
    if (!outcome.cancelled && inFlight === run) setStatus({ state: "failed", message: outcome.message });
    return null;
  } catch (error) {
    if (inFlight === run) setStatus({ state: "failed", message: errorMessage(error) });
    return null;
  } finally {
    if (inFlight === run) inFlight = null;
  }
}

/**
 * Makes sure the worker holds the index of what is open now and resolves to it; null when values cannot be indexed
 * (pruning then goes by names and descriptions). Callers asking for the same content share one run.
 */
export async function ensureValueIndex(): Promise<Ready | null> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const contentKey = await sqliteConnection().engine.contentKey();
    const status = useValueIndexStore.getState().status;
    if (status.state === "ready" && status.contentKey === contentKey) return status;
    if (inFlight?.contentKey !== contentKey) {
      const run: InFlight = { contentKey, done: Promise.resolve(null) };
      inFlight = run;
      run.done = indexAndSettle(run);
    }
    const ready = await inFlight.done;
    if (ready) return ready;
    if (useValueIndexStore.getState().status.state === "failed") return null;
    // Cancelled: the database changed meanwhile; go again for what is open now.
  }
  return null;
}

/**
 * What the pruner asks: the worker matches against the index of `contentKey`. When the worker has lost it (restarted
 * after a Stop, which reopens the same bytes) it is brought back first; when the content changed, this pruner is
 * stale anyway and gets no matches.
 */
export function workerValueMatcher(ready: Ready): ValueMatcher {
  return {
    valueCount: ready.valueCount,
    // The language the retriever told from the question and the schema goes along, so the worker weighs words as it would.
    async match(question, language) {
      const engine = sqliteConnection().engine;
      const matches = await engine.matchValues(ready.contentKey, question, language ?? null);
      if (matches) return matches;
      // The worker no longer has it: the status must not say ready, or bringing it back would stop there.
      const current = useValueIndexStore.getState().status;
      if (current.state === "ready" && current.contentKey === ready.contentKey) setStatus({ state: "idle" });
      const again = await ensureValueIndex();
      return again?.contentKey === ready.contentKey ? ((await engine.matchValues(again.contentKey, question, language ?? null)) ?? []) : [];
    },
  };
}

let following = false;
/** Indexes each database once the page has started, so the first question does not wait for it; called once by the status line. */
export function followValueIndex(): void {
  if (following) return;
  following = true;
  const follow = async () => {
    if (!useDatabaseStore.getState().schema) return;
    await afterStartup();
    await ensureValueIndex();
  };
  void follow();
  useDatabaseStore.subscribe((state, previous) => {
    if (state.schema !== previous.schema || state.current?.id !== previous.current?.id) void follow();
  });
}
