// A database's bytes handed over to the SQLite worker instead of copied into it. An open with OpenOptions.ownBytes says
// the caller will not use the bytes again (the store keeps the File they were read from instead), so the message moves
// their buffer rather than cloning it: a 401 MB file no longer has a second, transient copy of itself on the page while
// it is sent, besides the page's own (issue #14, memory while opening a large file whole).
import * as Comlink from "comlink";
import type { OpenOptions } from "../core/db/sqljs-engine";

/** Whether the view covers its whole buffer: moving a buffer the view only shares a part of would take the rest too. */
function coversItsBuffer(bytes: Uint8Array): boolean {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
}

/** `remote` (a comlink proxy of the worker's engine) with `open(bytes, { ownBytes: true })` moving the bytes' buffer. */
export function handingOverOwnedBytes<T extends object>(remote: T): T {
  return new Proxy(remote, {
    get(target, property, receiver) {
      const member: unknown = Reflect.get(target, property, receiver);
      if (property !== "open" || typeof member !== "function") return member;
      return (bytes: Uint8Array | null, options?: OpenOptions) => {
        // Comlink moves what it was told to transfer when it sends the call's arguments.
        const sent = bytes !== null && options?.ownBytes && coversItsBuffer(bytes) ? Comlink.transfer(bytes, [bytes.buffer as ArrayBuffer]) : bytes;
        return Reflect.apply(member, target, [sent, options]);
      };
    },
  });
}
