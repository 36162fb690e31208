import { describe, expect, it } from "vitest";
import { hashBytes, hashBytesInSlices } from "./content-hash";

/** Bytes that differ from word to word (a run of zeros would hide a word mixed in twice or not at all). */
function varied(length: number): Uint8Array {
  return new Uint8Array(length).map((_value, index) => (index * 131 + (index >>> 8)) % 251);
}

describe("the content hash in slices", () => {
  it("gives hashBytes's key whatever the slice size and length, pausing only between slices", async () => {
    for (const length of [0, 3, 4, 4099, 65_536, 65_539]) {
      const bytes = varied(length);
      for (const sliceBytes of [4, 1000, 4096, 1 << 20]) {
        let pauses = 0;
        const key = await hashBytesInSlices(bytes, async () => void (pauses += 1), sliceBytes);
        expect(key, `${length} bytes in slices of ${sliceBytes}`).toBe(hashBytes(bytes));
        const words = Math.floor(length / 4);
        expect(pauses).toBe(Math.max(0, Math.ceil(words / Math.floor(sliceBytes / 4)) - 1));
      }
    }
  });

  it("hashes bytes seen through a view at an offset as the bytes themselves", async () => {
    const backing = varied(10_003);
    const view = backing.subarray(3, 9_998);
    expect(await hashBytesInSlices(view, async () => undefined, 1024)).toBe(hashBytes(view.slice()));
  });

  it("tells apart bytes that differ in one byte of the last slice", async () => {
    const bytes = varied(40_000);
    const changed = bytes.slice();
    changed[39_001] ^= 1;
    expect(await hashBytesInSlices(changed, async () => undefined, 4096)).not.toBe(await hashBytesInSlices(bytes, async () => undefined, 4096));
  });
});
