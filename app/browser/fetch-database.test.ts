import { describe, expect, it, vi } from "vitest";
import { checkDatabaseUrl, DownloadError, fetchDatabase, type FetchDatabaseOptions } from "./fetch-database";
import { RequestFailure, type BodyRequest } from "./body-request";

const URL_ = "https://data.example/files/flights.sqlite";
const MB = 1024 * 1024;

interface Server {
  status?: number;
  statusText?: string;
  contentLength?: number | null;
  chunkBytes?: number;
  chunks?: number;
  /** How the body ends: whole; the connection broken off; or all of it arrived and the browser could not keep it. */
  end?: "whole" | "broken" | "not-kept";
}

/**
 * The browser's request to a server that answers as `server` says, its body in chunks with a progress event after each,
 * counting what it sent and whether the download was called off (a listener threw). As XMLHttpRequest does, it stops
 * sending once called off.
 */
function servedRequest(server: Server) {
  const served = { bytes: 0, calledOff: false };
  const request: BodyRequest = async (_url, listener) => {
    const heard = (call: () => void) => {
      try {
        call();
      } catch (error) {
        served.calledOff = true;
        throw error;
      }
    };
    heard(() => listener.onHead({ status: server.status ?? 200, statusText: server.statusText ?? "OK", contentLength: server.contentLength ?? null }));
    const parts: Uint8Array<ArrayBuffer>[] = [];
    for (let chunk = 1; chunk <= (server.chunks ?? 0); chunk += 1) {
      await Promise.resolve();
      // A guard for the tests themselves: a download that is never stopped would otherwise fill the memory.
      if (served.bytes > 64 * MB) throw new Error("the server sent more than 64 MB: the download was not stopped");
      const part = new Uint8Array(server.chunkBytes ?? 0).fill(chunk % 251);
      parts.push(part);
      served.bytes += part.byteLength;
      heard(() => listener.onProgress(served.bytes));
    }
    if (server.end === "broken") throw new RequestFailure(true, served.bytes, "network-error");
    if (server.end === "not-kept") throw new RequestFailure(true, served.bytes, "not-kept");
    return new Blob(parts);
  };
  return { request, served };
}

/** A request that gets no answer: what the browser says for no connection, CORS, a refused or looping redirect. */
const unanswered: BodyRequest = async () => {
  throw new RequestFailure(false, 0);
};

/** Options with no policy of the page and no policy events, so only what a test passes matters. */
function options(request: BodyRequest, extra: FetchDatabaseOptions = {}): FetchDatabaseOptions {
  const fetcher = async () => {
    throw new Error("fetch is only for finding out why a request got no answer");
  };
  return { request, fetch: fetcher as typeof fetch, base: "http://app.test/", connectSources: null, watchPolicy: () => () => {}, ...extra };
}

async function failure(promise: Promise<unknown>): Promise<DownloadError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DownloadError);
  return error as DownloadError;
}

describe("checkDatabaseUrl", () => {
  it("accepts http and https (relative addresses against the page) and refuses other schemes with the reason", () => {
    expect(checkDatabaseUrl("samples/a.sqlite", "http://app.test/").ok).toBe(true);
    expect(checkDatabaseUrl(URL_).ok).toBe(true);
    for (const url of ["data:application/octet-stream;base64,AAAA", "ftp://files.example/a.sqlite", "file:///etc/passwd", "javascript:alert(1)"]) {
      const checked = checkDatabaseUrl(url);
      expect(checked).toEqual({ ok: false, message: expect.stringMatching(/only http and https addresses can be opened, and this one is [a-z]+:\.$/) });
      expect(!checked.ok && checked.message.startsWith(`Could not download ${url}: `)).toBe(true);
    }
  });
});

