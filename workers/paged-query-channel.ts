// The editor's Run, worker side: executePaged answered from one plain message instead of through comlink. Every other
// call still goes through comlink; this one is the path each typed query takes, so its fixed cost is paid per query.
import type { ExecuteOptions } from "../app/core/db/sqljs-engine";
import type { PagedExecuteOutcome } from "../app/core/db/types";
import { pageBuffersOf } from "./transfer-pages";

/** Page → worker: run `sql` as executePaged does. */
export const PAGED_QUERY_MESSAGE = "querylab:execute-paged";
/** Worker → page: its outcome, or why the call failed (a WASM abort, say). No `id` field, so comlink ignores both. */
export const PAGED_QUERY_REPLY = "querylab:execute-paged-reply";

export interface PagedQueryRequest {
  type: typeof PAGED_QUERY_MESSAGE;
  /** Pairs the reply with its call (the page's own counter). */
  call: number;
  sql: string;
  options?: ExecuteOptions;
}

export type PagedQueryReply =
  | { type: typeof PAGED_QUERY_REPLY; call: number; outcome: PagedExecuteOutcome }
  /** The call threw in the worker: rejected on the page like a comlink call that threw. */
  | { type: typeof PAGED_QUERY_REPLY; call: number; failure: { name: string; message: string } };

/** What the worker's database service offers this module. */
export interface PagedQueryService {
  executePaged(sql: string, options?: ExecuteOptions): Promise<PagedExecuteOutcome>;
}

interface WorkerScope {
  addEventListener(type: "message", listener: (event: MessageEvent) => void): void;
  postMessage(message: unknown, transfer: Transferable[]): void;
}

function isPagedQueryRequest(data: unknown): data is PagedQueryRequest {
  if (typeof data !== "object" || data === null) return false;
  const request = data as Partial<PagedQueryRequest>;
  return request.type === PAGED_QUERY_MESSAGE && typeof request.call === "number" && typeof request.sql === "string";
}

/** Only the options executePaged knows, with the types it expects (the message is the page's, but still a clone). */
function optionsOf(request: PagedQueryRequest): ExecuteOptions | undefined {
  const maxStoredRows = request.options?.maxStoredRows;
  return typeof maxStoredRows === "number" ? { maxStoredRows } : undefined;
}

/**
 * Answers the page's executePaged messages with `service` (once it is ready). Call before Comlink.expose: the
 * requests are taken and stopped here. A reply moves the buffers of a large first page, as transferringPages does
 * for comlink's replies.
 */
export function answerPagedQueries(scope: WorkerScope, service: Promise<PagedQueryService>): void {
  const answer = async (request: PagedQueryRequest) => {
    let reply: PagedQueryReply;
    let transfer: ArrayBuffer[] = [];
    try {
      const outcome = await (await service).executePaged(request.sql, optionsOf(request));
      reply = { type: PAGED_QUERY_REPLY, call: request.call, outcome };
      transfer = pageBuffersOf(outcome);
    } catch (error) {
      const { name, message } = error instanceof Error ? error : new Error(String(error));
      reply = { type: PAGED_QUERY_REPLY, call: request.call, failure: { name, message } };
    }
    try {
      scope.postMessage(reply, transfer);
    } catch (error) {
      // An outcome that cannot be cloned (a DataCloneError) must still settle the page's call, as comlink's does.
      const { name, message } = error instanceof Error ? error : new Error(String(error));
      scope.postMessage({ type: PAGED_QUERY_REPLY, call: request.call, failure: { name, message } } satisfies PagedQueryReply, []);
    }
  };
  scope.addEventListener("message", (event) => {
    if (!isPagedQueryRequest(event.data)) return;
    event.stopImmediatePropagation();
    void answer(event.data);
  });
}
