import { describe, expect, it, vi } from "vitest";
import { readBlobInSlices } from "./blob-in-slices";

const bytesOf = (size: number) => Uint8Array.from({ length: size }, (_, index) => (index * 7) % 251);

describe("readBlobInSlices", () => {
  it("reads the whole Blob, byte for byte, a slice at a time with a pause after each", async () => {
    const source = bytesOf(10_000);
    const events: string[] = [];
    const read = async (slice: Blob) => (events.push(`read ${slice.size}`), slice.arrayBuffer());
    const whole = await readBlobInSlices(new Blob([source]), read, 4096, async () => void events.push("pause"));
    expect(whole).toEqual(source);
    expect(events).toEqual(["read 4096", "pause", "read 4096", "pause", "read 1808", "pause"]);
  });

  it("serves what comes between slices: a task queued during a synchronous read runs before the read ends", async () => {
    const source = bytesOf(64 * 1024);
    // As FileReaderSync reads: at once, in order (the slices come from the start on).
    let at = 0;
    const readAtOnce = (slice: Blob) => {
      const part = source.slice(at, at + slice.size).buffer;
      at += slice.size;
      return part;
    };
    const order: string[] = [];
    const reading = readBlobInSlices(new Blob([source]), readAtOnce, 1024).then(() => order.push("read whole"));
    setTimeout(() => order.push("a query"), 0);
    await reading;
    expect(order).toEqual(["a query", "read whole"]);
  });

  it("reads each slice asynchronously by default (Blob.arrayBuffer, not FileReaderSync, which holds the worker while the bytes come)", async () => {
    const source = bytesOf(10_000);
    const arrayBuffer = vi.spyOn(Blob.prototype, "arrayBuffer");
    try {
      expect(await readBlobInSlices(new Blob([source]), undefined, 4096)).toEqual(source);
      expect(arrayBuffer.mock.calls).toHaveLength(3);
    } finally {
      arrayBuffer.mockRestore();
    }
  });

  it("fails when a slice comes back short, rather than passing zeros for the database", async () => {
    const short = async (slice: Blob) => (await slice.arrayBuffer()).slice(1);
    await expect(readBlobInSlices(new Blob([bytesOf(5000)]), short, 4096)).rejects.toThrow("bytes 0–4095 could not be read (4095 bytes came back)");
  });

  it("reads an empty Blob as no bytes", async () => {
    expect(await readBlobInSlices(new Blob([]), () => new ArrayBuffer(0))).toEqual(new Uint8Array(0));
  });
});
