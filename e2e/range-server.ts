// A static file server for databases read on demand, in tests and the bench: it answers range requests (206 with
// Content-Range) or, when told, ignores them as many servers do (200, the whole file), allows other sites to read
// it (CORS, Content-Range exposed), names each version of a file (ETag, Last-Modified), and counts the body bytes it sends, so a test can compare them with what the page
// says it read.
import { createReadStream, statSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface ServedFile {
  /** Where the file is on disk (a large one is streamed, never read whole). */
  path: string;
  /** False: range requests are answered with the whole file (200), as a server without range support does. */
  ranges: boolean;
}

export interface RangeServer {
  origin: string;
  /** Body bytes sent since the start or the last reset, and the requests answered. */
  sent(): { bytes: number; requests: number };
  reset(): void;
  close(): Promise<void>;
}

const CORS_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Headers": "Range",
  "Access-Control-Expose-Headers": "Content-Range, Content-Length, Accept-Ranges, ETag",
  // Exact counts: the browser must ask the server each time, not answer from its cache.
  "Cache-Control": "no-store",
};

/** `bytes=a-b` (or `bytes=a-`) within the size; null for anything else (several ranges, suffixes), which gets 416. */
function parseRange(header: string, size: number): { start: number; end: number } | null {
  const match = /^bytes=(\d+)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const start = Number(match[1]);
  const end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  return start <= end ? { start, end } : null;
}

export async function startRangeServer(files: Record<string, ServedFile>): Promise<RangeServer> {
  let bytes = 0;
  let requests = 0;
  const send = (response: ServerResponse, path: string, start: number, end: number) => {
    const stream = createReadStream(path, { start, end });
    stream.on("data", (chunk) => {
      bytes += chunk.length;
    });
    stream.pipe(response);
  };
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const file = files[new URL(request.url ?? "/", "http://localhost").pathname];
    if (request.method === "OPTIONS") {
      response.writeHead(204, { ...CORS_HEADERS, "Access-Control-Allow-Methods": "GET, HEAD" }).end();
      return;
    }
    if (!file) {
      response.writeHead(404, CORS_HEADERS).end();
      return;
    }
    requests += 1;
    const { size, mtime } = statSync(file.path);
    // As static servers do (nginx: modification time and size), so a file replaced on disk is a new version.
    const version = { ETag: `"${Math.floor(mtime.getTime()).toString(16)}-${size.toString(16)}"`, "Last-Modified": mtime.toUTCString() };
    const common = { ...CORS_HEADERS, ...version, "Content-Type": "application/vnd.sqlite3", ...(file.ranges ? { "Accept-Ranges": "bytes" } : {}) };
    const rangeHeader = request.headers.range;
    if (file.ranges && rangeHeader) {
      const range = parseRange(rangeHeader, size);
      if (!range) {
        response.writeHead(416, { ...common, "Content-Range": `bytes */${size}` }).end();
        return;
      }
      response.writeHead(206, {
        ...common,
        "Content-Range": `bytes ${range.start}-${range.end}/${size}`,
        "Content-Length": String(range.end - range.start + 1),
      });
      if (request.method === "HEAD") response.end();
      else send(response, file.path, range.start, range.end);
      return;
    }
    response.writeHead(200, { ...common, "Content-Length": String(size) });
    if (request.method === "HEAD") response.end();
    else send(response, file.path, 0, size - 1);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    sent: () => ({ bytes, requests }),
    reset: () => {
      bytes = 0;
      requests = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
