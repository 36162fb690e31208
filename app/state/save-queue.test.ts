import { describe, expect, it } from "vitest";
import { createSaveQueue } from "./save-queue";

describe("save queue", () => {
  it("runs saves one after another in the order they were queued, even when an earlier one is slower", async () => {
    const queue = createSaveQueue();
    const landed: string[] = [];
    const slow = queue.enqueue(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      landed.push("older");
    });
    const fast = queue.enqueue(async () => {
      landed.push("newer");
    });
    await Promise.all([slow, fast]);
    expect(landed).toEqual(["older", "newer"]);
  });

  it("keeps going after a failed save, and hands each caller its own result", async () => {
    const queue = createSaveQueue();
    const failed = queue.enqueue(async () => {
      throw new Error("quota exceeded");
    });
    const next = queue.enqueue(async () => "saved");
    await expect(failed).rejects.toThrow("quota exceeded");
    await expect(next).resolves.toBe("saved");
    await expect(queue.settled()).resolves.toBeUndefined();
  });

  it("settles only after every save queued so far", async () => {
    const queue = createSaveQueue();
    let done = false;
    void queue.enqueue(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      done = true;
    });
    await queue.settled();
    expect(done).toBe(true);
  });
});
