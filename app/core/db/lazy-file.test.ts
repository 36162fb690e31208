import { describe, expect, it } from "vitest";
import { LazyFile, readsBetween, versionChange, WholeFileAnswer, type RangeSource } from "./lazy-file";

/** A source over bytes in memory that records each request, as a server or a File would see them. */
function recordingSource(size: number): RangeSource & { requests: [number, number][]; failNext: boolean } {
  const bytes = Uint8Array.from({ length: size }, (_, index) => index % 251);
  const source = {
    label: "test.sqlite",
    sizeBytes: size,
    requests: [] as [number, number][],
    failNext: false,
    read(start: number, end: number) {
      if (source.failNext) {
        source.failNext = false;
        throw new Error("the server went away");
      }
      source.requests.push([start, end]);
      return bytes.slice(start, end);
    },
  };
  return source;
}

const expected = (start: number, end: number) => Uint8Array.from({ length: end - start }, (_, index) => (start + index) % 251);

describe("LazyFile", () => {
  it("reads the first bytes of the file in one request when asked to, then block by block", () => {
    const source = recordingSource(64 * 1024);
    const file = new LazyFile(source, { blockBytes: 4096, firstReadBytes: 20_000 });
    expect(file.read(0, 100)).toEqual(expected(0, 100));
    // 20,000 bytes round up to five blocks.
    expect(source.requests).toEqual([[0, 20_480]]);
    expect(file.read(12_288, 12_388)).toEqual(expected(12_288, 12_388));
    expect(source.requests).toHaveLength(1);
    file.read(40_000, 40_100);
    expect(source.requests.at(-1)).toEqual([36_864, 40_960]);
  });

  it("answers from a head fetched elsewhere without a request, counting it as one read; a short file's head is the whole file", () => {
    const source = recordingSource(64 * 1024);
    // 10,000 bytes: two whole blocks; the partial third is read from the source when asked for.
    const file = new LazyFile(source, { blockBytes: 4096, head: expected(0, 10_000) });
    expect(file.read(100, 8000)).toEqual(expected(100, 8000));
    expect(source.requests).toEqual([]);
    expect(file.readCounters()).toMatchObject({ bytesRead: 8192, reads: 1 });
    expect(file.read(8190, 8300)).toEqual(expected(8190, 8300));
    expect(source.requests).toEqual([[8192, 12_288]]);
    const short = recordingSource(5000);
    const whole = new LazyFile(short, { blockBytes: 4096, head: expected(0, 5000) });
    expect(whole.read(0, 5000)).toEqual(expected(0, 5000));
    expect(short.requests).toEqual([]);
  });

  it("takes from a head only the blocks wholly inside its ranges (the rest is filler) and reads the others from the source", () => {
    const source = recordingSource(64 * 1024);
    const real = expected(0, 40_960);
    // Blocks 0, 3 and 4 of the head are the file's; the others are zeros, as in a sparse schema head.
    const head = new Uint8Array(40_960);
    head.set(real.subarray(0, 4096), 0);
    head.set(real.subarray(12_288, 20_480), 12_288);
    const file = new LazyFile(source, {
      blockBytes: 4096,
      head,
      headRanges: [
        { start: 0, end: 4096 },
        { start: 12_288, end: 20_480 },
        { start: 30_000, end: 32_000 },
      ],
    });
    expect(file.readCounters()).toEqual({ bytesRead: 3 * 4096, reads: 1, cacheHits: 0 });
    expect(file.read(100, 200)).toEqual(expected(100, 200));
    expect(file.read(13_000, 17_000)).toEqual(expected(13_000, 17_000));
    expect(source.requests).toEqual([]);
    // A block outside every range (block 1), and one only partly inside one (block 7), come from the source.
    expect(file.read(5000, 5100)).toEqual(expected(5000, 5100));
    expect(file.read(30_500, 30_600)).toEqual(expected(30_500, 30_600));
    expect(source.requests).toEqual([
      [4096, 8192],
      [28_672, 32_768],
    ]);
  });

  it("returns exactly the bytes asked for, across block boundaries and clamped at the end", () => {
    const file = new LazyFile(recordingSource(10_000), { blockBytes: 1024 });
    expect(file.read(1000, 1100)).toEqual(expected(1000, 1100));
    expect(file.read(3000, 7000)).toEqual(expected(3000, 7000));
    expect(file.read(9990, 20_000)).toEqual(expected(9990, 10_000));
    expect(file.read(10_000, 10_100)).toEqual(new Uint8Array(0));
  });

  it("reads each block from the source once while it is cached, and counts bytes, requests and hits", () => {
    const source = recordingSource(64 * 1024);
    const file = new LazyFile(source, { blockBytes: 4096 });
    file.read(8192, 8292);
    const afterFirst = file.readCounters();
    file.read(8200, 8300);
    expect(source.requests).toEqual([[8192, 12288]]);
    expect(readsBetween(afterFirst, file.readCounters())).toEqual({ bytesRead: 0, reads: 0, cacheHits: 1 });
    expect(afterFirst).toEqual({ bytesRead: 4096, reads: 1, cacheHits: 0 });
  });

  it("keeps the cache within its bound, dropping the least recently used block first", () => {
    const source = recordingSource(64 * 1024);
    const file = new LazyFile(source, { blockBytes: 1024, cacheBytes: 3 * 1024 });
    // Random (non-sequential) reads: one block each.
    for (const block of [10, 20, 30]) file.read(block * 1024, block * 1024 + 1);
    file.read(10 * 1024, 10 * 1024 + 1); // 10 used again: 20 is now the oldest
    file.read(40 * 1024, 40 * 1024 + 1);
    expect(file.cachedBytes).toBe(3 * 1024);
    source.requests.length = 0;
    file.read(10 * 1024, 10 * 1024 + 1);
    file.read(20 * 1024, 20 * 1024 + 1);
    expect(source.requests).toEqual([[20 * 1024, 21 * 1024]]);
  });

  it("keeps a request's blocks as views of it, and never holds more memory than its bound, counting a buffer whole while any block of it is cached", () => {
    const source = recordingSource(256 * 1024);
    const file = new LazyFile(source, { blockBytes: 1024, cacheBytes: 12 * 1024, maxReadAheadBytes: 4 * 1024 });
    const cached = () => (file as unknown as { cache: Map<number, Uint8Array> }).cache;
    /** The memory the cached blocks keep alive: each buffer they view, whole. */
    const held = () => [...new Set([...cached().values()].map((block) => block.buffer))].reduce((sum, buffer) => sum + buffer.byteLength, 0);
    // A scan's first requests: blocks 0 | 1-2 | 3-6, each request one buffer that its blocks view.
    for (let block = 0; block < 7; block += 1) file.read(block * 1024, block * 1024 + 1024);
    expect(source.requests.map(([start, end]) => (end - start) / 1024)).toEqual([1, 2, 4]);
    expect(new Set([3, 4, 5, 6].map((block) => cached().get(block)!.buffer)).size).toBe(1);
    expect(cached().get(3)!.buffer.byteLength).toBe(4 * 1024);
    // Scans and random reads mixed, some of them of blocks read long before (which keep their request's buffer alive).
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
    for (let step = 0; step < 400; step += 1) {
      const start = next() % 3 === 0 ? (next() % 256) * 1024 : (((step * 3) % 256) * 1024 + (next() % 1024)) % (256 * 1024 - 100);
      const end = Math.min(256 * 1024, start + 1 + (next() % 2048));
      expect(file.read(start, end)).toEqual(expected(start, end));
      expect(held()).toBeLessThanOrEqual(12 * 1024);
      expect(file.cachedBytes).toBe(held());
    }
  });

  it("doubles the request on sequential reads (a scan) up to the read-ahead limit, and fetches single blocks on random ones", () => {
    const source = recordingSource(1024 * 1024);
    const file = new LazyFile(source, { blockBytes: 1024, maxReadAheadBytes: 8 * 1024 });
    for (let offset = 0; offset < 64 * 1024; offset += 1024) file.read(offset, offset + 1024);
    const sizes = source.requests.map(([start, end]) => end - start);
    expect(sizes.slice(0, 5)).toEqual([1024, 2048, 4096, 8192, 8192]);
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBeGreaterThanOrEqual(64 * 1024);
    source.requests.length = 0;
    file.read(500 * 1024, 500 * 1024 + 10);
    file.read(300 * 1024, 300 * 1024 + 10);
    expect(source.requests.map(([start, end]) => end - start)).toEqual([1024, 1024]);
  });

  it("reads ahead backward when reads run from the end of the file to its start (SQLite's check of a b-tree)", () => {
    const source = recordingSource(1024 * 1024);
    const file = new LazyFile(source, { blockBytes: 1024, maxReadAheadBytes: 8 * 1024 });
    for (let block = 1023; block >= 0; block -= 1) expect(file.read(block * 1024, block * 1024 + 1024)).toEqual(expected(block * 1024, block * 1024 + 1024));
    // One block, then each request twice the last (to the limit), each ending where the one before began.
    expect(source.requests.slice(0, 6)).toEqual([
      [1023 * 1024, 1024 * 1024],
      [1021 * 1024, 1023 * 1024],
      [1017 * 1024, 1021 * 1024],
      [1009 * 1024, 1017 * 1024],
      [1001 * 1024, 1009 * 1024],
      [993 * 1024, 1001 * 1024],
    ]);
    // 1,024 blocks in 131 requests (1 + 2 + 4, then 8 at a time) rather than 1,024: the file read once, and the last request stops at its start.
    expect(source.requests).toHaveLength(131);
    expect(source.requests.at(-1)).toEqual([0, 1024]);
    expect(file.readCounters().bytesRead).toBe(1024 * 1024);
  });

  it("keeps fetching single blocks for random reads that go down the file, and for a read two blocks below a point lookup", () => {
    const source = recordingSource(1024 * 1024);
    const file = new LazyFile(source, { blockBytes: 1024, maxReadAheadBytes: 8 * 1024 });
    for (const block of [900, 700, 500, 300]) file.read(block * 1024, block * 1024 + 10);
    expect(source.requests.map(([start, end]) => (end - start) / 1024)).toEqual([1, 1, 1, 1]);
    // Just below the last one: a stream running backward, read two blocks at a time from here.
    file.read(299 * 1024, 299 * 1024 + 10);
    expect(source.requests.at(-1)).toEqual([298 * 1024, 300 * 1024]);
  });

  it("keeps reading ahead when a scan skips blocks it already has (interior pages between the leaves)", () => {
    const source = recordingSource(4 * 1024 * 1024);
    const file = new LazyFile(source, { blockBytes: 1024, maxReadAheadBytes: 64 * 1024 });
    // Every 16th block is read first (as the interior pages are, on the way down), then the scan reads the rest.
    for (let block = 15; block < 4096; block += 16) file.read(block * 1024, block * 1024 + 1);
    const before = source.requests.length;
    for (let block = 0; block < 4096; block += 1) file.read(block * 1024, block * 1024 + 1024);
    expect(source.requests.length - before).toBeLessThan(300);
  });

  it("grows a long scan's requests to 16 MB by default", () => {
    const source = recordingSource(48 * 1024 * 1024);
    const file = new LazyFile(source);
    for (let offset = 0; offset < 40 * 1024 * 1024; offset += 4096) file.read(offset, offset + 4096);
    const sizes = source.requests.map(([start, end]) => end - start);
    expect(Math.max(...sizes)).toBe(16 * 1024 * 1024);
    expect(sizes.length).toBeLessThan(16);
  });

  it("reads blocks a scan jumped over in one request when it comes back for them (leaves out of file order)", () => {
    const source = recordingSource(1024 * 1024);
    const file = new LazyFile(source, { blockBytes: 1024, maxReadAheadBytes: 64 * 1024 });
    const readBlocks = (from: number, to: number) => {
      for (let block = from; block < to; block += 1) expect(file.read(block * 1024, block * 1024 + 1024)).toEqual(expected(block * 1024, block * 1024 + 1024));
    };
    // The scan's requests end at block 190; its next leaf is 211, then it comes back for 191-210.
    readBlocks(0, 191);
    readBlocks(211, 260);
    const before = source.requests.length;
    readBlocks(191, 211);
    expect(source.requests.slice(before)).toEqual([[191 * 1024, 211 * 1024]]);
    // A read elsewhere after that starts small again: the span was taken.
    source.requests.length = 0;
    file.read(700 * 1024, 700 * 1024 + 10);
    expect(source.requests).toEqual([[700 * 1024, 701 * 1024]]);
  });

  it("reads blocks a backward stream jumped over in one request when it comes back for them from their top", () => {
    const source = recordingSource(1024 * 1024);
    const file = new LazyFile(source, { blockBytes: 1024, maxReadAheadBytes: 64 * 1024 });
    const readDown = (from: number, to: number) => {
      for (let block = from; block >= to; block -= 1) expect(file.read(block * 1024, block * 1024 + 1024)).toEqual(expected(block * 1024, block * 1024 + 1024));
    };
    // A backward stream whose requests (1, 2, 4 … 64 blocks) have reached block 897 jumps to 839, then comes back for
    // 896 down to 840, as SQLite's page check does when a table's pages lie out of order: that span in one request.
    readDown(1023, 897);
    expect(source.requests.at(-1)).toEqual([897 * 1024, 961 * 1024]);
    readDown(839, 830);
    const before = source.requests.length;
    readDown(896, 840);
    expect(source.requests.slice(before)).toEqual([[840 * 1024, 897 * 1024]]);
    // The span was taken: a read elsewhere starts small again.
    source.requests.length = 0;
    file.read(300 * 1024, 300 * 1024 + 10);
    expect(source.requests).toEqual([[300 * 1024, 301 * 1024]]);
  });

  it("keeps a scan's read-ahead when other reads (interior pages elsewhere in the file) come between", () => {
    const source = recordingSource(4 * 1024 * 1024);
    const file = new LazyFile(source, { blockBytes: 1024, maxReadAheadBytes: 64 * 1024 });
    for (let block = 0; block < 2048; block += 1) {
      file.read(block * 1024, block * 1024 + 1024);
      // Every 100 blocks, one from the far end of the file, as the next interior page of a table is.
      if (block % 100 === 99) file.read((4095 - block / 100) * 1024, (4095 - block / 100) * 1024 + 10);
    }
    const scanRequests = source.requests.filter(([start]) => start < 2048 * 1024);
    expect(scanRequests.length).toBeLessThan(45);
  });

  it("keeps the message of a failed read for the caller, once", () => {
    const source = recordingSource(8192);
    const file = new LazyFile(source, { blockBytes: 1024 });
    source.failNext = true;
    expect(() => file.read(0, 10)).toThrow("the server went away");
    expect(file.takeFailure()).toBe("the server went away");
    expect(file.takeFailure()).toBeNull();
    expect(file.read(0, 10)).toEqual(expected(0, 10));
  });

  it("reads every block from a whole-file answer (a server that ignores ranges) when the cache holds the file, counting one read of all its bytes", () => {
    const size = 20_000;
    const whole = expected(0, size);
    const calls: [number, number][] = [];
    const ignoresRanges: RangeSource = {
      label: "whole.sqlite",
      sizeBytes: size,
      read(start, end) {
        calls.push([start, end]);
        throw new WholeFileAnswer(whole.slice(), "the server sent the whole file");
      },
    };
    const file = new LazyFile(ignoresRanges, { blockBytes: 1024, cacheBytes: 32 * 1024 });
    expect(file.read(15_000, 15_100)).toEqual(expected(15_000, 15_100));
    expect(file.read(0, 100)).toEqual(expected(0, 100));
    expect(file.read(19_900, 20_000)).toEqual(expected(19_900, 20_000));
    expect(calls).toEqual([[14_336, 15_360]]);
    expect(file.readCounters()).toEqual({ bytesRead: size, reads: 1, cacheHits: 2 });
    expect(file.takeFailure()).toBeNull();
  });

  it("fails the read with the source's message when a whole-file answer is larger than the cache or not the file's size", () => {
    const answering = (bytes: Uint8Array): RangeSource => ({
      label: "big.sqlite",
      sizeBytes: 20_000,
      read: () => {
        throw new WholeFileAnswer(bytes, "the server does not serve ranges");
      },
    });
    const tooLarge = new LazyFile(answering(expected(0, 20_000)), { blockBytes: 1024, cacheBytes: 8 * 1024 });
    expect(() => tooLarge.read(0, 10)).toThrow("the server does not serve ranges");
    expect(tooLarge.takeFailure()).toBe("the server does not serve ranges");
    const otherSize = new LazyFile(answering(expected(0, 19_000)), { blockBytes: 1024, cacheBytes: 64 * 1024 });
    expect(() => otherSize.read(0, 10)).toThrow("the server does not serve ranges");
  });

  it("refuses a source that returns fewer bytes than asked for", () => {
    const file = new LazyFile({ label: "short.sqlite", sizeBytes: 4096, read: () => new Uint8Array(10) }, { blockBytes: 1024 });
    expect(() => file.read(0, 100)).toThrow(/short\.sqlite returned 10 bytes instead of 1024/);
  });
});

describe("versionChange", () => {
  const opened = { sizeBytes: 5000, version: { etag: '"a1"', lastModified: "Tue, 01 Dec 2026 10:00:00 GMT" } };

  it("says nothing when the answer names the same version, or hides what would tell", () => {
    expect(versionChange(opened, { totalBytes: 5000, etag: '"a1"', lastModified: "Tue, 01 Dec 2026 10:00:00 GMT" })).toBeNull();
    expect(versionChange(opened, { totalBytes: null, etag: null, lastModified: null })).toBeNull();
    expect(versionChange({ sizeBytes: 5000 }, { totalBytes: 5000, etag: '"b2"', lastModified: null })).toBeNull();
  });

  it("names a changed size, ETag or Last-Modified", () => {
    expect(versionChange(opened, { totalBytes: 6000, etag: '"a1"', lastModified: null })).toMatch(/size was 5000 bytes .* 6000 now/);
    expect(versionChange(opened, { totalBytes: 5000, etag: '"b2"', lastModified: null })).toMatch(/ETag was "a1" and is "b2" now/);
    expect(versionChange(opened, { totalBytes: null, etag: null, lastModified: "Wed, 02 Dec 2026 04:00:00 GMT" })).toMatch(/last modified/);
  });
});
