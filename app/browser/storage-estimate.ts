// How much this site stores and may store, as the browser estimates it: the sizes a refused save is explained with.
export interface StorageSizes {
  usedBytes: number;
  quotaBytes: number;
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
