import { afterEach, describe, expect, it, vi } from "vitest";
import { STARTED_FROM_HTML, type StartedFromHtml } from "./html-start";
import type { SampleEntry } from "./samples";

const SAMPLE: SampleEntry = {
  id: "bookshop",
  file: "bookshop.sqlite",
  title: "Bookshop",
  description: "Books.",
  tables: 1,
  rows: 1,
  bytes: 3,
  exampleQuestions: [],
  exampleQuery: "SELECT 1",
};

/** A fresh samples module (its manifest and early downloads are per page) over a fetch that records each URL. */
async function samplesWithFetch(answer: (url: string) => Response) {
  vi.resetModules();
  const requested: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      requested.push(url);
      return answer(url);
    }),
  );
  return { samples: await import("./samples"), requested };
}

afterEach(() => {
  vi.unstubAllGlobals();
  delete (globalThis as Record<string, unknown>)[STARTED_FROM_HTML];
});

/** What the start script leaves when `worker` opened the first sample: its answer, with the bytes. */
function startedWithSampleOpenedIn(worker: Worker): StartedFromHtml {
  const answer = {
    type: "querylab:first-sample-opened",
    file: SAMPLE.file,
    opened: true,
    outcome: { ok: true, sizeBytes: 3, tableCount: 1 },
    schema: null,
    bytes: new Uint8Array([1, 2, 3]),
  } as const;
  const started: StartedFromHtml = {
    worker: null,
    workerFailed: false,
    wasm: Promise.resolve(null),
    manifest: null,
    sample: {
      file: SAMPLE.file,
      url: "https://querylab.example/samples/bookshop.sqlite",
      openedIn: worker,
      opened: Promise.resolve(answer),
      loaded: Promise.resolve(null),
    },
    kept: null,
  };
  (globalThis as Record<string, unknown>)[STARTED_FROM_HTML] = started;
  return started;
}

