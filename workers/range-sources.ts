// The worker's two sources for a database read on demand, both synchronous as SQLite's reads are: HTTP range
// requests (synchronous XMLHttpRequest, allowed in workers) and slices of a File (FileReaderSync, workers only).
import { parseContentRange, versionChange, WholeFileAnswer, type LazySourceSpec, type RangeSource, type RemoteFileVersion } from "../app/core/db/lazy-file";
import { errorMessage } from "../app/core/error-message";
import { formatBytes } from "../app/core/format";

function rangeText(start: number, end: number): string {
  return `bytes ${start}–${end - 1}`;
}

/**
 * Bytes of a URL by range requests; a server that answers anything but 206 with the bytes asked for fails the read,
 * and so does an answer from another version of the file than the one opened (size, ETag or Last-Modified changed).
 * A 200 with the whole file of the same version is handed to the reader (WholeFileAnswer): a first visit's sample is
 * opened over its head file without asking the server whether it serves ranges, and a query must not fail there.
 */
export function httpRangeSource(url: string, sizeBytes: number, version?: RemoteFileVersion): RangeSource {
  return {
    label: url,
    sizeBytes,
    read(start, end) {
      const request = new XMLHttpRequest();
      request.open("GET", url, false);
      // Synchronous requests may set responseType in a worker (not on the page).
      request.responseType = "arraybuffer";
      request.setRequestHeader("Range", `bytes=${start}-${end - 1}`);
      try {
        request.send();
      } catch (error) {
        throw new Error(`Reading ${url} failed: no answer for ${rangeText(start, end)} (${errorMessage(error)}).`, { cause: error });
      }
      const whole = request.status === 200 ? new Uint8Array(request.response as ArrayBuffer) : null;
      if (request.status !== 206 && whole?.byteLength !== sizeBytes) {
        const said = request.status === 0 ? "no answer" : `${request.status} ${request.statusText}`.trim();
        throw new Error(`Reading ${url} failed: ${rangeText(start, end)} were asked for, and the server answered ${said} instead of 206 Partial Content.`);
      }
      const changed = versionChange(
        { sizeBytes, version },
        {
          totalBytes: whole ? whole.byteLength : (parseContentRange(request.getResponseHeader("Content-Range"))?.total ?? null),
          etag: request.getResponseHeader("ETag"),
          lastModified: request.getResponseHeader("Last-Modified"),
        },
      );
      if (changed !== null) {
        throw new Error(
          `${url} changed on the server after it was opened (${changed}); its pages cannot be read together with those read before. Open it again.`,
        );
      }
      if (whole) {
        throw new WholeFileAnswer(
          whole,
          `Reading ${url} failed: ${rangeText(start, end)} were asked for, and the server answered 200 OK with the whole file (${formatBytes(whole.byteLength)}) instead of 206 Partial Content; it does not serve ranges, and the file is too large to read from one answer.`,
        );
      }
      const bytes = new Uint8Array(request.response as ArrayBuffer);
      if (bytes.byteLength !== end - start) {
        throw new Error(
          `Reading ${url} failed: ${rangeText(start, end)} were asked for and ${formatBytes(bytes.byteLength)} came back (has the file changed?).`,
        );
      }
      return bytes;
    },
  };
}

/** Bytes of a File by slices: only the slice is read from disk, whatever the file's size. */
export function fileSliceSource(file: Blob, name: string): RangeSource {
  const reader = new FileReaderSync();
  return {
    label: name,
    sizeBytes: file.size,
    read(start, end) {
      try {
        return new Uint8Array(reader.readAsArrayBuffer(file.slice(start, end)));
      } catch (error) {
        // A file changed or moved since it was picked can no longer be read (NotReadableError).
        throw new Error(`Reading ${name} failed at ${rangeText(start, end)} (${errorMessage(error)}); it may have been changed or moved since it was opened.`, {
          cause: error,
        });
      }
    },
  };
}

export function openRangeSource(spec: LazySourceSpec): RangeSource {
  return spec.kind === "url" ? httpRangeSource(spec.url, spec.sizeBytes, spec.version) : fileSliceSource(spec.file, spec.name);
}
