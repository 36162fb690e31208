// A large Blob read whole in the SQLite worker a slice at a time, with a pause after each slice, so that queries that
// come meanwhile are served: a large kept database is read on demand until it is held whole (kept-database.ts), and
// `blob.arrayBuffer()` held the worker for up to ~0.8 s at a time on the bench's 401 MB file while it read.
import { yieldToEvents } from "../app/core/yield-to-events";

/** A slice's read takes ~20-30 ms here (FileReaderSync): about the longest a query then waits. */
export const BLOB_SLICE_BYTES = 8 * 1024 * 1024;

/** Reads one slice: FileReaderSync in the worker (the fastest and steadiest whole read measured there). */
export type SliceReader = (slice: Blob) => ArrayBuffer | Promise<ArrayBuffer>;

export async function readBlobInSlices(
  blob: Blob,
  read: SliceReader,
  sliceBytes = BLOB_SLICE_BYTES,
  pause: () => Promise<void> = yieldToEvents,
): Promise<Uint8Array> {
  const bytes = new Uint8Array(blob.size);
  for (let start = 0; start < blob.size; start += sliceBytes) {
    const end = Math.min(blob.size, start + sliceBytes);
    const part = await read(blob.slice(start, end));
    // A stored Blob does not change; one that could no longer be read whole must not pass for the database.
    if (part.byteLength !== end - start) throw new Error(`bytes ${start}–${end - 1} could not be read (${part.byteLength} bytes came back)`);
    bytes.set(new Uint8Array(part), start);
    await pause();
  }
  return bytes;
}

/** The worker's reader: synchronous, so a slice is read in one task of its own. */
export function fileReaderSyncSlices(): SliceReader {
  const reader = new FileReaderSync();
  return (slice) => reader.readAsArrayBuffer(slice);
}
