import { describe, expect, it } from "vitest";
import { atMostEvery } from "./progress-reports";

describe("progress reports thinned out", () => {
  it("passes the first, then one per window, and always the last", () => {
    let clock = 0;
    const seen: number[] = [];
    const report = atMostEvery(
      100,
      (done: number) => seen.push(done),
      (done) => done === 10,
      () => clock,
    );
    for (const [at, done] of [
      [0, 1],
      [40, 2],
      [99, 3],
      [100, 4],
      [150, 5],
      [260, 6],
      [270, 10],
    ] as const) {
      clock = at;
      report(done);
    }
    expect(seen).toEqual([1, 4, 6, 10]);
  });
});
