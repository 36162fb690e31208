// Downloads a database from a URL (?db=… or Open URL): http(s) only, the announced size checked before the body is
// read, the body streamed with progress and stopped at the size limit, and a failure named by its real cause.
import { MAX_DATABASE_BYTES } from "../core/db/sqljs-engine";
import { formatBytes } from "../core/format";
import { errorMessage } from "../core/error-message";
import { connectSourcesInForce, isConnectAllowed } from "./content-security";

export interface FetchedFile {
  name: string;
  /** The body, held by the browser outside the page's JavaScript heap: a database's is read by the SQLite worker (openBlob). */
  content: Blob;
}

export type DownloadFailureKind = "scheme" | "policy" | "network" | "cors" | "redirect-loop" | "too-large" | "http" | "interrupted" | "not-kept";

/** A download that failed, with the cause as a kind (for tests and callers) and a message naming the URL. */
export class DownloadError extends Error {
  constructor(
    readonly kind: DownloadFailureKind,
    message: string,
  ) {
    super(message);
    this.name = "DownloadError";
  }
}

export interface DownloadProgress {
  receivedBytes: number;
  /** From Content-Length; null when the server does not say. */
  totalBytes: number | null;
}

export interface FetchDatabaseOptions {
  /** Larger downloads are refused (announced) or stopped (streamed); defaults to the limit for opened files. */
  maxBytes?: number;
  onProgress?: (progress: DownloadProgress) => void;
  fetch?: typeof fetch;
  /** Where a relative URL is resolved against: the page's address. */
  base?: string;
  /** The connect-src sources in force, or null when the page has no policy of its own (the dev server). */
  connectSources?: string[] | null;
  /** Reports Content-Security-Policy refusals while the download runs; returns the function that stops listening. */
  watchPolicy?: (onRefused: (blockedUrl: string) => void) => () => void;
}

let downloadLimitOverride: number | null = null;

/** End-to-end tests lower the limit so a body "too large" is a few megabytes, not a gigabyte. */
export function setDownloadLimitForTests(bytes: number | null): void {
  downloadLimitOverride = bytes;
}

function pageAddress(): string | undefined {
  return typeof location === "undefined" ? undefined : location.href;
}

export function fileNameFromUrl(url: string, base = pageAddress()): string {
  try {
    const path = new URL(url, base).pathname;
    const last = decodeURIComponent(path.split("/").filter(Boolean).pop() ?? "");
    return last || "database.sqlite";
  } catch {
    return "database.sqlite";
  }
}

/** The address as an http(s) URL, or the reason it cannot be downloaded (said before anything is fetched). */
export function checkDatabaseUrl(url: string, base = pageAddress()): { ok: true; url: URL } | { ok: false; message: string } {
  let parsed: URL;
  try {
    parsed = new URL(url, base);
  } catch {
    return { ok: false, message: `Could not download ${url}: it is not a valid address.` };
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    return { ok: false, message: `Could not download ${url}: only http and https addresses can be opened, and this one is ${parsed.protocol}.` };
  }
  return { ok: true, url: parsed };
}

/** Listens for the page's own policy refusing a connection (a redirect to a site outside connect-src, say). */
export function watchPolicyViolations(onRefused: (blockedUrl: string) => void): () => void {
  if (typeof document === "undefined") return () => {};
  const listener = (event: SecurityPolicyViolationEvent) => {
    if (event.effectiveDirective === "connect-src") onRefused(event.blockedURI);
  };
  document.addEventListener("securitypolicyviolation", listener);
  return () => document.removeEventListener("securitypolicyviolation", listener);
}

export async function fetchDatabase(url: string, options: FetchDatabaseOptions = {}): Promise<FetchedFile> {
  const maxBytes = options.maxBytes ?? downloadLimitOverride ?? MAX_DATABASE_BYTES;
  const fetcher = options.fetch ?? globalThis.fetch.bind(globalThis);
  const checked = checkDatabaseUrl(url, options.base ?? pageAddress());
  if (!checked.ok) throw new DownloadError("scheme", checked.message);
  const fail = (kind: DownloadFailureKind, cause: string) => new DownloadError(kind, `Could not download ${url}: ${cause}.`);

  const sources = options.connectSources === undefined ? connectSourcesInForce() : options.connectSources;
  if (sources && !isConnectAllowed(checked.url.href, sources)) {
    throw fail(
      "policy",
      `this page's Content-Security-Policy does not allow connections to ${checked.url.origin} (open it through ?db= in the address, which allows it)`,
    );
  }

  const refusedByPolicy: string[] = [];
  const stopWatching = (options.watchPolicy ?? watchPolicyViolations)((blocked) => refusedByPolicy.push(blocked));
  const controller = new AbortController();
  try {
    let response: Response;
    try {
      response = await fetcher(checked.url.href, { signal: controller.signal });
    } catch {
      // fetch hides the cause from the page ("Failed to fetch" for all of them); find it out.
      const cause = await diagnoseFailedFetch(checked.url.href, fetcher);
      if (refusedByPolicy.length > 0) throw fail("policy", policyCause(refusedByPolicy[0]!, checked.url.href));
      throw fail(cause.kind, cause.text);
    }
    if (!response.ok) {
      throw fail("http", `the server answered ${response.status}${response.statusText ? ` ${response.statusText}` : ""}`);
    }
    const announced = announcedLength(response);
    if (announced !== null && announced > maxBytes) {
      controller.abort();
      throw fail(
        "too-large",
        `the server announces ${formatBytes(announced)}, and the page opens databases up to ${formatBytes(maxBytes)}; nothing was downloaded`,
      );
    }
    const content = await readBody(response, announced, maxBytes, controller, options.onProgress, fail);
    return { name: fileNameFromUrl(checked.url.href), content };
  } finally {
    stopWatching();
  }
}

