// The embed worker's replies are checked: a damaged one is an error with a message, never vectors of the wrong shape.
import { describe, expect, it } from "vitest";
import { checkedLoadResult, checkedVectors } from "./embedding-replies";

describe("embedding worker replies", () => {
  it("passes load results of the known shape and refuses others", () => {
    const ready = { ok: true, modelId: "tiny", dimensions: 64, device: "wasm", loadMs: 12 };
    expect(checkedLoadResult(ready)).toEqual(ready);
    const failed = { ok: false, message: "No model", model: "tiny", lookedIn: "./models/", reason: "missing" };
    expect(checkedLoadResult(failed)).toEqual(failed);
    expect(() => checkedLoadResult({ ok: true, modelId: "tiny" })).toThrow(/unreadable answer while loading the model/);
  });

  it("passes one vector per text of the model's length, and names what is wrong otherwise", () => {
    const vectors = [new Float32Array(4), new Float32Array(4)];
    expect(checkedVectors(vectors, 2, 4)).toBe(vectors);
    expect(() => checkedVectors(vectors, 3, 4)).toThrow("The embedding worker sent 2 vectors for 3 texts; the question is ranked without the model.");
    expect(() =>
      checkedVectors(
        [
          [0, 1],
          [1, 0],
        ],
        2,
      ),
    ).toThrow(/something other than vectors/);
    expect(() => checkedVectors(vectors, 2, 8)).toThrow(/a vector of 4 numbers where the model gives 8/);
    expect(() => checkedVectors(null, 1)).toThrow(/no list of vectors for 1 texts/);
  });
});
