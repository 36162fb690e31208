// Asks a server, before any download, whether it answers HTTP range requests for a database URL: if it does, the
// database can be read on demand (only the pages a query touches); if not, it is downloaded whole as before.
import { parseContentLength, parseContentRange, type RemoteFileVersion } from "../core/db/lazy-file";
import { errorMessage } from "../core/error-message";

/** The server serves ranges: the file's size, and its first bytes (enough to check the SQLite header). */
export interface RangesServed {
  ranges: true;
  sizeBytes: number;
  firstBytes: Uint8Array;
  /** The version the probe saw: every later range read must come from the same one. */
  version: RemoteFileVersion;
}

/** It does not (or cannot be asked): why, in words, for the record; the caller downloads whole. */
export interface RangesNotServed {
  ranges: false;
  reason: string;
}

export type RangeProbe = RangesServed | RangesNotServed;

/** The bytes asked for by the probe: the SQLite header is the first 100. */
export const PROBE_BYTES = 100;

/**
 * Reads the answer to `Range: bytes=0-99`. A 206 whose Content-Range gives the total is a server that serves ranges.
 * Across sites Content-Range is hidden unless the server exposes it (Access-Control-Expose-Headers); the total then
 * comes from `sizeFallback` (a HEAD's Content-Length, which is always readable).
 */
export function rangeSupportFrom(
  status: number,
  headers: { get(name: string): string | null },
  body: Uint8Array,
  sizeFallback: number | null = null,
): RangeProbe {
  if (status === 200) return { ranges: false, reason: "the server answered the range request with the whole file (200)" };
  if (status !== 206) return { ranges: false, reason: `the server answered ${status}` };
  const range = parseContentRange(headers.get("content-range"));
  if (range && range.start !== 0) return { ranges: false, reason: `the server answered bytes from ${range.start}, not from 0` };
  const sizeBytes = range?.total ?? sizeFallback;
  if (sizeBytes === null) return { ranges: false, reason: "the server did not say the file's size (Content-Range, Content-Length)" };
  if (body.byteLength !== Math.min(PROBE_BYTES, sizeBytes)) {
    return { ranges: false, reason: `the server sent ${body.byteLength} bytes for a range of ${Math.min(PROBE_BYTES, sizeBytes)}` };
  }
  return { ranges: true, sizeBytes, firstBytes: body, version: { etag: headers.get("etag"), lastModified: headers.get("last-modified") } };
}

/**
 * One GET with `Range: bytes=0-99` (a CORS-safelisted header, so no preflight), and a HEAD only when the size is
 * hidden. Any failure means "download whole": the download then reports the real cause, as before.
 */
export async function probeRanges(url: string, fetcher: typeof fetch = globalThis.fetch.bind(globalThis)): Promise<RangeProbe> {
  try {
    // no-store: a cached whole file must not stand in for the server's answer to a range request.
    const response = await fetcher(url, { headers: { Range: `bytes=0-${PROBE_BYTES - 1}` }, cache: "no-store" });
    if (response.status !== 206) {
      await response.body?.cancel();
      return rangeSupportFrom(response.status, response.headers, new Uint8Array());
    }
    const body = new Uint8Array(await response.arrayBuffer());
    let sizeFallback: number | null = null;
    if (parseContentRange(response.headers.get("content-range")) === null) {
      const head = await fetcher(url, { method: "HEAD", cache: "no-store" });
      sizeFallback = head.ok ? parseContentLength(head.headers.get("content-length")) : null;
    }
    return rangeSupportFrom(response.status, response.headers, body, sizeFallback);
  } catch (error) {
    return { ranges: false, reason: `the range request failed (${errorMessage(error)})` };
  }
}
