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
