// The SQLite worker's replies that carry pages of rows hand their buffers over (transferred, not copied): the page's
// grid reads them in place. Kept out of the core, which knows nothing of workers or comlink.
import * as Comlink from "comlink";
import { columnarBuffers, isColumnarRows } from "../app/core/db/columnar-rows";

/** The buffers of the page a reply carries (execute's first page, a fetched page); none for any other reply. */
export function pageBuffersOf(reply: unknown): ArrayBuffer[] {
  if (typeof reply !== "object" || reply === null) return [];
  const { firstPage, page } = reply as { firstPage?: unknown; page?: unknown };
  const rows = firstPage ?? page;
  return isColumnarRows(rows) ? columnarBuffers(rows) : [];
}

/** Wraps the object the worker exposes so every reply with a page transfers that page's buffers. */
export function transferringPages<T extends object>(exposed: T): T {
  return new Proxy(exposed, {
    get(target, property) {
      const member: unknown = Reflect.get(target, property);
      if (typeof member !== "function") return member;
      return async (...args: unknown[]) => {
        const reply: unknown = await Reflect.apply(member, target, args);
        const buffers = pageBuffersOf(reply);
        return buffers.length > 0 ? Comlink.transfer(reply, buffers) : reply;
      };
    },
  });
}
