// How much this site stores and may store, as the browser estimates it (the sizes a refused save is explained with),
// and how a refusal for lack of space is recognized.
export interface StorageSizes {
  usedBytes: number;
  quotaBytes: number;
}

/** QuotaExceededError is the name every browser gives a full store (and the legacy code 22 older ones set). */
export function isQuotaError(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { name, code } = error as { name?: unknown; code?: unknown };
  return name === "QuotaExceededError" || code === 22;
}

/** Null where the browser cannot say (no StorageManager, or it refused): the message then gives what was needed only. */
export async function estimateStorage(): Promise<StorageSizes | null> {
  if (typeof navigator === "undefined" || typeof navigator.storage?.estimate !== "function") return null;
  try {
    const { usage, quota } = await navigator.storage.estimate();
    return typeof usage === "number" && typeof quota === "number" ? { usedBytes: usage, quotaBytes: quota } : null;
  } catch {
    return null;
  }
}
