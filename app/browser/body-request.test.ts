// The browser's request for a download's body, against a stand-in for XMLHttpRequest that fires its events in the
// order the XMLHttpRequest standard gives them (Node has none).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RequestFailure, xhrBodyRequest, type BodyListener } from "./body-request";

class ScriptedXhr {
  static readonly UNSENT = 0;
  static readonly OPENED = 1;
  static readonly HEADERS_RECEIVED = 2;
  static readonly LOADING = 3;
  static readonly DONE = 4;
  static last: ScriptedXhr | null = null;

  readyState = ScriptedXhr.UNSENT;
  status = 0;
  statusText = "";
  response: unknown = null;
  responseType = "";
  method = "";
  url = "";
  aborted = false;
  private headers: Record<string, string> = {};
  onreadystatechange: (() => void) | null = null;
  onprogress: ((event: { loaded: number }) => void) | null = null;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
    this.readyState = ScriptedXhr.OPENED;
  }
  send() {
    ScriptedXhr.last = this;
  }
  getResponseHeader(name: string): string | null {
    return this.headers[name.toLowerCase()] ?? null;
  }
  /** As the standard says: an answered request goes to DONE with a readystatechange, then the abort event. */
  abort() {
    this.aborted = true;
    if (this.readyState === ScriptedXhr.HEADERS_RECEIVED || this.readyState === ScriptedXhr.LOADING) {
      this.readyState = ScriptedXhr.DONE;
      this.status = 0;
      this.onreadystatechange?.();
      this.onabort?.();
    }
    this.readyState = ScriptedXhr.UNSENT;
  }

  // What the server and the network do.
  answer(status: number, statusText: string, headers: Record<string, string> = {}) {
    this.status = status;
    this.statusText = statusText;
    this.headers = headers;
    this.readyState = ScriptedXhr.HEADERS_RECEIVED;
    this.onreadystatechange?.();
  }
  receive(loaded: number) {
    if (this.aborted) return;
    this.readyState = ScriptedXhr.LOADING;
    this.onreadystatechange?.();
    this.onprogress?.({ loaded });
  }
  finish(response: unknown) {
    if (this.aborted) return;
    this.readyState = ScriptedXhr.DONE;
    this.response = response;
    this.onreadystatechange?.();
    this.onload?.();
  }
  /** A network error: DONE with status 0 and no headers, then the error event. */
  fail() {
    this.readyState = ScriptedXhr.DONE;
    this.status = 0;
    this.headers = {};
    this.onreadystatechange?.();
    this.onerror?.();
  }
}

function listening(overrides: Partial<BodyListener> = {}) {
  const heard: string[] = [];
  const listener: BodyListener = {
    onHead: (head) => heard.push(`head ${head.status} ${head.statusText} ${head.contentLength}`),
    onProgress: (bytes) => heard.push(`progress ${bytes}`),
    ...overrides,
  };
  return { heard, listener };
}

/** The request begun, and the stand-in it made. */
function begin(listener: BodyListener) {
  const body = xhrBodyRequest("https://data.example/f.sqlite", listener);
  const settled = { done: false };
  void body.then(
    () => (settled.done = true),
    () => (settled.done = true),
  );
  return { body, xhr: ScriptedXhr.last!, settled };
}

beforeEach(() => {
  vi.stubGlobal("XMLHttpRequest", ScriptedXhr);
});
afterEach(() => {
  vi.unstubAllGlobals();
  ScriptedXhr.last = null;
});

describe("xhrBodyRequest", () => {
  it("asks for a blob, tells the head and the progress, and gives the browser's Blob", async () => {
    const { heard, listener } = listening();
    const { body, xhr } = begin(listener);
    expect([xhr.method, xhr.url, xhr.responseType]).toEqual(["GET", "https://data.example/f.sqlite", "blob"]);
    xhr.answer(200, "OK", { "content-length": "3000" });
    xhr.receive(1000);
    xhr.receive(3000);
    const blob = new Blob(["the body"]);
    xhr.finish(blob);
    expect(await body).toBe(blob);
    // The head once, though readystatechange also fires for LOADING and DONE.
    expect(heard).toEqual(["head 200 OK 3000", "progress 1000", "progress 3000"]);
  });

  it("calls the request off when the head is refused, rejecting with the listener's error once", async () => {
    const refusal = new Error("the server answered 404 Not Found");
    const { heard, listener } = listening({
      onHead: (head) => {
        heard.push(`head ${head.status}`);
        throw refusal;
      },
    });
    const { body, xhr } = begin(listener);
    xhr.answer(404, "Not Found");
    await expect(body).rejects.toBe(refusal);
    expect(xhr.aborted).toBe(true);
    // The abort's own readystatechange (DONE, status 0) and abort event told nothing more.
    expect(heard).toEqual(["head 404"]);
  });

  it("calls the request off when a progress event is refused, and a later load changes nothing", async () => {
    const tooLarge = new Error("past the limit");
    const { listener } = listening({
      onProgress: (bytes) => {
        if (bytes > 2000) throw tooLarge;
      },
    });
    const { body, xhr } = begin(listener);
    xhr.answer(200, "OK");
    xhr.receive(1000);
    xhr.receive(4000);
    await expect(body).rejects.toBe(tooLarge);
    expect(xhr.aborted).toBe(true);
  });

  it("fails as unanswered when the network fails before any answer, without telling a head of status 0", async () => {
    const { heard, listener } = listening();
    const { body, xhr } = begin(listener);
    xhr.fail();
    const failure = await body.catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RequestFailure);
    expect(failure).toMatchObject({ responded: false, receivedBytes: 0 });
    expect(heard).toEqual([]);
  });

  it("fails as broken off after the bytes of the last progress event when the network fails mid-body", async () => {
    const { listener } = listening();
    const { body, xhr } = begin(listener);
    xhr.answer(200, "OK", { "content-length": "4096" });
    xhr.receive(1024);
    xhr.fail();
    expect(await body.catch((error: unknown) => error)).toMatchObject({ responded: true, receivedBytes: 1024, ended: "network-error" });
  });

  it("fails as not kept when the whole body came and the browser gave no Blob", async () => {
    const { listener } = listening();
    const { body, xhr } = begin(listener);
    xhr.answer(200, "OK", { "content-length": "3000" });
    xhr.receive(3000);
    xhr.finish(null);
    expect(await body.catch((error: unknown) => error)).toMatchObject({ responded: true, receivedBytes: 3000, ended: "not-kept" });
  });

  it("reads no length from a Content-Length that is not a number", async () => {
    const { heard, listener } = listening();
    const { body, xhr } = begin(listener);
    xhr.answer(200, "OK", { "content-length": "about 3 MB" });
    xhr.finish(new Blob([]));
    await body;
    expect(heard).toEqual(["head 200 OK null"]);
  });
});
