// Wraps an object that is still being created so its methods can be called at once and run when it is ready.
type AsyncMethods<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : never;
};

/**
 * A worker must register its message handler synchronously or early messages can be lost, while sql.js
 * loads its WASM asynchronously; this lets the worker expose the engine before it exists.
 */
export function whenReady<T extends object>(ready: Promise<T>): AsyncMethods<T> {
  return new Proxy({} as AsyncMethods<T>, {
    get(_target, property) {
      if (property === "then") return undefined; // not a thenable itself
      return async (...args: unknown[]) => {
        const target = await ready;
        const member = (target as Record<PropertyKey, unknown>)[property];
        if (typeof member !== "function") throw new Error(`No method ${String(property)}`);
        return member.apply(target, args);
      };
    },
  });
}
