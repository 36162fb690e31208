import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FIRST_SCREEN_WAIT_MS, showFirstScreen, type FirstScreenTiming } from "./first-screen";

/** A store with a settled flag and listeners, and a render that counts its calls. */
function fakeStart(options: { answered: boolean; settled?: boolean }) {
  let settled = options.settled ?? false;
  const listeners = new Set<() => void>();
  const render = vi.fn();
  const timing: FirstScreenTiming = {
    render,
    settled: () => settled,
    onChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    workerAnswered: () => options.answered,
    nextTask: () => Promise.resolve(),
  };
  const change = (nowSettled: boolean) => {
    settled = nowSettled;
    for (const listener of [...listeners]) listener();
  };
  return { timing, render, change, listenerCount: () => listeners.size };
}

/** Lets the awaited promises inside showFirstScreen move on. */
const flush = () => vi.advanceTimersByTimeAsync(0);

describe("showFirstScreen", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("draws at once when the worker has not answered (a slow line: the first screen is not held back)", async () => {
    const start = fakeStart({ answered: false });
    const shown = showFirstScreen(start.timing);
    await flush();
    expect(start.render).toHaveBeenCalledTimes(1);
    await shown;
    expect(start.listenerCount()).toBe(0);
  });

  it("waits for the store to open a database its worker has answered for, then draws once", async () => {
    const start = fakeStart({ answered: true });
    const shown = showFirstScreen(start.timing);
    await flush();
    start.change(false); // a change that does not settle the start (the sample list, the database chosen)
    await vi.advanceTimersByTimeAsync(10);
    expect(start.render).not.toHaveBeenCalled();
    start.change(true);
    await shown;
    expect(start.render).toHaveBeenCalledTimes(1);
    expect(start.listenerCount()).toBe(0);
    start.change(true);
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_WAIT_MS * 2);
    expect(start.render).toHaveBeenCalledTimes(1);
  });

  it("draws after FIRST_SCREEN_WAIT_MS when the store has not settled by then", async () => {
    const start = fakeStart({ answered: true });
    const shown = showFirstScreen(start.timing);
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_WAIT_MS - 1);
    expect(start.render).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await shown;
    expect(start.render).toHaveBeenCalledTimes(1);
    expect(start.listenerCount()).toBe(0);
  });

  it("draws at once when the start has already settled", async () => {
    const start = fakeStart({ answered: true, settled: true });
    await showFirstScreen(start.timing);
    expect(start.render).toHaveBeenCalledTimes(1);
  });

  it("lets queued tasks run before it decides: the worker's answer is taken in one", async () => {
    let answered = false;
    const start = fakeStart({ answered: false });
    const timing = { ...start.timing, workerAnswered: () => answered, nextTask: () => Promise.resolve().then(() => void (answered = true)) };
    const shown = showFirstScreen(timing);
    await flush();
    expect(start.render).not.toHaveBeenCalled();
    start.change(true);
    await shown;
    expect(start.render).toHaveBeenCalledTimes(1);
  });
});
