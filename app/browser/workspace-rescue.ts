// A workspace change the page could not write to IndexedDB before it was left: a reload or a closed tab inside the
// typing pause ends the page before an IndexedDB transaction begun in pagehide commits (Chromium drops it), so the
// change is also put in localStorage, which writes at once, and taken back on the next visit.
import { databaseWorkspaceSchema, type DatabaseWorkspace } from "./storage";

const PREFIX = "querylab.workspace-rescue:";

export interface WorkspaceRescue {
  /** Keeps the workspace for the next visit, synchronously, unless a newer one of the same database is kept there. */
  keep(workspace: DatabaseWorkspace): void;
  /** The workspace kept for this database, if any, removed as it is taken. */
  take(databaseId: string): DatabaseWorkspace | null;
}

function pageStorage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

export function webStorageRescue(storage: () => Storage | null = pageStorage): WorkspaceRescue {
  return {
    keep(workspace) {
      try {
        const store = storage();
        // Another tab on the same database may have put a newer one there as it was left.
        const there = store?.getItem(PREFIX + workspace.databaseId);
        const newer = there ? databaseWorkspaceSchema.safeParse(JSON.parse(there)) : null;
        if (newer?.success && newer.data.updatedAt > workspace.updatedAt) return;
        store?.setItem(PREFIX + workspace.databaseId, JSON.stringify(workspace));
      } catch {
        // Full or refused: the IndexedDB write begun beside it is all there is.
      }
    },
    take(databaseId) {
      try {
        const store = storage();
        const text = store?.getItem(PREFIX + databaseId) ?? null;
        if (text === null) return null;
        store?.removeItem(PREFIX + databaseId);
        const parsed = databaseWorkspaceSchema.safeParse(JSON.parse(text));
        return parsed.success && parsed.data.databaseId === databaseId ? parsed.data : null;
      } catch {
        return null;
      }
    },
  };
}
