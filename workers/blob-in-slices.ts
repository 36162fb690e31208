// A large Blob read whole in the SQLite worker a slice at a time, with a pause after each slice, so that queries that
// come meanwhile are served: a large kept database is read on demand until it is held whole (kept-database.ts), and
// one `arrayBuffer()` of the whole Blob held the worker for up to ~0.8 s at a time on the bench's 401 MB file.
import { yieldToEvents } from "../app/core/yield-to-events";

/** A slice's copy into the whole takes ~2-3 ms here; its read, asynchronous, leaves the worker free meanwhile. */
export const BLOB_SLICE_BYTES = 8 * 1024 * 1024;

/** Reads one slice. */
export type SliceReader = (slice: Blob) => ArrayBuffer | Promise<ArrayBuffer>;

/**
 * The worker's reader: asynchronous. FileReaderSync held the worker while the browser process sent the slice's bytes
 * (a trace of the bench's kept return: ~80 ms tasks for 8 MB slices, ~50 ms of them waiting; 150-300 ms for the first
 * slices), so a query sent then waited for the whole slice. Read asynchronously, the bytes arrive in tasks of their
 * own, and queries are answered between them; the whole read takes as long.
 */
export const readSliceAsync: SliceReader = (slice) => slice.arrayBuffer();

export async function readBlobInSlices(
  blob: Blob,
  read: SliceReader = readSliceAsync,
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
