import { describe, expect, it } from "vitest";
import { unmatchedRows } from "./result-diff";

describe("unmatchedRows", () => {
  it("marks rows missing from the other side, counting duplicates", () => {
    expect(
      unmatchedRows(
        [
          [1, "a"],
          [2, "b"],
          [2, "b"],
        ],
        [
          [2, "b"],
          [1, "a"],
        ],
      ),
    ).toEqual([false, false, true]);
    expect(unmatchedRows([[1], [3]], [[1], [2]])).toEqual([false, true]);
    expect(unmatchedRows([[null]], [[null]])).toEqual([false]);
    expect(unmatchedRows([[1]], [[1.0]])).toEqual([false]);
    expect(unmatchedRows([["1"]], [[1]])).toEqual([true]);
  });
});
