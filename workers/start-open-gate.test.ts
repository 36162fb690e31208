import { describe, expect, it } from "vitest";
import { startOpenGate } from "./start-open-gate";

describe("the start's opens give way to the page's", () => {
  it.each(["open", "openBlob", "openLazy"] as const)("%s from the page supersedes the start's opens and waits for one under way", async (method) => {
    const gate = startOpenGate();
    let finishStartOpen: () => void = () => undefined;
    const order: string[] = [];
    void gate.opening(new Promise<void>((resolve) => (finishStartOpen = resolve)).then(() => void order.push("start's open")));
    const exposed = { [method]: async () => void order.push(`page's ${method}`), execute: async () => void order.push("query") };
    const pageOpen = gate.guard(exposed)[method]();
    await gate.guard(exposed).execute(); // not an open: not held
    expect(gate.superseded).toBe(true);
    expect(order).toEqual(["query"]);
    finishStartOpen();
    await pageOpen;
    expect(order).toEqual(["query", "start's open", `page's ${method}`]);
  });
});
