import { afterEach, describe, expect, it, vi } from "vitest";
import { STARTED_FROM_HTML, type StartedFromHtml } from "./html-start";
import { startedWasm, takeStartedManifest, takeStartedSample, takeStartedWorker } from "./started-from-html";

function leaveStarted(overrides: Partial<StartedFromHtml> = {}): StartedFromHtml {
  const started: StartedFromHtml = {
    worker: { terminate: vi.fn() } as unknown as Worker,
    workerFailed: false,
    wasm: Promise.resolve(null),
    manifest: Promise.resolve(new Response("[]")),
    sample: { file: "bookshop.sqlite", response: Promise.resolve(new Response("")) },
    kept: null,
    ...overrides,
  };
  (globalThis as Record<string, unknown>)[STARTED_FROM_HTML] = started;
  return started;
}

afterEach(() => {
  delete (globalThis as Record<string, unknown>)[STARTED_FROM_HTML];
});

describe("what index.html's start script began", () => {
  it("is nothing without the script (the dev server, unit tests)", () => {
    expect(takeStartedWorker()).toBeNull();
    expect(startedWasm()).toBeNull();
    expect(takeStartedManifest()).toBeNull();
    expect(takeStartedSample()).toBeNull();
  });

  it("hands the worker, the sample list and the sample over once each; the WASM to every worker", () => {
    const started = leaveStarted();
    const { worker, manifest, sample, wasm } = started;
    expect(takeStartedWorker()).toBe(worker);
    expect(takeStartedWorker()).toBeNull();
    expect(takeStartedManifest()).toBe(manifest);
    expect(takeStartedManifest()).toBeNull();
    expect(takeStartedSample()).toBe(sample);
    expect(takeStartedSample()).toBeNull();
    expect(startedWasm()).toBe(wasm);
    expect(startedWasm()).toBe(wasm);
  });

  it("ends a worker whose script failed before the app listened, so the app starts one whose failure it hears", () => {
    const started = leaveStarted({ workerFailed: true });
    const worker = started.worker!;
    expect(takeStartedWorker()).toBeNull();
    expect(worker.terminate).toHaveBeenCalled();
  });
});

describe("the first worker's open of the start's database, as the first screen's timing reads it", () => {
  /** started-from-html.ts keeps what it watched in its module: a fresh copy for each case. */
  async function freshModule() {
    vi.resetModules();
    return import("./started-from-html");
  }
  /** A promise settled from outside, and a pass of the microtask queue after it. */
  function later<T>() {
    let settle: (value: T) => void = () => undefined;
    const promise = new Promise<T>((resolve) => (settle = resolve));
    return { promise, settle: async (value: T) => (settle(value), await Promise.resolve(), await Promise.resolve()) };
  }

  it("is none without the start script", async () => {
    const { watchStartAnswer, startOpen } = await freshModule();
    watchStartAnswer();
    expect(startOpen()).toBe("none");
  });

  it("is near once the WASM is compiled while the sample opens, answered once it is open, and says when the answer came", async () => {
    const wasm = later<WebAssembly.Module | null>();
    const opened = later<{ opened: boolean } | null>();
    leaveStarted({
      wasm: wasm.promise,
      sample: { file: "bookshop.sqlite", url: "x", openedIn: {} as Worker, opened: opened.promise as never, loaded: new Promise(() => {}) },
    });
    const { watchStartAnswer, startOpen, onStartAnswer } = await freshModule();
    watchStartAnswer();
    const heard = vi.fn();
    onStartAnswer(heard);
    expect(startOpen()).toBe("none"); // the WASM still arriving: the answer is not near
    await wasm.settle({} as WebAssembly.Module);
    expect(startOpen()).toBe("near");
    await opened.settle({ opened: true });
    expect(startOpen()).toBe("answered");
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it("is none once the worker has answered without opening it, and for a kept database answered open, answered", async () => {
    const opened = later<{ opened: boolean } | null>();
    leaveStarted({
      wasm: Promise.resolve({} as WebAssembly.Module),
      sample: null,
      kept: { openedIn: {} as Worker, opened: opened.promise as never, loaded: new Promise(() => {}) },
    });
    const first = await freshModule();
    first.watchStartAnswer();
    await Promise.resolve();
    expect(first.startOpen()).toBe("near");
    await opened.settle({ opened: false });
    expect(first.startOpen()).toBe("none");

    leaveStarted({
      wasm: Promise.resolve({} as WebAssembly.Module),
      sample: null,
      kept: { openedIn: {} as Worker, opened: Promise.resolve({ opened: true }) as never, loaded: new Promise(() => {}) },
    });
    const second = await freshModule();
    second.watchStartAnswer();
    await Promise.resolve();
    await Promise.resolve();
    expect(second.startOpen()).toBe("answered");
  });
});