describe("fetchDatabase", () => {
  it("refuses another scheme before fetching anything", async () => {
    const request = vi.fn(unanswered);
    const error = await failure(fetchDatabase("ftp://files.example/a.sqlite", options(request)));
    expect(error.kind).toBe("scheme");
    expect(request).not.toHaveBeenCalled();
  });

  it("refuses an address the page's Content-Security-Policy does not allow, before fetching", async () => {
    const request = vi.fn(unanswered);
    const error = await failure(fetchDatabase(URL_, options(request, { connectSources: ["'self'"] })));
    expect(error.kind).toBe("policy");
    expect(error.message).toMatch(
      /^Could not download https:\/\/data\.example\/files\/flights\.sqlite: this page's Content-Security-Policy does not allow connections to https:\/\/data\.example/,
    );
    expect(request).not.toHaveBeenCalled();
  });

  it("downloads into a Blob, with progress", async () => {
    const progress: number[] = [];
    const { request } = servedRequest({ contentLength: 3 * MB, chunkBytes: MB, chunks: 3 });
    const file = await fetchDatabase(URL_, options(request, { onProgress: ({ receivedBytes, totalBytes }) => progress.push(receivedBytes / totalBytes!) }));
    expect(file.name).toBe("flights.sqlite");
    const bytes = new Uint8Array(await file.content.arrayBuffer());
    expect(bytes.byteLength).toBe(3 * MB);
    expect([bytes[0], bytes[MB], bytes[2 * MB]]).toEqual([1, 2, 3]);
    expect(progress).toEqual([1 / 3, 2 / 3, 1, 1]);
  });

  it("refuses a body whose announced size is over the limit without reading it (regression: 1.1 GB read whole first)", async () => {
    const { request, served } = servedRequest({ contentLength: 1_100 * MB, chunkBytes: MB, chunks: 1_200 });
    const error = await failure(fetchDatabase(URL_, options(request, { maxBytes: 1024 * MB })));
    expect(error.kind).toBe("too-large");
    expect(error.message).toBe(`Could not download ${URL_}: the server announces 1.1 GB, and the page opens databases up to 1.0 GB; nothing was downloaded.`);
    expect(served).toEqual({ bytes: 0, calledOff: true });
  });

  it("stops a body without a length at the limit, and calls the download off", async () => {
    const { request, served } = servedRequest({ chunkBytes: 64 * 1024, chunks: 10_000 }); // 625 MB if read to the end
    const error = await failure(fetchDatabase(URL_, options(request, { maxBytes: 2 * MB })));
    expect(error.kind).toBe("too-large");
    expect(error.message).toBe(`Could not download ${URL_}: the download was stopped at 2.0 MB, the largest database the page opens; the file is larger.`);
    expect(served.calledOff).toBe(true);
    expect(served.bytes).toBeLessThanOrEqual(2 * MB + 64 * 1024);
  });

  it("stops a body longer than it announced (as a lying or compressed one may be) at the limit too", async () => {
    const longer = { contentLength: MB, chunkBytes: MB, chunks: 10 };
    expect((await failure(fetchDatabase(URL_, options(servedRequest(longer).request, { maxBytes: 4 * MB })))).kind).toBe("too-large");
    const file = await fetchDatabase(URL_, options(servedRequest(longer).request, { maxBytes: 20 * MB }));
    const bytes = new Uint8Array(await file.content.arrayBuffer());
    expect(bytes.byteLength).toBe(10 * MB);
    expect(bytes[9 * MB]).toBe(10);
  });

  it("refuses a body past the limit that came between two progress events", async () => {
    // The last event said 1 MB; the Blob the browser made holds 3 MB.
    const request: BodyRequest = async (_url, listener) => {
      listener.onHead({ status: 200, statusText: "OK", contentLength: null });
      listener.onProgress(MB);
      return new Blob([new Uint8Array(3 * MB)]);
    };
    expect((await failure(fetchDatabase(URL_, options(request, { maxBytes: 2 * MB })))).kind).toBe("too-large");
  });

  it("names the status when the server refuses, and reads none of its body", async () => {
    const { request, served } = servedRequest({ status: 404, statusText: "Not Found", chunkBytes: 1024, chunks: 1 });
    expect((await failure(fetchDatabase(URL_, options(request)))).message).toBe(`Could not download ${URL_}: the server answered 404 Not Found.`);
    expect(served).toEqual({ bytes: 0, calledOff: true });
  });

  it("says after how much the connection broke off mid-download", async () => {
    const { request } = servedRequest({ contentLength: 4096, chunkBytes: 1024, chunks: 1, end: "broken" });
    const error = await failure(fetchDatabase(URL_, options(request)));
    expect(error.kind).toBe("interrupted");
    expect(error.message).toBe(`Could not download ${URL_}: the download broke off after 1.0 KB (a network error).`);
  });

  it("says the browser could not keep a body that arrived whole", async () => {
    // Told by the request itself, not guessed from the sizes: here the server announced no length.
    const { request } = servedRequest({ chunkBytes: 3000, chunks: 1, end: "not-kept" });
    const error = await failure(fetchDatabase(URL_, options(request)));
    expect(error.kind).toBe("not-kept");
    expect(error.message).toBe(`Could not download ${URL_}: all of it arrived, but the browser could not keep it.`);
  });

  it("says a request that could not be made so, rather than guessing at the network", async () => {
    const broken: BodyRequest = async () => {
      throw new TypeError("XMLHttpRequest is not a constructor");
    };
    const error = await failure(fetchDatabase(URL_, options(broken)));
    expect(error.kind).toBe("network");
    expect(error.message).toBe(`Could not download ${URL_}: the request could not be made (XMLHttpRequest is not a constructor).`);
  });

  describe("a request that gets no answer is explained", () => {
    /** fetch, for the requests that find out why, as the browser answers each kind to a server that behaves in one way. */
    function browserFetch(server: { redirects?: boolean; reachable: boolean }): typeof fetch {
      return async (_url: unknown, init?: RequestInit) => {
        if (init?.redirect === "manual" && server.redirects) return { type: "opaqueredirect", status: 0 } as Response;
        if (init?.mode === "no-cors" && server.reachable) return { type: "opaque", status: 0 } as Response;
        throw new TypeError("Failed to fetch");
      };
    }

    it("as no connection when nothing answers", async () => {
      const error = await failure(fetchDatabase(URL_, options(unanswered, { fetch: browserFetch({ reachable: false }) })));
      expect(error.kind).toBe("network");
      expect(error.message).toBe(
        `Could not download ${URL_}: no connection to data.example (the address may be wrong, the server down, or this device offline).`,
      );
    });

    it("as CORS when the server answers but not to other sites", async () => {
      const error = await failure(fetchDatabase(URL_, options(unanswered, { fetch: browserFetch({ reachable: true }) })));
      expect(error.kind).toBe("cors");
      expect(error.message).toContain("data.example answered, but does not allow other sites to read it");
    });

    it("as a redirect loop when the server redirects and following never ends", async () => {
      const error = await failure(fetchDatabase(URL_, options(unanswered, { fetch: browserFetch({ redirects: true, reachable: false }) })));
      expect(error.kind).toBe("redirect-loop");
      expect(error.message).toBe(`Could not download ${URL_}: the server keeps redirecting (a redirect loop, or more than 20 redirects).`);
    });

    it("as the page's own policy when it refused a redirect", async () => {
      let refuse: (blocked: string) => void = () => {};
      const watchPolicy = (onRefused: (blocked: string) => void) => {
        refuse = onRefused;
        return () => {
          refuse = () => {};
        };
      };
      // The request's redirect refused by the page's policy: the browser says only that it got no answer.
      const refused: BodyRequest = async (url) => {
        refuse(url);
        throw new RequestFailure(false, 0);
      };
      const error = await failure(fetchDatabase(URL_, options(refused, { watchPolicy, fetch: browserFetch({ redirects: true, reachable: false }) })));
      expect(error.kind).toBe("policy");
      expect(error.message).toBe(`Could not download ${URL_}: the server redirected to a site this page's Content-Security-Policy does not allow.`);
    });

    it("never as just 'Failed to fetch'", async () => {
      for (const server of [{ reachable: false }, { reachable: true }, { redirects: true, reachable: false }]) {
        const error = await failure(fetchDatabase(URL_, options(unanswered, { fetch: browserFetch(server) })));
        expect(error.message).not.toContain("Failed to fetch");
      }
    });
  });
});
