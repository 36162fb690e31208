// The watchdog's rules with a scripted engine: which calls are ended, which are run again, what the caller sees.
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it, vi } from "vitest";
import { EngineRestartedError, QueryWatchdog, WATCHDOG_GRACE_MS, endableEngine, engineGeneration, type RestartableEngine } from "./query-watchdog";
import type { ReadOnlyDatabase } from "./read-only-query";
import type { DatabaseSchema, Outcome, ReadOnlyResult } from "./types";

/** An engine whose queries named "hang" never answer, like sql.js inside one endless step; the rest answer at once. */
function scriptedHost(): RestartableEngine<ReadOnlyDatabase> & { restarts: string[]; sent: string[] } {
  const sent: string[] = [];
  const restarts: string[] = [];
  let generation = engineGeneration();
  const make = (): ReadOnlyDatabase =>
    endableEngine<ReadOnlyDatabase>(
      {
        schema: async (): Promise<DatabaseSchema> => ({ tables: [] }) as unknown as DatabaseSchema,
        executeReadOnly: (sql): Promise<Outcome<ReadOnlyResult>> => {
          sent.push(sql);
          if (sql === "hang" || (sql === "hang-once" && sent.filter((earlier) => earlier === sql).length === 1)) return new Promise(() => undefined);
          return Promise.resolve({ ok: true, columns: ["x"], rows: [[sql]], rowCount: 1, elapsedMs: 0 });
        },
      },
      generation.ended,
    );
  let engine = make();
  return {
    sent,
    restarts,
    get engine() {
      return engine;
    },
    async restart(reason) {
      restarts.push(reason);
      generation.end(reason);
      generation = engineGeneration();
      engine = make();
    },
  };
}

