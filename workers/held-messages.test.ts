import { describe, expect, it } from "vitest";
import { holdMessages } from "./held-messages";

function post(scope: EventTarget, data: unknown): void {
  scope.dispatchEvent(new MessageEvent("message", { data }));
}

describe("holdMessages", () => {
  it("keeps what comes before release from every listener, and hands it on in order to the listeners added since", () => {
    const scope = new EventTarget();
    const seen: unknown[] = [];
    const held = holdMessages(scope);
    scope.addEventListener("message", (event) => seen.push(`early listener: ${String((event as MessageEvent).data)}`));
    post(scope, "wasm");
    post(scope, "first sample");
    expect(seen).toEqual([]);
    scope.addEventListener("message", (event) => seen.push(`code: ${String((event as MessageEvent).data)}`));
    held.release();
    expect(seen).toEqual(["early listener: wasm", "code: wasm", "early listener: first sample", "code: first sample"]);
    post(scope, "a query");
    expect(seen.slice(4)).toEqual(["early listener: a query", "code: a query"]);
  });

  it("hands on the same data and ports, and a listener can still stop the others", () => {
    const scope = new EventTarget();
    const held = holdMessages(scope);
    const { port1 } = new MessageChannel();
    const bytes = new Uint8Array([1, 2, 3]);
    scope.dispatchEvent(new MessageEvent("message", { data: { bytes }, ports: [port1] }));
    const received: MessageEvent[] = [];
    scope.addEventListener("message", (event) => {
      received.push(event as MessageEvent);
      event.stopImmediatePropagation();
    });
    scope.addEventListener("message", () => {
      throw new Error("a stopped message reached a later listener");
    });
    held.release();
    expect(received).toHaveLength(1);
    expect((received[0]!.data as { bytes: Uint8Array }).bytes).toBe(bytes);
    expect(received[0]!.ports).toEqual([port1]);
    port1.close();
  });

  it("holds nothing once released, and releasing again hands on nothing twice", () => {
    const scope = new EventTarget();
    const seen: unknown[] = [];
    const held = holdMessages(scope);
    post(scope, 1);
    scope.addEventListener("message", (event) => seen.push((event as MessageEvent).data));
    held.release();
    held.release();
    post(scope, 2);
    expect(seen).toEqual([1, 2]);
  });
});
