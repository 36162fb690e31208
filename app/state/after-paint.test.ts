import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { afterPaint } from "./after-paint";

describe("afterPaint", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("runs work asked for together after one frame, in order, with one frame callback", () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal("requestAnimationFrame", (callback: FrameRequestCallback) => frames.push(callback));
    const ran: string[] = [];
    afterPaint(() => ran.push("history"));
    afterPaint(() => ran.push("workspace"));
    expect(frames).toHaveLength(1);
    expect(ran).toEqual([]);
    frames[0]!(0);
    vi.advanceTimersByTime(0);
    expect(ran).toEqual(["history", "workspace"]);
    // The fallback timer of that frame finds nothing left to run.
    vi.advanceTimersByTime(100);
    expect(ran).toEqual(["history", "workspace"]);
  });

  it("runs after 100 ms where no frame comes (Node, a hidden tab), and a later request waits for its own frame", () => {
    const ran: string[] = [];
    afterPaint(() => ran.push("first"));
    vi.advanceTimersByTime(99);
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(ran).toEqual(["first"]);
    afterPaint(() => ran.push("second"));
    vi.advanceTimersByTime(100);
    expect(ran).toEqual(["first", "second"]);
  });

  it("keeps running the rest when one piece of work throws, and reports the error", () => {
    const reported = vi.fn();
    vi.stubGlobal("reportError", reported);
    const ran: string[] = [];
    afterPaint(() => {
      throw new Error("storage refused");
    });
    afterPaint(() => ran.push("after the failure"));
    vi.advanceTimersByTime(100);
    expect(ran).toEqual(["after the failure"]);
    expect(reported).toHaveBeenCalledWith(new Error("storage refused"));
  });
});
