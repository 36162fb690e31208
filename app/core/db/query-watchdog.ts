// A wall-clock limit that always holds: sql.js cannot interrupt a statement, so a query stuck inside one step (an
// endless recursive CTE under count(*)) is ended by ending the engine's thread and reopening the database.
import type { DatabaseSchema, Outcome, ReadOnlyResult } from "./types";
import { timeLimitMessage, type ReadOnlyDatabase, type ReadOnlyOptions } from "./read-only-query";

/** The default limit for a query run for the agent, the judge or a diagnosis (a setting in the page). */
export const DEFAULT_QUERY_TIME_LIMIT_MS = 10_000;

/**
 * Extra time the watchdog gives a query past its limit before ending the engine: the executor's own check between
 * rows stops a streaming query at the limit without losing the engine, so only a query stuck in one step costs a restart.
 */
export const WATCHDOG_GRACE_MS = 1_000;

/** A pending call on an engine that was ended rejects with this, so nobody waits for an answer that cannot come. */
export class EngineRestartedError extends Error {
  constructor(reason: string) {
    super(`The database engine was restarted (${reason}).`);
    this.name = "EngineRestartedError";
  }
}

/**
 * An engine that can be ended at once whatever it is doing (a web worker, a Node worker thread) and brought back
 * with the same database open. `restart` makes every pending call on the old engine reject with EngineRestartedError.
 */
export interface RestartableEngine<T> {
  readonly engine: T;
  restart(reason: string): Promise<void>;
  /**
   * A change the engine made that is not yet kept where a restart reopens the database from (its wait), or null. A
   * query is sent only after it: sent before, it would be queued ahead of the change's export, and a restart it caused
   * (its time limit, a Stop) would reopen the database without the change.
   */
  changeNotYetKept?(): Promise<void> | null;
}

/** Resolves with `wait`, or at once when the signal aborts (the caller then checks the signal). */
function untilOrAborted(wait: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return wait;
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      signal.removeEventListener("abort", done);
      resolve();
    };
    signal.addEventListener("abort", done, { once: true });
    void wait.then(done, done);
  });
}

export interface WatchOptions {
  /** Replaces the caller's own time limit (the agent's tools ask for their default; the person's setting wins). */
  limitMs?: number;
  /** Ends the call at once, mid-query included (Stop agent, a question's own time limit). */
  signal?: AbortSignal;
}

export interface GuardOptions<R> {
  limitMs: number;
  signal?: AbortSignal;
  /** The answer when the limit ends the call (the engine has been restarted by then). */
  onTimeout: (elapsedMs: number) => R;
}

/**
 * Watches the queries of one restartable engine. Views share it: a restart one view makes (a runaway query) ends the
 * others' pending calls too, and those are run again on the new engine (they only read, so running twice is safe).
 */
export class QueryWatchdog<T extends ReadOnlyDatabase> {
  private restarting: Promise<void> | null = null;
  /** Counts restarts, for tests and for the page's status line. */
  restarts = 0;

  constructor(
    private readonly host: RestartableEngine<T>,
    private readonly defaultLimitMs = DEFAULT_QUERY_TIME_LIMIT_MS,
  ) {}

  /** The engine as it is now (replaced by each restart). */
  get engine(): T {
    return this.host.engine;
  }

  /** Ends the engine and waits for it to come back; concurrent requests share one restart. */
  restart(reason: string): Promise<void> {
    if (!this.restarting) {
      this.restarts += 1;
      this.restarting = this.host.restart(reason).finally(() => {
        this.restarting = null;
      });
    }
    return this.restarting;
  }

  /** Waits out a restart in progress, so nothing is sent to an engine being replaced. */
  async ready(): Promise<void> {
    if (this.restarting) await this.restarting;
  }

