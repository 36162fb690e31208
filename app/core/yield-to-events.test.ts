// Work in steps: run at once, or paced so that queued events run between its steps once the time has come.
import { describe, expect, it } from "vitest";
import { Pacer, runToEnd } from "./yield-to-events";

function* countTo(steps: number, trail: string[]): Generator<void, number> {
  for (let step = 1; step <= steps; step += 1) {
    trail.push(`step ${step}`);
    yield;
  }
  return steps;
}

/** Queues an event that notes itself in the trail, as a key press or a worker's reply would be queued. */
function queueEvent(trail: string[], name: string): void {
  setImmediate(() => trail.push(name));
}

describe("runToEnd", () => {
  it("runs every step at once and returns the work's value", () => {
    const trail: string[] = [];
    queueEvent(trail, "event");
    expect(runToEnd(countTo(3, trail))).toBe(3);
    expect(trail).toEqual(["step 1", "step 2", "step 3"]);
  });
});

describe("Pacer", () => {
  it("lets queued events run between the steps once its time has come", async () => {
    const trail: string[] = [];
    queueEvent(trail, "event");
    expect(await new Pacer(0).run(countTo(3, trail))).toBe(3);
    expect(trail.indexOf("event")).toBeGreaterThan(0);
    expect(trail.indexOf("event")).toBeLessThan(trail.length - 1);
  });

  it("does not pause before its time", async () => {
    const trail: string[] = [];
    queueEvent(trail, "event");
    await new Pacer(60_000).run(countTo(3, trail));
    expect(trail).toEqual(["step 1", "step 2", "step 3"]);
  });

  it("counts the time before a step toward its pause: one pacer across the steps of one piece of work", async () => {
    const pacer = new Pacer(20);
    const busyUntil = performance.now() + 25;
    while (performance.now() < busyUntil) {
      // Work done before the steps, on the same pacer.
    }
    const trail: string[] = [];
    queueEvent(trail, "event");
    await pacer.run(countTo(1, trail));
    expect(trail).toEqual(["step 1", "event"]);
  });
});
