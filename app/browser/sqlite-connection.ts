// Owns the SQLite worker: starts it, talks to it through comlink, and replaces it when a query must be stopped.
import * as Comlink from "comlink";
import type { DatabaseService } from "../core/database-service";
import { endableEngine, engineGeneration } from "../core/db/query-watchdog";
import { pagedQueryChannel, withPagedQueryChannel } from "./paged-query-channel";
import { withSchemaInParts } from "./schema-in-parts";
import { withCheckedReplies } from "./sqlite-replies";
import { sendSqliteWasm } from "./sqlite-wasm";
import { takeStartedWorker } from "./started-from-html";

export type RemoteEngine = Comlink.Remote<DatabaseService>;

/**
 * Why the worker stopped. `cannotStart`: it and the worker started before it both failed before answering anything (its
 * script or its code could not be loaded, say); replacing it again would fail again, in a loop, so it is not replaced
 * and every call rejects at once.
 */
export type WorkerFailureListener = (reason: string, cannotStart: boolean) => void;

/** Workers in a row that failed before answering anything, after which no new one is started (see WorkerFailureListener). */
const FAILED_STARTS_BEFORE_GIVING_UP = 2;

/** What the stores need of the page's SQLite connection; unit tests pass one over an in-process engine. */
export interface SqliteConnectionHandle {
  readonly engine: RemoteEngine;
  /** The worker, for the test hook; null when the engine runs in-process. */
  readonly currentWorker: Worker | null;
  onFailure(listener: WorkerFailureListener): void;
  terminate(): void;
  restart(): RemoteEngine;
}

/**
 * A proxy for the worker whose data-carrying replies are checked before anyone reads them, and whose pending calls
 * (executePaged's included) reject with EngineRestartedError when the worker is ended (a terminated worker never answers).
 */
function connect(worker: Worker, ended: Promise<never>): { remote: RemoteEngine; raw: RemoteEngine } {
  const raw = Comlink.wrap<DatabaseService>(worker);
  // The editor's runs take a message path of their own (paged-query-channel.ts); the rest goes through comlink.
  // The schema comes in parts (schema-in-parts.ts), so a large one is not one long task to receive.
  return { raw, remote: endableEngine(withPagedQueryChannel(withSchemaInParts(withCheckedReplies(raw)), pagedQueryChannel(worker)), ended) };
}

function startWorker(): Worker {
  // The page's first worker was started by index.html's start script, which also sends it the compiled WASM.
  const started = takeStartedWorker();
  if (started) return started;
  const worker = new Worker(new URL("../../workers/sqlite.worker.ts", import.meta.url), { type: "module", name: "sqlite" });
  sendSqliteWasm(worker);
  return worker;
}

/**
 * sql.js cannot interrupt a running statement from outside (no progress handler is exported), so stopping a
 * query means ending the worker and starting a fresh one; the caller reopens the last saved bytes.
 */
export class SqliteConnection implements SqliteConnectionHandle {
  private worker: Worker;
  private remote!: RemoteEngine;
  private raw!: RemoteEngine;
  private generation = engineGeneration();
  private failureListener: WorkerFailureListener | null = null;
  /** Workers in a row that failed before they answered anything. */
  private failedStarts = 0;
  /** Set once no worker could start (see WorkerFailureListener): no other is started, every call rejects. */
  private cannotStart = false;
  /** The current worker has been ended (its calls rejected, its proxy released): ended once only. */
  private workerEnded = false;

  constructor() {
    this.worker = startWorker();
    this.connectTo(this.worker);
  }

  private connectTo(worker: Worker): void {
    this.generation = engineGeneration();
    this.workerEnded = false;
    ({ remote: this.remote, raw: this.raw } = connect(worker, this.generation.ended));
    this.watch(worker);
  }

  /** Ends the current worker's calls (they reject) and the worker itself. */
  private end(reason: string): void {
    if (this.workerEnded) return;
    this.workerEnded = true;
    this.generation.end(reason);
    // Released once the engine's wrapper has seen the end (its reaction to it runs first): a call made before would
    // reach the released proxy, which throws instead of rejecting.
    const raw = this.raw;
    void Promise.resolve().then(() => raw[Comlink.releaseProxy]());
    this.worker.terminate();
  }

  get engine(): RemoteEngine {
    return this.remote;
  }

  /** The worker itself, for the test hook (tests dispatch its error event to exercise recovery). */
  get currentWorker(): Worker {
    return this.worker;
  }

  /** Called when the worker dies on its own (a crash, running out of memory, its code not loaded). */
  onFailure(listener: WorkerFailureListener): void {
    this.failureListener = listener;
  }

  private watch(worker: Worker): void {
    // Any message means the worker's code runs: the start script's answers, comlink's, a query's.
    let answered = false;
    worker.addEventListener("message", () => (answered = true), { once: true });
    worker.addEventListener("error", (event) => {
      event.preventDefault();
      if (worker !== this.worker) return;
      this.failedStarts = answered ? 0 : this.failedStarts + 1;
      const reason = event.message || "The SQLite worker failed to start.";
      this.cannotStart = this.failedStarts >= FAILED_STARTS_BEFORE_GIVING_UP;
      if (this.cannotStart) this.end(reason);
      this.failureListener?.(reason, this.cannotStart);
    });
  }

  /** Ends the worker for good (a benchmark database no longer needed). */
  terminate(): void {
    this.end("the database was closed");
  }

  /** Ends the worker at once, whatever it is doing, and starts a new one with no database open. */
  restart(): RemoteEngine {
    // The ended engine, whose calls reject with the reason: another worker would fail to start again.
    if (this.cannotStart) return this.remote;
    this.end("the SQLite worker was restarted");
    this.worker = startWorker();
    this.connectTo(this.worker);
    return this.remote;
  }
}
