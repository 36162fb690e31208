// Owns the SQLite worker: starts it, talks to it through comlink, and replaces it when a query must be stopped.
import * as Comlink from "comlink";
import type { DatabaseService } from "../core/database-service";
import { withCheckedReplies } from "./sqlite-replies";

export type RemoteEngine = Comlink.Remote<DatabaseService>;

/** What the stores need of the page's SQLite connection; unit tests pass one over an in-process engine. */
export interface SqliteConnectionHandle {
  readonly engine: RemoteEngine;
  /** The worker, for the test hook; null when the engine runs in-process. */
  readonly currentWorker: Worker | null;
  onFailure(listener: (message: string) => void): void;
  terminate(): void;
  restart(): RemoteEngine;
}

/** A proxy for the worker whose data-carrying replies are checked before anyone reads them. */
function connect(worker: Worker): RemoteEngine {
  return withCheckedReplies(Comlink.wrap<DatabaseService>(worker));
}

function startWorker(): Worker {
  return new Worker(new URL("../../workers/sqlite.worker.ts", import.meta.url), { type: "module", name: "sqlite" });
}

/**
 * sql.js cannot interrupt a running statement from outside (no progress handler is exported), so stopping a
 * query means ending the worker and starting a fresh one; the caller reopens the last saved bytes.
 */
export class SqliteConnection implements SqliteConnectionHandle {
  private worker: Worker;
  private remote: RemoteEngine;
  private failureListener: ((message: string) => void) | null = null;

  constructor() {
    this.worker = startWorker();
    this.remote = connect(this.worker);
    this.watch(this.worker);
  }

  get engine(): RemoteEngine {
    return this.remote;
  }

  /** The worker itself, for the test hook (tests dispatch its error event to exercise recovery). */
  get currentWorker(): Worker {
    return this.worker;
  }

  /** Called when the worker dies on its own (a crash, or running out of memory). */
  onFailure(listener: (message: string) => void): void {
    this.failureListener = listener;
  }

  private watch(worker: Worker): void {
    worker.addEventListener("error", (event) => {
      event.preventDefault();
      this.failureListener?.(event.message || "The SQLite worker failed to start.");
    });
  }

  /** Ends the worker for good (a benchmark database no longer needed). */
  terminate(): void {
    this.remote[Comlink.releaseProxy]();
    this.worker.terminate();
  }

  /** Ends the worker at once, whatever it is doing, and starts a new one with no database open. */
  restart(): RemoteEngine {
    this.remote[Comlink.releaseProxy]();
    this.worker.terminate();
    this.worker = startWorker();
    this.remote = connect(this.worker);
    this.watch(this.worker);
    return this.remote;
  }
}
