// The SQLite worker's replies that carry large pages of rows hand their buffers over (transferred, not copied): the
// page's grid reads them in place. Kept out of the core, which knows nothing of workers or comlink.
import * as Comlink from "comlink";
import { columnarBuffers, isColumnarRows } from "../app/core/db/columnar-rows";

/**
 * Pages smaller than this are copied: transferring a buffer costs more than copying a few KB (measured in Chromium:
 * a reply with six buffers took ~0.2 ms transferred and ~0.1 ms copied at a dozen cells, even at ~300 cells, and less
 * transferred from ~600 cells, ~10 KB). Most queries typed in the editor answer with a page this small.
 */
export const TRANSFER_MIN_BYTES = 8 * 1024;

/** The buffers to move with a reply: those of the page it carries (execute's first page, a fetched page) when large enough; none otherwise. */
export function pageBuffersOf(reply: unknown): ArrayBuffer[] {
  if (typeof reply !== "object" || reply === null) return [];
  const { firstPage, page } = reply as { firstPage?: unknown; page?: unknown };
  const rows = firstPage ?? page;
  if (!isColumnarRows(rows)) return [];
  const buffers = columnarBuffers(rows);
  const bytes = buffers.reduce((total, buffer) => total + buffer.byteLength, 0);
  return bytes >= TRANSFER_MIN_BYTES ? buffers : [];
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
