// The value index of the open database where the database is (the SQLite worker): built or reloaded there, asked per question, dropped when the content changes.
// The index's code (builder, snapshot format, matching, language data) is imported when the first build or reload
// starts, so it is no part of the worker's start: the index is built after the database is open.
import { errorMessage } from "../error-message";
import { atMostEvery, PROGRESS_EVERY_MS } from "../progress-reports";
import { yieldToEvents } from "../yield-to-events";
import type { ReadOnlyDatabase } from "../db/read-only-query";
import type { Language } from "./language";
import type { ValueIndex, ValueMatch } from "./value-index";
import type { ValueLimits, ValueReadProgress } from "./value-stream";
import { CHANGED_WHILE_INDEXING, type ValueIndexOutcome } from "./value-index-outcome";

export type { ValueIndexOutcome };

interface HostDatabase extends ReadOnlyDatabase {
  contentKey(): Promise<string>;
}

interface Ready {
  contentKey: string;
  index: ValueIndex;
  columnCount: number;
  truncated: boolean;
}

/**
 * One index at a time, for one content key. A build in progress is shared by callers asking for the same content,
 * and stopped by `invalidate` (a write, another database): its next chunk sees the signal and gives up.
 */
export class ValueIndexHost {
  private ready: Ready | null = null;
  private job: { contentKey: string; controller: AbortController; outcome: Promise<ValueIndexOutcome> } | null = null;

  constructor(
    private readonly database: HostDatabase,
    private readonly limits: Partial<ValueLimits> = {},
  ) {}

  /** Builds the index of what is open now (or returns the one built already); the outcome carries the snapshot to keep. */
  async build(onProgress?: (progress: ValueReadProgress) => void): Promise<ValueIndexOutcome> {
    const contentKey = await this.database.contentKey();
    if (this.ready?.contentKey === contentKey) return this.readyOutcome(this.ready, 0, null);
    return this.run(contentKey, async (signal) => {
      const [{ buildValueIndex }, { valueSnapshotParts }] = await Promise.all([import("./value-index-builder"), import("./value-snapshot")]);
      const schema = await this.database.schema();
      // Reported per chunk and per table by the reading; the page needs no more than a progress bar's worth.
      const reported = onProgress && atMostEvery(PROGRESS_EVERY_MS, onProgress, (progress) => progress.tablesDone === progress.tables);
      const built = await buildValueIndex(this.database, schema, { limits: this.limits, signal, onProgress: reported });
      const ready = { contentKey, index: built.index, columnCount: built.columns.length, truncated: built.truncated };
      // Encoded a part at a time, with the same pause as the reading between parts, so a query waits for one part.
      const parts: Uint8Array<ArrayBuffer>[] = [];
      for (const part of valueSnapshotParts(built)) {
        parts.push(part);
        await yieldToEvents();
      }
      return { ready, snapshot: new Blob(parts) };
    });
  }

  /** Rebuilds the index from a kept snapshot of this content, without reading the database. */
  async load(contentKey: string, snapshot: Blob): Promise<ValueIndexOutcome> {
    if ((await this.database.contentKey()) !== contentKey) return { ok: false, cancelled: true, message: CHANGED_WHILE_INDEXING };
    if (this.ready?.contentKey === contentKey) return this.readyOutcome(this.ready, 0, null);
    return this.run(contentKey, async (signal) => {
      const [{ indexFromColumns }, { decodeValueSnapshot }] = await Promise.all([import("./value-index-builder"), import("./value-snapshot")]);
      const contents = decodeValueSnapshot(await snapshot.arrayBuffer());
      const index = await indexFromColumns(contents.columns, { signal });
      return { ready: { contentKey, index, columnCount: contents.columns.length, truncated: contents.truncated }, snapshot: null };
    });
  }

  /** The question's value matches, or null when no index of this content is here (a restarted worker, a changed database). */
  match(contentKey: string, question: string, language?: Language | null): ValueMatch[] | null {
    return this.ready?.contentKey === contentKey ? this.ready.index.match(question, language) : null;
  }

  /** The content changed: stop a build in progress and forget the index. */
  invalidate(): void {
    this.job?.controller.abort(CHANGED_WHILE_INDEXING);
    this.job = null;
    this.ready = null;
  }

  private readyOutcome(ready: Ready, elapsedMs: number, snapshot: Blob | null): ValueIndexOutcome {
    return {
      ok: true,
      contentKey: ready.contentKey,
      valueCount: ready.index.valueCount,
      columnCount: ready.columnCount,
      truncated: ready.truncated,
      elapsedMs,
      snapshot,
    };
  }

  private run(contentKey: string, work: (signal: AbortSignal) => Promise<{ ready: Ready; snapshot: Blob | null }>): Promise<ValueIndexOutcome> {
    if (this.job?.contentKey === contentKey) return this.job.outcome;
    this.job?.controller.abort(CHANGED_WHILE_INDEXING);
    const controller = new AbortController();
    const started = performance.now();
    const outcome = (async (): Promise<ValueIndexOutcome> => {
      try {
        const { ready, snapshot } = await work(controller.signal);
        // A write between the last chunk and here would have aborted; checked again in case it came with no chunk left.
        if (controller.signal.aborted || (await this.database.contentKey()) !== contentKey)
          return { ok: false, cancelled: true, message: CHANGED_WHILE_INDEXING };
        this.ready = ready;
        return this.readyOutcome(ready, performance.now() - started, snapshot);
      } catch (error) {
        // By name, not instanceof: the builder's module loads on demand, and when that import is what failed, importing it
        // again here would throw out of this catch and lose the reason.
        if (error instanceof Error && error.name === "ValueIndexingCancelled") return { ok: false, cancelled: true, message: error.message };
        return { ok: false, cancelled: false, message: errorMessage(error) };
      } finally {
        if (this.job?.controller === controller) this.job = null;
      }
    })();
    this.job = { contentKey, controller, outcome };
    return outcome;
  }
}
