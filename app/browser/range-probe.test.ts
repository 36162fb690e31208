import { describe, expect, it } from "vitest";
import { parseContentRange } from "../core/db/lazy-file";
import { probeRanges, rangeSupportFrom } from "./range-probe";

const headers = (entries: Record<string, string>) => new Headers(entries);

describe("parseContentRange", () => {
  it("reads a satisfied range with its total", () => {
    expect(parseContentRange("bytes 0-99/524288000")).toEqual({ start: 0, end: 99, total: 524288000 });
    expect(parseContentRange("Bytes 100-199/1000")).toEqual({ start: 100, end: 199, total: 1000 });
  });

  it("refuses unknown totals, unsatisfied ranges, other units and nonsense", () => {
    for (const value of [null, "", "bytes 0-99/*", "bytes */1000", "items 0-9/10", "bytes 50-10/100", "bytes 0-100/100"]) {
      expect(parseContentRange(value), String(value)).toBeNull();
    }
  });
});

describe("rangeSupportFrom", () => {
  const hundred = new Uint8Array(100);

  it("takes a 206 from 0 with the total as ranges served", () => {
    expect(rangeSupportFrom(206, headers({ "content-range": "bytes 0-99/5000" }), hundred)).toEqual({
      ranges: true,
      sizeBytes: 5000,
      firstBytes: hundred,
      version: { etag: null, lastModified: null },
    });
  });

  it("keeps the version the server named, so later reads can be checked against it", () => {
    const named = headers({ "content-range": "bytes 0-99/5000", etag: '"5f-1a2b"', "last-modified": "Tue, 01 Dec 2026 10:00:00 GMT" });
    expect(rangeSupportFrom(206, named, hundred)).toMatchObject({ version: { etag: '"5f-1a2b"', lastModified: "Tue, 01 Dec 2026 10:00:00 GMT" } });
  });

  it("takes the size from elsewhere when Content-Range is hidden across sites", () => {
    expect(rangeSupportFrom(206, headers({}), hundred, 7000)).toMatchObject({ ranges: true, sizeBytes: 7000 });
    expect(rangeSupportFrom(206, headers({}), hundred, null)).toMatchObject({ ranges: false, reason: expect.stringMatching(/did not say the file's size/) });
  });

  it("takes a whole-file answer, another status, another start or a wrong length as no ranges", () => {
    expect(rangeSupportFrom(200, headers({ "content-length": "5000" }), hundred)).toMatchObject({
      ranges: false,
      reason: expect.stringMatching(/whole file \(200\)/),
    });
    expect(rangeSupportFrom(416, headers({}), hundred)).toMatchObject({ ranges: false, reason: "the server answered 416" });
    expect(rangeSupportFrom(206, headers({ "content-range": "bytes 100-199/5000" }), hundred)).toMatchObject({ ranges: false });
    expect(rangeSupportFrom(206, headers({ "content-range": "bytes 0-99/5000" }), new Uint8Array(40))).toMatchObject({ ranges: false });
  });

  it("accepts a file shorter than the probe", () => {
    expect(rangeSupportFrom(206, headers({ "content-range": "bytes 0-39/40" }), new Uint8Array(40))).toMatchObject({ ranges: true, sizeBytes: 40 });
  });
});

describe("probeRanges", () => {
  it("asks for the first 100 bytes, and for the size with a HEAD only when Content-Range is hidden", async () => {
    const asked: { method: string; range: string | null }[] = [];
    const fetcher = (async (_url: string, init?: RequestInit) => {
      const requestHeaders = new Headers(init?.headers);
      asked.push({ method: init?.method ?? "GET", range: requestHeaders.get("range") });
      if (init?.method === "HEAD") return new Response(null, { status: 200, headers: { "content-length": "9000" } });
      return new Response(new Uint8Array(100), { status: 206 });
    }) as typeof fetch;
    expect(await probeRanges("http://data.test/big.sqlite", fetcher)).toMatchObject({ ranges: true, sizeBytes: 9000 });
    expect(asked).toEqual([
      { method: "GET", range: "bytes=0-99" },
      { method: "HEAD", range: null },
    ]);
  });

  it("says no ranges when the request fails, so the caller downloads as before", async () => {
    const fetcher = (async () => {
      throw new TypeError("Failed to fetch");
    }) as typeof fetch;
    expect(await probeRanges("http://data.test/big.sqlite", fetcher)).toEqual({ ranges: false, reason: "the range request failed (Failed to fetch)" });
  });
});
