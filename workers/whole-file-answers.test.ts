import { describe, expect, it } from "vitest";
import { WholeFileAnswer, type RangeSource } from "../app/core/db/lazy-file";
import { wholeFileAnswers } from "./whole-file-answers";

const URL_A = "https://querylab.example/a.sqlite";
const URL_B = "https://querylab.example/b.sqlite";

/** A source over `file` that, like a server ignoring ranges, answers every read with all of it when `whole` is set. */
function source(file: Uint8Array, whole: boolean): RangeSource {
  return {
    label: "test file",
    sizeBytes: file.byteLength,
    read(start, end) {
      if (whole) throw new WholeFileAnswer(file, "200 with the whole file");
      return file.slice(start, end);
    },
  };
}

const settled = async <T>(promise: Promise<T>): Promise<T | "pending"> =>
  Promise.race([promise, new Promise<"pending">((resolve) => setTimeout(() => resolve("pending"), 10))]);

describe("whole-file answers to range reads", () => {
  it("passes reads through, and hands a whole-file answer to the waits for that URL only, still failing the read", async () => {
    const file = new Uint8Array([1, 2, 3, 4, 5, 6]);
    const answers = wholeFileAnswers();
    const forA = answers.awaiting(URL_A);
    const forB = answers.awaiting(URL_B);
    const ranges = answers.noting(URL_A, source(file, false));
    expect(ranges.label).toBe("test file");
    expect(ranges.sizeBytes).toBe(6);
    expect([...ranges.read(1, 3)]).toEqual([2, 3]);
    expect(await settled(forA.bytes)).toBe("pending");
    expect(() => answers.noting(URL_A, source(file, true)).read(0, 2)).toThrow(WholeFileAnswer);
    expect(await settled(forA.bytes)).toBe(file);
    expect(await settled(forB.bytes)).toBe("pending");
  });

  it("hands nothing on to a wait that has stopped", async () => {
    const answers = wholeFileAnswers();
    const wait = answers.awaiting(URL_A);
    wait.stop();
    expect(() => answers.noting(URL_A, source(new Uint8Array([9]), true)).read(0, 1)).toThrow(WholeFileAnswer);
    expect(await settled(wait.bytes)).toBe("pending");
  });

  it("leaves other errors alone", async () => {
    const answers = wholeFileAnswers();
    const wait = answers.awaiting(URL_A);
    const failing: RangeSource = {
      label: "x",
      sizeBytes: 1,
      read() {
        throw new Error("503");
      },
    };
    expect(() => answers.noting(URL_A, failing).read(0, 1)).toThrow("503");
    expect(await settled(wait.bytes)).toBe("pending");
  });
});
