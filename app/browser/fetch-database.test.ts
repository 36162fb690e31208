import { describe, expect, it, vi } from "vitest";
import { checkDatabaseUrl, DownloadError, fetchDatabase, type FetchDatabaseOptions } from "./fetch-database";

const URL_ = "https://data.example/files/flights.sqlite";
const MB = 1024 * 1024;

/** A body served in chunks on demand, counting what was pulled and whether the download was called off. */
function servedBody(chunkBytes: number, chunks: number, signal: AbortSignal | null | undefined) {
  const served = { bytes: 0, cancelled: false };
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (sent === chunks) return controller.close();
        sent += 1;
        served.bytes += chunkBytes;
        controller.enqueue(new Uint8Array(chunkBytes).fill(sent % 251));
      },
      cancel() {
        served.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  // Like the browser: aborting the request cancels its body.
  signal?.addEventListener("abort", () => {
    served.cancelled = true;
  });
  return { stream, served };
}

/** Options with no policy of the page and no policy events, so only what a test passes matters. */
function options(fetcher: (url: string, init?: RequestInit) => Promise<Response>, extra: FetchDatabaseOptions = {}): FetchDatabaseOptions {
  return { fetch: fetcher as typeof fetch, base: "http://app.test/", connectSources: null, watchPolicy: () => () => {}, ...extra };
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
    const fetcher = vi.fn();
    const error = await failure(fetchDatabase("ftp://files.example/a.sqlite", options(fetcher)));
    expect(error.kind).toBe("scheme");
    expect(fetcher).not.toHaveBeenCalled();
  });

  it("refuses an address the page's Content-Security-Policy does not allow, before fetching", async () => {
    const fetcher = vi.fn();
    const error = await failure(fetchDatabase(URL_, options(fetcher, { connectSources: ["'self'"] })));
    expect(error.kind).toBe("policy");
    expect(error.message).toMatch(
      /^Could not download https:\/\/data\.example\/files\/flights\.sqlite: this page's Content-Security-Policy does not allow connections to https:\/\/data\.example/,
    );
    expect(fetcher).not.toHaveBeenCalled();
  });

  it("downloads in chunks with progress, into a Blob", async () => {
    const progress: number[] = [];
    const fetcher = async (_url: string, init?: RequestInit) => {
      const { stream } = servedBody(MB, 3, init?.signal);
      return new Response(stream, { headers: { "content-length": String(3 * MB) } });
    };
    const file = await fetchDatabase(URL_, options(fetcher, { onProgress: ({ receivedBytes, totalBytes }) => progress.push(receivedBytes / totalBytes!) }));
    expect(file.name).toBe("flights.sqlite");
    const bytes = new Uint8Array(await file.content.arrayBuffer());
    expect(bytes.byteLength).toBe(3 * MB);
    expect([bytes[0], bytes[MB], bytes[2 * MB]]).toEqual([1, 2, 3]);
    expect(progress).toEqual([1 / 3, 2 / 3, 1, 1]);
  });

  it("refuses a body whose announced size is over the limit without reading it (regression: 1.1 GB read whole first)", async () => {
    let served = { bytes: 0, cancelled: false };
    const fetcher = async (_url: string, init?: RequestInit) => {
      const body = servedBody(MB, 1_200, init?.signal);
      served = body.served;
      return new Response(body.stream, { headers: { "content-length": String(1_100 * MB) } });
    };
    const error = await failure(fetchDatabase(URL_, options(fetcher, { maxBytes: 1024 * MB })));
    expect(error.kind).toBe("too-large");
    expect(error.message).toBe(`Could not download ${URL_}: the server announces 1.1 GB, and the page opens databases up to 1.0 GB; nothing was downloaded.`);
    expect(served).toEqual({ bytes: 0, cancelled: true });
  });

  it("stops a body without a length at the limit, and calls the download off", async () => {
    let served = { bytes: 0, cancelled: false };
    let signal: AbortSignal | null | undefined;
    const fetcher = async (_url: string, init?: RequestInit) => {
      const body = servedBody(64 * 1024, 10_000, init?.signal); // 625 MB if read to the end
      served = body.served;
      signal = init?.signal;
      return new Response(body.stream);
    };
    const error = await failure(fetchDatabase(URL_, options(fetcher, { maxBytes: 2 * MB })));
    expect(error.kind).toBe("too-large");
    expect(error.message).toBe(`Could not download ${URL_}: the download was stopped at 2.0 MB, the largest database the page opens; the file is larger.`);
    expect(served.cancelled).toBe(true);
    expect(signal?.aborted).toBe(true);
    expect(served.bytes).toBeLessThanOrEqual(2 * MB + 64 * 1024);
  });

  it("stops a body longer than it announced (as a lying or compressed one may be) at the limit too", async () => {
    const fetcher = async (_url: string, init?: RequestInit) =>
      new Response(servedBody(MB, 10, init?.signal).stream, { headers: { "content-length": String(MB) } });
    expect((await failure(fetchDatabase(URL_, options(fetcher, { maxBytes: 4 * MB })))).kind).toBe("too-large");
    const longer = await fetchDatabase(URL_, options(fetcher, { maxBytes: 20 * MB }));
    const bytes = new Uint8Array(await longer.content.arrayBuffer());
    expect(bytes.byteLength).toBe(10 * MB);
    expect(bytes[9 * MB]).toBe(10);
  });

  it("names the status when the server refuses", async () => {
    const fetcher = async () => new Response("nope", { status: 404, statusText: "Not Found" });
    expect((await failure(fetchDatabase(URL_, options(fetcher)))).message).toBe(`Could not download ${URL_}: the server answered 404 Not Found.`);
  });

  it("says when the connection broke off mid-download", async () => {
    const fetcher = async () =>
      new Response(
        new ReadableStream(
          {
            pulled: 0,
            pull(controller) {
              this.pulled += 1;
              if (this.pulled === 1) controller.enqueue(new Uint8Array(1024));
              else controller.error(new TypeError("network error"));
            },
          } as UnderlyingDefaultSource<Uint8Array> & { pulled: number },
          { highWaterMark: 0 },
        ),
      );
    const error = await failure(fetchDatabase(URL_, options(fetcher)));
    expect(error.kind).toBe("interrupted");
    expect(error.message).toBe(`Could not download ${URL_}: the download broke off after 1.0 KB (network error).`);
  });

  describe("with Chromium's Response.blob(), which rejects with 'Failed to fetch' whatever broke its stream", () => {
    const chromiumBlob = (wholeFirst: boolean) =>
      async function (this: Response): Promise<Blob> {
        const reader = this.body!.getReader();
        try {
          for (;;) if ((await reader.read()).done) break;
        } catch {
          throw new TypeError("Failed to fetch");
        }
        if (wholeFirst) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
        return new Blob([]);
      };
    const brokenBody = () => {
      let pulls = 0;
      return new ReadableStream<Uint8Array>(
        {
          pull(controller) {
            pulls += 1;
            if (pulls === 1) controller.enqueue(new Uint8Array(2048));
            else controller.error(new TypeError("network error"));
          },
        },
        { highWaterMark: 0 },
      );
    };

    it("names the body's own error when the connection broke off", async () => {
      const blob = vi.spyOn(Response.prototype, "blob").mockImplementation(chromiumBlob(false));
      try {
        const error = await failure(
          fetchDatabase(
            URL_,
            options(async () => new Response(brokenBody())),
          ),
        );
        expect(error.kind).toBe("interrupted");
        expect(error.message).toBe(`Could not download ${URL_}: the download broke off after 2.0 KB (network error).`);
      } finally {
        blob.mockRestore();
      }
    });

    it("says the browser could not keep a body that arrived whole", async () => {
      const blob = vi.spyOn(Response.prototype, "blob").mockImplementation(chromiumBlob(true));
      try {
        const error = await failure(
          fetchDatabase(
            URL_,
            options(async () => new Response(new Uint8Array(3000))),
          ),
        );
        expect(error.kind).toBe("not-kept");
        expect(error.message).toBe(`Could not download ${URL_}: all 2.9 KB arrived, but the browser could not keep them (The quota has been exceeded.).`);
      } finally {
        blob.mockRestore();
      }
    });
  });

  describe("a fetch that fails ('Failed to fetch') is explained", () => {
    /** fetch as the browser answers each kind of request to a server that behaves in one way. */
    function browserFetch(server: { redirects?: boolean; reachable: boolean }) {
      return async (_url: string, init?: RequestInit) => {
        if (init?.redirect === "manual" && server.redirects) return { type: "opaqueredirect", status: 0 } as Response;
        if (init?.mode === "no-cors" && server.reachable) return { type: "opaque", status: 0 } as Response;
        throw new TypeError("Failed to fetch");
      };
    }

    it("as no connection when nothing answers", async () => {
      const error = await failure(fetchDatabase(URL_, options(browserFetch({ reachable: false }))));
      expect(error.kind).toBe("network");
      expect(error.message).toBe(
        `Could not download ${URL_}: no connection to data.example (the address may be wrong, the server down, or this device offline).`,
      );
    });

    it("as CORS when the server answers but not to other sites", async () => {
      const error = await failure(fetchDatabase(URL_, options(browserFetch({ reachable: true }))));
      expect(error.kind).toBe("cors");
      expect(error.message).toContain("data.example answered, but does not allow other sites to read it");
    });

    it("as a redirect loop when the server redirects and following never ends", async () => {
      const error = await failure(fetchDatabase(URL_, options(browserFetch({ redirects: true, reachable: false }))));
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
      const fetcher = async (url: string, init?: RequestInit) => {
        if (init?.redirect === undefined && init?.mode === undefined) refuse(url);
        return browserFetch({ redirects: true, reachable: false })(url, init);
      };
      const error = await failure(fetchDatabase(URL_, options(fetcher, { watchPolicy })));
      expect(error.kind).toBe("policy");
      expect(error.message).toBe(`Could not download ${URL_}: the server redirected to a site this page's Content-Security-Policy does not allow.`);
    });

    it("never as just 'Failed to fetch'", async () => {
      for (const server of [{ reachable: false }, { reachable: true }, { redirects: true, reachable: false }]) {
        const error = await failure(fetchDatabase(URL_, options(browserFetch(server))));
        expect(error.message).not.toContain("Failed to fetch");
      }
    });
  });
});
