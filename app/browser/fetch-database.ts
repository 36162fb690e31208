// Downloads a database from a URL (?db=… or Open URL): http(s) only, the announced size checked before the body is
// read, the body made a Blob by the browser with progress and stopped at the size limit (body-request.ts), and a
// failure named by its real cause.
import { MAX_DATABASE_BYTES } from "../core/db/sqljs-engine";
import { formatBytes } from "../core/format";
import { errorMessage } from "../core/error-message";
import { connectSourcesInForce, isConnectAllowed } from "./content-security";
import { RequestFailure, xhrBodyRequest, type BodyRequest } from "./body-request";

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
  /**
   * Larger downloads are refused (announced) or stopped (at the first progress event past the limit: the browser sends
   * a few a second, so some megabytes more may arrive first; a Blob past it at the end is refused too); defaults to
   * the limit for opened files.
   */
  maxBytes?: number;
  onProgress?: (progress: DownloadProgress) => void;
  /** The request that brings the body (XMLHttpRequest's, by default). */
  request?: BodyRequest;
  /** The requests that find out why a request got no answer (the browser's fetch, by default). */
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
  const tooLarge = () => fail("too-large", `the download was stopped at ${formatBytes(maxBytes)}, the largest database the page opens; the file is larger`);
  let announced: number | null = null;
  let received = 0;
  /** Made once the size is known (or known to be unknown), from the answer's head. */
  let reporter: ProgressReport | null = null;
  const report = (bytes: number, last = false) => reporter?.(bytes, last);
  try {
    let content: Blob;
    try {
      content = await (options.request ?? xhrBodyRequest)(checked.url.href, {
        onHead(head) {
          if (head.status < 200 || head.status > 299) {
            throw fail("http", `the server answered ${head.status}${head.statusText ? ` ${head.statusText}` : ""}`);
          }
          announced = head.contentLength;
          if (announced !== null && announced > maxBytes) {
            throw fail(
              "too-large",
              `the server announces ${formatBytes(announced)}, and the page opens databases up to ${formatBytes(maxBytes)}; nothing was downloaded`,
            );
          }
          reporter = progressReporter(announced, options.onProgress);
        },
        onProgress(bytes) {
          received = bytes;
          // A body without a length, or longer than it announced (as a lying or compressed one may be): stopped here.
          if (bytes > maxBytes) throw tooLarge();
          report(bytes);
        },
      });
    } catch (error) {
      if (error instanceof DownloadError) throw error;
      if (!(error instanceof RequestFailure)) throw fail("network", `the request could not be made (${errorMessage(error)})`);
      if (error.responded) {
        received = Math.max(received, error.receivedBytes);
        // All of it arrived, and the browser could not keep it (its storage for Blobs is full, say).
        if (error.ended === "not-kept") throw fail("not-kept", `all of it arrived, but the browser could not keep it`);
        // The count is the last progress event's: the browser sends one a few times a second.
        throw fail("interrupted", `the download broke off after ${formatBytes(received)} (a network error)`);
      }
      // The browser hides why a request got no answer; find it out.
      const cause = await diagnoseFailedFetch(checked.url.href, fetcher);
      if (refusedByPolicy.length > 0) throw fail("policy", policyCause(refusedByPolicy[0]!, checked.url.href));
      throw fail(cause.kind, cause.text);
    }
    // Past the limit since the last progress event.
    if (content.size > maxBytes) throw tooLarge();
    report(content.size, true);
    return { name: fileNameFromUrl(checked.url.href), content };
  } finally {
    stopWatching();
  }
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

type ProgressReport = (received: number, last?: boolean) => void;

/** Progress about every half percent (or every megabyte when the size is unknown): a store update per event is too many. */
function progressReporter(total: number | null, onProgress: FetchDatabaseOptions["onProgress"]): ProgressReport {
  const step = total ? Math.max(1, Math.floor(total / 200)) : 1024 * 1024;
  let next = 0;
  return (received, last = false) => {
    if (!onProgress || (received < next && !last)) return;
    next = received + step;
    onProgress({ receivedBytes: received, totalBytes: total });
  };
}
