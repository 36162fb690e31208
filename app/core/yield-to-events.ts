// A pause that lets a thread serve what is queued for it (the SQLite worker: the person's queries, a cancel) in the
// middle of long work done in steps (the value index, the column profile).

/**
 * Lets queued events run before going on. setTimeout would do, but browsers stretch nested timeouts to 4 ms, which
 * a hundred steps would feel; a message on a fresh channel (or Node's setImmediate) comes back at once.
 */
export function yieldToEvents(): Promise<void> {
  if (typeof setImmediate === "function") return new Promise((resolve) => setImmediate(resolve));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