describe("samples", () => {
  it("fetches the list once however often it is asked for, and again after a failure", async () => {
    let status = 500;
    const { samples, requested } = await samplesWithFetch(() => new Response(JSON.stringify([SAMPLE]), { status }));
    await expect(samples.loadSampleManifest()).rejects.toThrow("HTTP 500");
    status = 200;
    const [first, second] = await Promise.all([samples.loadSampleManifest(), samples.loadSampleManifest()]);
    expect(first).toEqual([SAMPLE]);
    expect(second).toBe(first);
    expect(requested).toEqual(["/samples/manifest.json", "/samples/manifest.json"]);
  });

  it("a prefetched sample is downloaded once and handed to the first open; a second open fetches again", async () => {
    const { samples, requested } = await samplesWithFetch(() => new Response(new Uint8Array([1, 2, 3])));
    samples.prefetchSample(SAMPLE);
    samples.prefetchSample(SAMPLE);
    expect(requested).toEqual(["/samples/bookshop.sqlite"]);
    expect(await samples.loadSampleBytes(SAMPLE)).toEqual(new Uint8Array([1, 2, 3]));
    expect(requested).toHaveLength(1);
    await samples.loadSampleBytes(SAMPLE);
    expect(requested).toHaveLength(2);
  });

  it("takes the list and the first sample from index.html's start script instead of fetching them again", async () => {
    const { samples, requested } = await samplesWithFetch(() => new Response("fetched by the app", { status: 500 }));
    const started: StartedFromHtml = {
      worker: null,
      workerFailed: false,
      wasm: Promise.resolve(null),
      manifest: Promise.resolve(new Response(JSON.stringify([SAMPLE]))),
      sample: { file: SAMPLE.file, response: Promise.resolve(new Response(new Uint8Array([1, 2, 3]))) },
      kept: null,
    };
    (globalThis as Record<string, unknown>)[STARTED_FROM_HTML] = started;
    expect(await samples.loadSampleManifest()).toEqual([SAMPLE]);
    samples.prefetchSample(SAMPLE);
    expect(await samples.loadSampleBytes(SAMPLE)).toEqual(new Uint8Array([1, 2, 3]));
    expect(requested).toEqual([]);
  });

  it("names the sample the start script began on what it took for a first visit, and none when it began none", async () => {
    const { samples } = await samplesWithFetch(() => new Response("unused", { status: 500 }));
    expect(samples.startedFirstVisitSample()).toBeNull();
    startedWithSampleOpenedIn({} as Worker);
    expect(samples.startedFirstVisitSample()).toBe(SAMPLE.file);
    // Still known once its open has been taken (the store asks after the start script's sample is adopted).
    await samples.takeSampleOpenedInWorker(SAMPLE, () => null);
    expect(samples.startedFirstVisitSample()).toBe(SAMPLE.file);
  });

  it("does not download the sample the first worker opened, even after the store took the worker's open", async () => {
    const { samples, requested } = await samplesWithFetch(() => new Response(new Uint8Array([1, 2, 3])));
    const worker = {} as Worker;
    startedWithSampleOpenedIn(worker);
    expect(await samples.takeSampleOpenedInWorker(SAMPLE, () => worker)).toMatchObject({ outcome: { ok: true } });
    // first-visit-fetches.ts asks once IndexedDB has said nothing is kept: on a first visit, after the store took it.
    samples.prefetchSample(SAMPLE);
    expect(requested).toEqual([]);
  });

  it("once the start has opened something else, lets go of the sample the worker opened and of an early download", async () => {
    const { samples, requested } = await samplesWithFetch(() => new Response(new Uint8Array([1, 2, 3])));
    const worker = {} as Worker;
    const started = startedWithSampleOpenedIn(worker);
    samples.prefetchSample({ ...SAMPLE, file: "clinic.sqlite" });
    expect(requested).toEqual(["/samples/clinic.sqlite"]);
    samples.forgetUntakenStartSample();
    expect(started.sample).toBeNull();
    expect(await samples.takeSampleOpenedInWorker(SAMPLE, () => worker)).toBeNull();
    await samples.loadSampleBytes({ ...SAMPLE, file: "clinic.sqlite" });
    expect(requested).toEqual(["/samples/clinic.sqlite", "/samples/clinic.sqlite"]);
  });

  it("hands a sample the worker opened read on demand with the word that it holds it whole, or why not", async () => {
    const { samples } = await samplesWithFetch(() => new Response(null, { status: 500 }));
    const worker = {} as Worker;
    for (const loaded of [
      { type: "querylab:first-sample-loaded", file: SAMPLE.file, loaded: true, bytes: new Uint8Array([1, 2, 3]) },
      { type: "querylab:first-sample-loaded", file: SAMPLE.file, loaded: false, reason: "HTTP 503" },
      null,
    ] as const) {
      const started = startedWithSampleOpenedIn(worker);
      const sample = started.sample as Extract<NonNullable<StartedFromHtml["sample"]>, { opened: unknown }>;
      sample.opened = sample.opened.then((answer) => answer && { ...answer, bytes: null });
      sample.loaded = Promise.resolve(loaded);
      const taken = await samples.takeSampleOpenedInWorker(SAMPLE, () => worker);
      expect(taken).toMatchObject({ outcome: { ok: true }, bytes: null, url: "https://querylab.example/samples/bookshop.sqlite" });
      expect(await taken?.whole).toEqual(
        loaded?.loaded
          ? { ok: true, bytes: new Uint8Array([1, 2, 3]) }
          : { ok: false, reason: loaded ? "HTTP 503" : "the SQLite worker stopped before it had the file" },
      );
    }
  });

  it("hands the sample the worker opened to its first taker, once", async () => {
    const { samples } = await samplesWithFetch(() => new Response(null, { status: 500 }));
    const worker = {} as Worker;
    startedWithSampleOpenedIn(worker);
    expect(await samples.takeSampleOpenedInWorker(SAMPLE, () => worker)).toMatchObject({ outcome: { ok: true }, schema: null });
    expect(await samples.takeSampleOpenedInWorker(SAMPLE, () => worker)).toBeNull();
  });

  it("hands over a sample whose size is not the one the list gives, marked as not whole, so it is opened with SQLite's page check", async () => {
    const { samples } = await samplesWithFetch(() => new Response(new Uint8Array([1, 2])));
    const bytes = await samples.loadSampleBytes(SAMPLE);
    expect(bytes).toEqual(new Uint8Array([1, 2]));
    expect(samples.sampleIsWhole(SAMPLE, bytes)).toBe(false);
    expect(samples.sampleIsWhole(SAMPLE, new Uint8Array([1, 2, 3]))).toBe(true);
  });

  it("asks again at the app's own address when the start script's request failed or was refused", async () => {
    const { samples, requested } = await samplesWithFetch(
      (url) => new Response(url.endsWith("manifest.json") ? JSON.stringify([SAMPLE]) : new Uint8Array([1, 2, 3])),
    );
    const started: StartedFromHtml = {
      worker: null,
      workerFailed: false,
      wasm: Promise.resolve(null),
      manifest: Promise.resolve(new Response("not here", { status: 404 })),
      sample: { file: SAMPLE.file, response: Promise.reject(new TypeError("Failed to fetch")) },
      kept: null,
    };
    (globalThis as Record<string, unknown>)[STARTED_FROM_HTML] = started;
    expect(await samples.loadSampleManifest()).toEqual([SAMPLE]);
    expect(await samples.loadSampleBytes(SAMPLE)).toEqual(new Uint8Array([1, 2, 3]));
    expect(requested).toEqual([expect.stringMatching(/samples\/manifest\.json$/), expect.stringMatching(/samples\/bookshop\.sqlite$/)]);
  });
});
