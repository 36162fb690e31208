// A note in localStorage that the last save of a database failed, so the next load can say it brings back an older copy.
// localStorage, not IndexedDB: the mark must land when IndexedDB is what refused, and it is a few dozen bytes.
import * as z from "../core/zod-mini";

const MARK_KEY = "querylab-last-save-failed";

export const saveFailureMarkSchema = z.object({
  databaseId: z.string(),
  databaseName: z.string(),
  failedAt: z.number(),
  /** When the copy a reload brings back was saved; null when none is kept. */
  storedAt: z.nullable(z.number()),
  quota: z.boolean(),
});
export type SaveFailureMark = z.infer<typeof saveFailureMarkSchema>;

/** Web Storage may be missing (Node) or throw (some private modes, or full itself): the mark is then lost, never the save. */
function webStorage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

export function markSaveFailed(mark: SaveFailureMark): void {
  try {
    webStorage()?.setItem(MARK_KEY, JSON.stringify(mark));
  } catch {
    // Nothing else to fall back on; the message on screen still says the save failed.
  }
}

/** The mark, when one is kept and readable (anyone on this origin may have written the key). */
export function readSaveFailureMark(): SaveFailureMark | null {
  try {
    const text = webStorage()?.getItem(MARK_KEY);
    if (!text) return null;
    const parsed = saveFailureMarkSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Forgets the mark: the database was saved after all, or the person has been told. */
export function clearSaveFailureMark(databaseId?: string): void {
  const mark = readSaveFailureMark();
  if (databaseId !== undefined && mark?.databaseId !== databaseId) return;
  try {
    webStorage()?.removeItem(MARK_KEY);
  } catch {
    // Unreadable storage holds no mark to clear.
  }
}
