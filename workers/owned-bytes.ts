// Bytes that reach the SQLite worker in a message are a copy of the page's (a structured clone): no one else holds
// them, so the engine may keep them as its in-memory file instead of copying them again (OpenOptions.ownBytes).
import type { OpenOptions } from "../app/core/db/sqljs-engine";

/** `exposed` with every `open(bytes, options)` call made with ownBytes: for the object the worker exposes to the page. */
export function owningReceivedBytes<T extends object>(exposed: T): T {
  return new Proxy(exposed, {
    get(target, property) {
      const member: unknown = Reflect.get(target, property);
      if (property !== "open" || typeof member !== "function") return member;
      return (bytes: Uint8Array | null, options?: OpenOptions) => Reflect.apply(member, target, [bytes, { ...options, ownBytes: true }]);
    },
  });
}