function announcedLength(response: Response): number | null {
  const header = response.headers.get("content-length");
  if (header === null || !/^\d+$/.test(header.trim())) return null;
  return Number(header);
}

function policyCause(blocked: string, requested: string): string {
  // Chromium reports a refused redirect under the address first requested (which the policy allowed).
  if (blocked === requested || blocked === "") return "the server redirected to a site this page's Content-Security-Policy does not allow";
  return `this page's Content-Security-Policy refused the connection to ${blocked}`;
}

/**
 * Tells apart what a failed fetch hides, with two more requests to the same address: one that does not follow
 * redirects (a CORS-enabled redirect answers it), one that does not need CORS (a reachable server answers it).
 */
async function diagnoseFailedFetch(url: string, fetcher: typeof fetch): Promise<{ kind: DownloadFailureKind; text: string }> {
  const host = new URL(url).host;
  const answers = async (init: RequestInit): Promise<Response | null> => {
    const probe = new AbortController();
    try {
      const response = await fetcher(url, { ...init, signal: probe.signal });
      probe.abort(); // only the status line was wanted, not the body
      return response;
    } catch {
      return null;
    }
  };
  const unfollowed = await answers({ redirect: "manual" });
  const readableElsewhere = await answers({ mode: "no-cors" });
  if (unfollowed?.type === "opaqueredirect") {
    if (readableElsewhere) return { kind: "cors", text: "the server redirects to a server that does not allow other sites to read it (CORS)" };
    return { kind: "redirect-loop", text: "the server keeps redirecting (a redirect loop, or more than 20 redirects)" };
  }
  if (readableElsewhere) {
    return { kind: "cors", text: `${host} answered, but does not allow other sites to read it (no Access-Control-Allow-Origin header for this page: CORS)` };
  }
  return { kind: "network", text: `no connection to ${host} (the address may be wrong, the server down, or this device offline)` };
}

/**
 * Reads the body into a Blob, counting it on its way, so a body past the limit is stopped there rather than read whole
 * first. The browser builds the Blob (Response.blob() on the counted stream), out of the page's JavaScript heap. The
 * body used to be gathered into one buffer on the page, which was then cloned whole to the SQLite worker and copied
 * whole again into a Blob when the database was kept: for a 400 MB download, two tasks of ~1.2–1.5 s and the file
 * held three times in the page's process. Blobs made by the page from each chunk cost it twice the time Response.blob()
 * does (~9 against ~5 ms a megabyte here).
 */
async function readBody(
  response: Response,
  announced: number | null,
  maxBytes: number,
  controller: AbortController,
  onProgress: FetchDatabaseOptions["onProgress"],
  fail: (kind: DownloadFailureKind, cause: string) => DownloadError,
): Promise<Blob> {
  if (!response.body) return await response.blob();
  const report = progressReporter(announced, onProgress);
  let received = 0;
  let tooLarge: DownloadError | null = null;
  let whole = false;
  const counter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, stream) {
      if (received + chunk.byteLength > maxBytes) {
        tooLarge = fail("too-large", `the download was stopped at ${formatBytes(maxBytes)}, the largest database the page opens; the file is larger`);
        stream.error(tooLarge);
        return;
      }
      received += chunk.byteLength;
      report(received);
      stream.enqueue(chunk);
    },
    flush() {
      whole = true;
    },
  });
  // Piped here, not by pipeThrough, to keep the body's own error: Chromium's Response.blob() rejects with "Failed to
  // fetch" whatever broke the stream it reads.
  let broken: unknown = null;
  const piped = response.body.pipeTo(counter.writable).catch((error: unknown) => {
    broken = error;
  });
  let body: Blob;
  try {
    body = await new Response(counter.readable).blob();
  } catch (error) {
    controller.abort();
    await piped;
    if (tooLarge) throw tooLarge;
    if (!whole) throw fail("interrupted", `the download broke off after ${formatBytes(received)} (${errorMessage(broken ?? error)})`);
    // All of it arrived, and the browser could not keep it (its storage for Blobs is full, say).
    throw fail("not-kept", `all ${formatBytes(received)} arrived, but the browser could not keep them (${errorMessage(error)})`);
  }
  await piped;
  report(received, true);
  return body;
}

/** Progress about every half percent (or every megabyte when the size is unknown): a store update per chunk is too many. */
function progressReporter(total: number | null, onProgress: FetchDatabaseOptions["onProgress"]): (received: number, last?: boolean) => void {
  const step = total ? Math.max(1, Math.floor(total / 200)) : 1024 * 1024;
  let next = 0;
  return (received, last = false) => {
    if (!onProgress || (received < next && !last)) return;
    next = received + step;
    onProgress({ receivedBytes: received, totalBytes: total });
  };
}
