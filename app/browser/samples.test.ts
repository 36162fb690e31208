import { afterEach, describe, expect, it, vi } from "vitest";
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

afterEach(() => vi.unstubAllGlobals());

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
});
