// What building or reloading the value index answers, and its one message of its own: apart from the index's host
// (value-index-host.ts), which the database service loads with its first use, so the service can answer without it.

export type ValueIndexOutcome =
  | {
      ok: true;
      contentKey: string;
      valueCount: number;
      columnCount: number;
      truncated: boolean;
      /** Time the build or reload took in the worker, in ms (0 when the index was there already). */
      elapsedMs: number;
      /**
       * The index to keep (a fresh build only), as a Blob: it crosses to the page and into IndexedDB as a handle, so
       * the page's thread never copies or serializes its bytes. Null when it came from a snapshot or was there already.
       */
      snapshot: Blob | null;
    }
  | { ok: false; cancelled: boolean; message: string };

export const CHANGED_WHILE_INDEXING = "The database changed while its values were being indexed.";
