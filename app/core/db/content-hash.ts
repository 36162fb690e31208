// Names database content by its bytes, so the same file opened again gets the same key (profiles, value indexes).
import { yieldToEvents } from "../yield-to-events";

/**
 * How much hashBytesInSlices hashes between two pauses: ~4-8 ms of work here (the whole pass runs at ~0.4-0.7 ms per
 * MB), about what a query waits at most for it.
 */
export const HASH_SLICE_BYTES = 8 * 1024 * 1024;

/** The two 32-bit lanes while the words are mixed in. */
interface Lanes {
  h1: number;
  h2: number;
}

function lanesFor(byteLength: number): Lanes {
  return { h1: 0xdeadbeef ^ byteLength, h2: 0x41c6ce57 ^ byteLength };
}

/** Mixes the little-endian 32-bit words fromWord..toWord-1 of `view` into the lanes (the hot loop: locals only). */
function mixWords(lanes: Lanes, view: DataView, fromWord: number, toWord: number): void {
  let { h1, h2 } = lanes;
  for (let index = fromWord; index < toWord; index += 1) {
    const word = view.getUint32(index * 4, true);
    h1 = Math.imul(h1 ^ word, 2654435761);
    h2 = Math.imul(h2 ^ word, 1597334677);
  }
  lanes.h1 = h1;
  lanes.h2 = h2;
}

/** Mixes in the bytes after the last whole word, and gives the key. */
function finish(lanes: Lanes, bytes: Uint8Array): string {
  let { h1, h2 } = lanes;
  for (let index = Math.floor(bytes.byteLength / 4) * 4; index < bytes.byteLength; index += 1) {
    h1 = Math.imul(h1 ^ bytes[index]!, 2654435761);
    h2 = Math.imul(h2 ^ bytes[index]!, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return `${(h2 >>> 0).toString(16).padStart(8, "0")}${(h1 >>> 0).toString(16).padStart(8, "0")}-${bytes.byteLength.toString(36)}`;
}

function viewOf(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * A fast 64-bit (two 32-bit lanes) hash of database bytes, so the same file opened again gets the same
 * profile key. Not cryptographic: it only has to tell apart the databases one browser has seen.
 */
export function hashBytes(bytes: Uint8Array): string {
  const lanes = lanesFor(bytes.byteLength);
  mixWords(lanes, viewOf(bytes), 0, Math.floor(bytes.byteLength / 4));
  return finish(lanes, bytes);
}

/**
 * The same key as hashBytes, computed a slice at a time with a pause between slices, so a worker that hashes a large
 * database (one pass over every byte: ~130-300 ms for the bench's 401 MB file) serves the queries that come meanwhile.
 * The caller must not change the bytes until it resolves.
 */
export async function hashBytesInSlices(bytes: Uint8Array, pause: () => Promise<void> = yieldToEvents, sliceBytes = HASH_SLICE_BYTES): Promise<string> {
  const lanes = lanesFor(bytes.byteLength);
  const view = viewOf(bytes);
  const words = Math.floor(bytes.byteLength / 4);
  const sliceWords = Math.max(1, Math.floor(sliceBytes / 4));
  for (let fromWord = 0; fromWord < words; fromWord += sliceWords) {
    // No pause before the first slice: bytes of one slice or less are hashed at once, as hashBytes would.
    if (fromWord > 0) await pause();
    mixWords(lanes, view, fromWord, Math.min(words, fromWord + sliceWords));
  }
  return finish(lanes, bytes);
}
