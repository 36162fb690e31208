import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FIRST_SCREEN_WAIT_MS, showFirstScreen, type FirstScreenTiming } from "./first-screen";
import type { StartOpen } from "./started-from-html";

/** A store with a settled flag and listeners, a worker's open in a given state, and a render that counts its calls. */
function fakeStart(options: { open: StartOpen; settled?: boolean }) {
  let settled = options.settled ?? false;
  let open = options.open;
  const storeListeners = new Set<() => void>();
  const answerListeners = new Set<() => void>();
  const render = vi.fn();
  const timing: FirstScreenTiming = {
    render,
    settled: () => settled,
    onChange: (listener) => {
      storeListeners.add(listener);
      return () => storeListeners.delete(listener);
    },
    workerOpen: () => open,
    onWorkerAnswer: (listener) => {
      answerListeners.add(listener);
      return () => answerListeners.delete(listener);
    },
    nextTask: () => Promise.resolve(),
  };
  return {
    timing,
    render,
    /** The store changes, settling the start or not. */
    change(nowSettled: boolean) {
      settled = nowSettled;
      for (const listener of [...storeListeners]) listener();
    },
    /** The worker's answer arrives: the database open in it ("answered") or not ("none"). */
    answer(state: StartOpen) {
      open = state;
      for (const listener of [...answerListeners]) listener();
    },
    listenerCount: () => storeListeners.size + answerListeners.size,
  };
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

  it("draws at once when no answer of the worker's is near (a slow line: the first screen is not held back)", async () => {
    const start = fakeStart({ open: "none" });
    const shown = showFirstScreen(start.timing);
    await flush();
    expect(start.render).toHaveBeenCalledTimes(1);
    await shown;
    expect(start.listenerCount()).toBe(0);
  });

  it("waits for the store to open a database its worker has answered for, then draws once", async () => {
    const start = fakeStart({ open: "answered" });
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

  it("waits through the worker's answer when it is near, and draws once the store has opened the database", async () => {
    const start = fakeStart({ open: "near" });
    const shown = showFirstScreen(start.timing);
    await vi.advanceTimersByTimeAsync(20);
    start.answer("answered");
    await vi.advanceTimersByTimeAsync(5);
    expect(start.render).not.toHaveBeenCalled();
    start.change(true);
    await shown;
    expect(start.render).toHaveBeenCalledTimes(1);
  });

  it("draws as soon as a near answer arrives without the database open (the store then opens it itself, slowly)", async () => {
    const start = fakeStart({ open: "near" });
    const shown = showFirstScreen(start.timing);
    await vi.advanceTimersByTimeAsync(20);
    expect(start.render).not.toHaveBeenCalled();
    start.answer("none");
    await shown;
    expect(start.render).toHaveBeenCalledTimes(1);
    expect(start.listenerCount()).toBe(0);
  });

  it("draws after FIRST_SCREEN_WAIT_MS when the store has not settled by then", async () => {
    const start = fakeStart({ open: "answered" });
    const shown = showFirstScreen(start.timing);
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_WAIT_MS - 1);
    expect(start.render).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await shown;
    expect(start.render).toHaveBeenCalledTimes(1);
    expect(start.listenerCount()).toBe(0);
  });

  it("draws at once when the start has already settled", async () => {
    const start = fakeStart({ open: "answered", settled: true });
    await showFirstScreen(start.timing);
    expect(start.render).toHaveBeenCalledTimes(1);
  });

  it("lets queued tasks run before it decides: the worker's answer is taken in one", async () => {
    let open: StartOpen = "none";
    const start = fakeStart({ open: "none" });
    const timing = { ...start.timing, workerOpen: () => open, nextTask: () => Promise.resolve().then(() => void (open = "answered")) };
    const shown = showFirstScreen(timing);
    await flush();
    expect(start.render).not.toHaveBeenCalled();
    start.change(true);
    await shown;
    expect(start.render).toHaveBeenCalledTimes(1);
  });
});
