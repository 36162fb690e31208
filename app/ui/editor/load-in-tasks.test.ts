import { describe, expect, it } from "vitest";
import { loadInTasks } from "./load-in-tasks";

/** Counts tasks: each timer that fires is a task begun after the ones before it (Node's timers run in order). */
function taskCounter(): { current: () => number; stop: () => void } {
  let tasks = 0;
  let running = true;
  const tick = () => {
    if (!running) return;
    tasks += 1;
    setTimeout(tick, 0);
  };
  setTimeout(tick, 0);
  return { current: () => tasks, stop: () => (running = false) };
}

describe("loadInTasks", () => {
  it("begins each step, the last and the answer in a later task than the one before, in order", async () => {
    const counter = taskCounter();
    const seen: Array<[string, number]> = [];
    const step = (name: string) => async () => {
      seen.push([name, counter.current()]);
    };
    const loaded = await loadInTasks([step("core"), step("widget"), step("services")], async () => {
      seen.push(["editor", counter.current()]);
      return "module";
    });
    seen.push(["answer", counter.current()]);
    counter.stop();
    expect(loaded).toBe("module");
    expect(seen.map(([name]) => name)).toEqual(["core", "widget", "services", "editor", "answer"]);
    const tasks = seen.map(([, task]) => task);
    for (let index = 1; index < tasks.length; index += 1) expect(tasks[index]).toBeGreaterThan(tasks[index - 1]!);
  });

  it("fails with the step's error, and runs no step after it", async () => {
    const ran: string[] = [];
    await expect(
      loadInTasks(
        [
          async () => ran.push("core"),
          async () => {
            throw new Error("the chunk could not be fetched");
          },
          async () => ran.push("services"),
        ],
        async () => ran.push("editor"),
      ),
    ).rejects.toThrow("the chunk could not be fetched");
    expect(ran).toEqual(["core"]);
  });
});
