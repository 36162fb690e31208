// The request that brings a downloaded database: its answer's status line first, then its body as a Blob the browser
// builds, with the bytes received so far along the way. XMLHttpRequest's blob response is the one web API that gives
// both without the body passing through the page's JavaScript: fetch gives either a Blob (Response.blob(), no progress)
// or the body's chunks on the page. Counting those chunks on their way to a Blob cost ~4.1-4.7 s for a 401 MB body on
// loopback, against ~2.5-2.9 s for this request and ~2.0-3.5 s for Response.blob() alone (a blank page, this machine).

import { parseContentLength } from "../core/db/lazy-file";

/** The answer's status line and announced size. */
export interface ResponseHead {
  status: number;
  statusText: string;
  /** From Content-Length; null when the server does not say. */
  contentLength: number | null;
}

export interface BodyListener {
  /** The status and headers came: throwing calls the request off, and the request rejects with what was thrown. */
  onHead(head: ResponseHead): void;
  /** The bytes received so far, a few times a second: throwing calls the request off, as above. */
  onProgress(receivedBytes: number): void;
}

/** Brings the body of `url` as a Blob. Rejects with a RequestFailure, or with what a listener threw. */
export type BodyRequest = (url: string, listener: BodyListener) => Promise<Blob>;

/**
 * A request that failed on its way: before any answer (the browser does not say why: no connection, CORS, a redirect
 * refused or looping), or after the answer came, with the bytes received by the last progress event: the connection
 * broke off (a network error), or all of the body arrived and the browser could not keep it (no Blob at the end).
 */
export class RequestFailure extends Error {
  constructor(
    readonly responded: boolean,
    readonly receivedBytes: number,
    readonly ended: "network-error" | "not-kept" = "network-error",
  ) {
    super(
      !responded
        ? "the request got no answer"
        : ended === "not-kept"
          ? "the body arrived, and the browser could not keep it"
          : `the request failed after ${receivedBytes} bytes of its body`,
    );
    this.name = "RequestFailure";
  }
}

/** The browser's request: XMLHttpRequest with a blob response (see the top of this file). */
export const xhrBodyRequest: BodyRequest = (url, listener) =>
  new Promise<Blob>((resolve, reject) => {
    const request = new XMLHttpRequest();
    let responded = false;
    let received = 0;
    let calledOff = false;
    const callOff = (error: unknown) => {
      calledOff = true;
      request.abort();
      reject(error);
    };
    request.onreadystatechange = () => {
      // A request that failed also reaches DONE, with status 0 and no headers: its error event follows.
      if (responded || calledOff || request.readyState < XMLHttpRequest.HEADERS_RECEIVED || request.status === 0) return;
      responded = true;
      try {
        listener.onHead({
          status: request.status,
          statusText: request.statusText,
          contentLength: parseContentLength(request.getResponseHeader("content-length")),
        });
      } catch (error) {
        callOff(error);
      }
    };
    request.onprogress = (event) => {
      received = event.loaded;
      if (calledOff) return;
      try {
        listener.onProgress(event.loaded);
      } catch (error) {
        callOff(error);
      }
    };
    request.onload = () => {
      if (calledOff) return;
      // No Blob when the browser could not keep the body (its storage for Blobs full, say).
      if (request.response instanceof Blob) resolve(request.response);
      else reject(new RequestFailure(true, received, "not-kept"));
    };
    // An error, or an abort that was not ours (the page closing): XHR says no more than fetch about why.
    request.onerror = request.onabort = () => {
      if (!calledOff) reject(new RequestFailure(responded, received));
    };
    request.open("GET", url);
    request.responseType = "blob";
    request.send();
  });
