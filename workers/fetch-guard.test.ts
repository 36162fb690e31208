// The guard a worker puts on its own requests: allowed URLs pass to the real fetch, others are refused with the reason.
import { describe, expect, it, vi } from "vitest";
import { limitRequests, withoutUnguardedChannels, type GuardedScope } from "./fetch-guard";

function scope(): GuardedScope & { calls: string[]; opened: unknown[][] } {
  const calls: string[] = [];
  const opened: unknown[][] = [];
  class FakeXhr {
    open(...args: unknown[]) {
      opened.push(args);
    }
  }
  return {
    calls,
    opened,
    location: { href: "https://querylab.example/assets/sqlite.worker-x.js" },
    fetch: vi.fn(async (input: RequestInfo | URL) => {
      calls.push(String(input));
      return new Response("ok");
    }) as unknown as typeof fetch,
    XMLHttpRequest: FakeXhr as unknown as GuardedScope["XMLHttpRequest"],
  };
}

const limit = {
  worker: "test worker",
  allows: "this site",
  allowed: (url: URL) => url.origin === "https://querylab.example",
};

describe("limitRequests", () => {
  it("passes allowed requests, relative ones resolved against the worker's address", async () => {
    const worker = scope();
    limitRequests(worker, limit);
    await worker.fetch("../models/config.json");
    await worker.fetch(new URL("https://querylab.example/a.wasm"));
    await worker.fetch(new Request("https://querylab.example/b.wasm"));
    expect(worker.calls).toEqual(["../models/config.json", "https://querylab.example/a.wasm", "[object Request]"]);
  });

  it("refuses other origins and non-URLs with a message naming the worker, the URL and what it may reach", async () => {
    const worker = scope();
    limitRequests(worker, limit);
    await expect(worker.fetch("https://exfiltration.example/collect")).rejects.toThrow(
      new TypeError("The test worker refused a request to https://exfiltration.example/collect: it may only reach this site."),
    );
    await expect(worker.fetch(new Request("https://exfiltration.example/r"))).rejects.toThrow(/refused a request to https:\/\/exfiltration\.example\/r/);
    await expect(worker.fetch("http://[bad")).rejects.toThrow('The test worker refused a request to "http://[bad": not a URL.');
    expect(worker.calls).toEqual([]);
  });

  it("holds XMLHttpRequest.open to the same rule", () => {
    const worker = scope();
    limitRequests(worker, limit);
    const xhr = new (worker.XMLHttpRequest as unknown as new () => XMLHttpRequest)();
    xhr.open("GET", "/sql-wasm.wasm");
    expect(() => xhr.open("GET", "https://exfiltration.example/")).toThrow(/refused a request to https:\/\/exfiltration\.example\//);
    expect(worker.opened).toEqual([["GET", "/sql-wasm.wasm"]]);
  });
});

describe("withoutUnguardedChannels", () => {
  it("takes EventSource and WebSocket away, for good, and leaves the rest", () => {
    class Channel {}
    const scope: Record<string, unknown> = { EventSource: Channel, WebSocket: Channel, fetch: Channel };
    withoutUnguardedChannels(scope, "SQLite worker");
    const EventSourceNow = scope.EventSource as new (url: string) => unknown;
    const WebSocketNow = scope.WebSocket as new (url: string) => unknown;
    expect(() => new EventSourceNow("https://exfiltration.example/stream")).toThrow(
      "The SQLite worker has no EventSource: it reaches the network only through its request guard.",
    );
    expect(() => new WebSocketNow("wss://exfiltration.example/")).toThrow("The SQLite worker has no WebSocket");
    expect(() => {
      scope.WebSocket = Channel;
    }).toThrow(TypeError);
    expect(scope.fetch).toBe(Channel);
  });
});