describe("QueryWatchdog", () => {
  it("answers a query that finishes, without a restart", async () => {
    const host = scriptedHost();
    const view = new QueryWatchdog(host, 1_000).readOnlyView();
    expect(await view.executeReadOnly("quick", { maxRows: 1 })).toMatchObject({ ok: true, rows: [["quick"]] });
    expect(host.restarts).toEqual([]);
  });

  it("restarts the engine past the limit plus grace and answers with a timeout the model can read", async () => {
    vi.useFakeTimers();
    try {
      const host = scriptedHost();
      const view = new QueryWatchdog(host, 2_000).readOnlyView();
      const pending = view.executeReadOnly("hang", { maxRows: 1 });
      await vi.advanceTimersByTimeAsync(2_000 + WATCHDOG_GRACE_MS - 1);
      expect(host.restarts).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      const outcome = await pending;
      expect(outcome).toMatchObject({ ok: false, error: { kind: "timeout" } });
      expect(!outcome.ok && outcome.error.message).toContain("the query ran past the 2 s time limit");
      expect(host.restarts).toEqual(["a query ran past its time limit"]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("lets a view's own limit replace the one the caller asked for", async () => {
    vi.useFakeTimers();
    try {
      const host = scriptedHost();
      const view = new QueryWatchdog(host, 10_000).readOnlyView({ limitMs: 500 });
      const pending = view.executeReadOnly("hang", { maxRows: 1, timeoutMs: 60_000 });
      await vi.advanceTimersByTimeAsync(500 + WATCHDOG_GRACE_MS);
      expect(await pending).toMatchObject({ ok: false, error: { kind: "timeout" } });
    } finally {
      vi.useRealTimers();
    }
  });

  it("ends a query at once on the signal, restarting the engine, and throws the signal's reason", async () => {
    const host = scriptedHost();
    const controller = new AbortController();
    const view = new QueryWatchdog(host, 60_000).readOnlyView({ signal: controller.signal });
    const pending = view.executeReadOnly("hang", { maxRows: 1 });
    controller.abort(new Error("Stop agent"));
    await expect(pending).rejects.toThrow("Stop agent");
    expect(host.restarts).toEqual(["the run was stopped"]);
    // An already-stopped view sends nothing more.
    await expect(view.executeReadOnly("quick", { maxRows: 1 })).rejects.toThrow("Stop agent");
    expect(host.sent).toEqual(["hang"]);
  });

  it("runs again once, on the new engine, a call that another view's restart ended", async () => {
    const host = scriptedHost();
    const watchdog = new QueryWatchdog(host, 60_000);
    const controller = new AbortController();
    // The other caller's query is pending on the old engine (queued behind the runaway) when the stopped view restarts it.
    const stopped = watchdog.readOnlyView({ signal: controller.signal }).executeReadOnly("hang", { maxRows: 1 });
    const innocent = watchdog.readOnlyView().executeReadOnly("hang-once", { maxRows: 1 });
    controller.abort(new Error("stopped"));
    await expect(stopped).rejects.toThrow("stopped");
    expect(await innocent).toMatchObject({ ok: true, rows: [["hang-once"]] });
    expect(host.sent.filter((sql) => sql === "hang-once")).toHaveLength(2);
    expect(host.restarts).toHaveLength(1);
  });

  it("sends a query only once the change before it is kept, so a restart it causes cannot reopen the database without it", async () => {
    const host = scriptedHost();
    let keep: () => void = () => undefined;
    let notYetKept: Promise<void> | null = new Promise<void>((resolve) => (keep = resolve));
    host.changeNotYetKept = () => notYetKept;
    const pending = new QueryWatchdog(host, 60_000).readOnlyView().executeReadOnly("after the change", { maxRows: 1 });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(host.sent).toEqual([]);
    notYetKept = null;
    keep();
    expect(await pending).toMatchObject({ ok: true, rows: [["after the change"]] });
    expect(host.sent).toEqual(["after the change"]);
  });

  it("stops a query that waits for a change to be kept without sending it or restarting the engine", async () => {
    const host = scriptedHost();
    host.changeNotYetKept = () => new Promise<void>(() => undefined);
    const controller = new AbortController();
    const pending = new QueryWatchdog(host, 60_000).readOnlyView({ signal: controller.signal }).executeReadOnly("never sent", { maxRows: 1 });
    await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort(new Error("Stop agent"));
    await expect(pending).rejects.toThrow("Stop agent");
    expect(host.sent).toEqual([]);
    expect(host.restarts).toEqual([]);
  });

  it("shares one restart between callers that ask at the same time", async () => {
    const host = scriptedHost();
    const watchdog = new QueryWatchdog(host);
    await Promise.all([watchdog.restart("a"), watchdog.restart("b")]);
    expect(host.restarts).toEqual(["a"]);
    expect(watchdog.restarts).toBe(1);
  });
});

describe("endableEngine", () => {
  it("rejects a pending call when its engine ends, and leaves finished calls alone", async () => {
    const generation = engineGeneration();
    const engine = endableEngine({ slow: () => new Promise<number>(() => undefined), quick: async () => 1, name: "engine" }, generation.ended);
    expect(await engine.quick()).toBe(1);
    expect(engine.name).toBe("engine");
    const pending = engine.slow();
    generation.end("terminated");
    await expect(pending).rejects.toBeInstanceOf(EngineRestartedError);
    await expect(engine.quick()).rejects.toBeInstanceOf(EngineRestartedError);
  });

  it("does not read an ended engine's members: a released comlink proxy throws on any read, and the call must reject", async () => {
    const generation = engineGeneration();
    let released = false;
    const remote = new Proxy({} as { open(): Promise<string> }, {
      get() {
        if (released) throw new Error("Proxy has been released and is not useable");
        return async () => "opened";
      },
    });
    const engine = endableEngine(remote, generation.ended);
    expect(await engine.open()).toBe("opened");
    generation.end("it could not start");
    await Promise.resolve();
    released = true;
    await expect(engine.open()).rejects.toBeInstanceOf(EngineRestartedError);
    expect((engine as unknown as { then?: unknown }).then).toBeUndefined();
  });

  it("keeps no answer once its call has settled (Promise.race with the engine's end kept every one)", async () => {
    setFlagsFromString("--expose-gc");
    const collectGarbage = runInNewContext("gc") as () => void;
    const generation = engineGeneration();
    const engine = endableEngine({ answer: async () => ({ rows: new Array(1000).fill("row") }) }, generation.ended);
    // Nothing here holds the answer but the WeakRef.
    const kept = new WeakRef(await engine.answer());
    // A WeakRef holds its target until the current job ends.
    await new Promise((resolve) => setTimeout(resolve, 0));
    collectGarbage();
    expect(kept.deref()).toBeUndefined();
  });
});
