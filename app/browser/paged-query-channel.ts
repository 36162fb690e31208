// The editor's Run, page side: executePaged sent to the SQLite worker as one plain message (workers/paged-query-channel.ts)
// rather than through comlink's proxy, which per call builds a proxy for the method, registers it with a
// FinalizationRegistry and makes a random id; every other call keeps comlink. The reply is checked as comlink's is.
import type { ExecuteOptions } from "../core/db/sqljs-engine";
import type { PagedExecuteOutcome } from "../core/db/types";
import { PAGED_QUERY_MESSAGE, PAGED_QUERY_REPLY, type PagedQueryReply, type PagedQueryRequest } from "../../workers/paged-query-channel";
import { checkPagedExecuteReply } from "./sqlite-replies";

/** The worker as this module uses it (a MessagePort in the tests). */
export interface PagedQueryEndpoint {
  addEventListener(type: "message", listener: (event: MessageEvent) => void): void;
  postMessage(message: PagedQueryRequest): void;
}

export interface PagedQueryChannel {
  executePaged(sql: string, options?: ExecuteOptions): Promise<PagedExecuteOutcome>;
}

interface PendingCall {
  resolve(outcome: PagedExecuteOutcome): void;
  reject(error: Error): void;
}

function isPagedQueryReply(data: unknown): data is PagedQueryReply {
  return typeof data === "object" && data !== null && (data as Partial<PagedQueryReply>).type === PAGED_QUERY_REPLY;
}

/** The error a call that threw in the worker rejects with: its name and message, as comlink passes an Error on. */
function workerError(failure: unknown): Error {
  const { name, message } = (typeof failure === "object" && failure !== null ? failure : {}) as { name?: unknown; message?: unknown };
  const error = new Error(typeof message === "string" ? message : "The SQLite worker failed without saying why.");
  if (typeof name === "string") error.name = name;
  return error;
}

/**
 * Calls pending until the worker answers them. Not ended here when the worker is: the connection wraps this channel
 * with endableEngine like the rest of the engine, and a replaced worker's channel is dropped with it.
 */
export function pagedQueryChannel(worker: PagedQueryEndpoint): PagedQueryChannel {
  const pending = new Map<number, PendingCall>();
  let lastCall = 0;
  worker.addEventListener("message", (event) => {
    const data: unknown = event.data;
    if (!isPagedQueryReply(data)) return;
    const call = pending.get(data.call);
    if (!call) return;
    pending.delete(data.call);
    if ("outcome" in data) call.resolve(checkPagedExecuteReply(data.outcome));
    else call.reject(workerError((data as { failure?: unknown }).failure));
  });
  return {
    executePaged(sql, options) {
      return new Promise<PagedExecuteOutcome>((resolve, reject) => {
        lastCall += 1;
        pending.set(lastCall, { resolve, reject });
        worker.postMessage({ type: PAGED_QUERY_MESSAGE, call: lastCall, sql, ...(options ? { options } : {}) });
      });
    },
  };
}

/** The engine with its executePaged sent over `channel`; every other member is the engine's own. */
export function withPagedQueryChannel<Engine extends object>(engine: Engine, channel: PagedQueryChannel): Engine {
  return new Proxy(engine, {
    get(target, property, receiver) {
      return property === "executePaged" ? channel.executePaged : Reflect.get(target, property, receiver);
    },
  });
}