  /**
   * Runs one call on the engine, bounded by the limit (plus grace) and by the signal: past the limit the engine is
   * restarted and `onTimeout` answers; on abort it is restarted and the abort reason is thrown.
   */
  async guard<R>(run: (engine: T) => Promise<R>, call: GuardOptions<R>): Promise<R> {
    const signal = call.signal;
    for (let attempt = 0; ; attempt += 1) {
      if (this.restarting) await this.restarting;
      const notYetKept = this.host.changeNotYetKept?.();
      if (notYetKept) await untilOrAborted(notYetKept, signal);
      signal?.throwIfAborted();
      const started = performance.now();
      let timer: ReturnType<typeof setTimeout> | undefined;
      let onAbort: (() => void) | undefined;
      const verdict = new Promise<"timeout" | "aborted">((resolve) => {
        timer = setTimeout(() => resolve("timeout"), call.limitMs + WATCHDOG_GRACE_MS);
        onAbort = () => resolve("aborted");
        signal?.addEventListener("abort", onAbort, { once: true });
      });
      try {
        const settled = await Promise.race([run(this.host.engine).then((value) => ({ value })), verdict]);
        if (typeof settled === "object") return settled.value;
        const elapsedMs = performance.now() - started;
        await this.restart(settled === "timeout" ? "a query ran past its time limit" : "the run was stopped");
        if (settled === "aborted") throw signal?.reason ?? new Error("stopped");
        return call.onTimeout(elapsedMs);
      } catch (error) {
        // Another view's restart ended this call; it did nothing wrong, so it runs again once on the new engine.
        if (error instanceof EngineRestartedError && attempt === 0) continue;
        throw error;
      } finally {
        clearTimeout(timer);
        if (onAbort) signal?.removeEventListener("abort", onAbort);
      }
    }
  }

  /**
   * The read-only surface for one user of the engine (the agent's run, a diagnosis): every query bounded by its
   * limit and by the signal. Schema reads wait out a restart but are not timed (the engine's own bounded work).
   */
  readOnlyView(options: WatchOptions = {}): ReadOnlyDatabase {
    return {
      schema: async (): Promise<DatabaseSchema> => {
        await this.ready();
        return this.host.engine.schema();
      },
      executeReadOnly: (sql: string, asked: ReadOnlyOptions): Promise<Outcome<ReadOnlyResult>> => {
        const limitMs = this.limitFor(options, asked.timeoutMs);
        return this.guard((engine) => engine.executeReadOnly(sql, { ...asked, timeoutMs: limitMs }), {
          limitMs,
          signal: options.signal,
          onTimeout: (elapsedMs) => ({ ok: false, error: { kind: "timeout", message: timeLimitMessage(limitMs, elapsedMs) } }),
        });
      },
    };
  }

  /** The view's own limit wins over what the caller asked; a caller that asked for none gets the default. */
  limitFor(options: WatchOptions, asked: number | undefined): number {
    return options.limitMs ?? asked ?? this.defaultLimitMs;
  }
}

/**
 * Wraps an engine's methods so that a call still pending when `ended` rejects rejects with it: a terminated worker
 * never answers, and without this its callers would wait forever. Works on comlink remotes (Reflect.apply calls
 * the remote's apply trap; a plain `.apply` would be read as a remote property).
 *
 * Not Promise.race([call, ended]): each race leaves a reaction on `ended`, which lives as long as the engine, and that
 * reaction holds the race's promise and so its answer, so every answer (a query's first page, a schema, a profile) was
 * kept until the worker was replaced. Here a call is forgotten when it settles.
 */
export function endableEngine<T extends object>(engine: T, ended: Promise<never>): T {
  const pending = new Set<(error: unknown) => void>();
  let endedWith: { error: unknown } | null = null;
  ended.catch((error: unknown) => {
    endedWith = { error };
    for (const reject of pending) reject(error);
    pending.clear();
  });
  return new Proxy(engine, {
    get(target, property) {
      // An ended engine's members are not even read: a released comlink proxy throws on any read ("then" too).
      if (endedWith) {
        if (property === "then") return undefined;
        const { error } = endedWith;
        return () => Promise.reject(error);
      }
      const member: unknown = Reflect.get(target, property);
      if (typeof member !== "function" || property === "then") return member;
      return (...args: unknown[]) => {
        // Not even sent to an engine that has ended: it would never answer, and its call would wait forever.
        if (endedWith) return Promise.reject(endedWith.error);
        const result: unknown = Reflect.apply(member, target, args);
        if (!(result instanceof Promise)) return result;
        return new Promise((resolve, reject) => {
          if (endedWith) {
            reject(endedWith.error);
            return;
          }
          pending.add(reject);
          result.then(
            (value: unknown) => {
              pending.delete(reject);
              resolve(value);
            },
            (error: unknown) => {
              pending.delete(reject);
              reject(error);
            },
          );
        });
      };
    },
  });
}

/** A promise that rejects with EngineRestartedError when `end` is called: one per engine generation. */
export function engineGeneration(): { ended: Promise<never>; end(reason: string): void } {
  let end: (reason: string) => void = () => undefined;
  const ended = new Promise<never>((_resolve, reject) => {
    end = (reason) => reject(new EngineRestartedError(reason));
  });
  return { ended, end };
}
