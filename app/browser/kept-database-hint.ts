// A synchronous hint, in localStorage, that this browser keeps a database the page reopens at start: index.html's
// start script (app/browser/html-start.ts) cannot wait for IndexedDB, and downloads the first sample only without it.
// Only a hint: when it is missing or stale, app/browser/first-visit-fetches.ts still decides from IndexedDB itself.
import type { QueryLabStorage } from "./storage";

export const KEPT_DATABASE_KEY = "querylab:kept-database";

function noteKeptDatabase(localStorage: Pick<Storage, "setItem"> | null): void {
  try {
    localStorage?.setItem(KEPT_DATABASE_KEY, "1");
  } catch {
    // Refused (private mode, full): the start script then also downloads the sample, as it does without a hint.
  }
}

function forgetKeptDatabase(localStorage: Pick<Storage, "removeItem"> | null): void {
  try {
    localStorage?.removeItem(KEPT_DATABASE_KEY);
  } catch {
    // Refused: the start script then skips one first-visit download; first-visit-fetches still fetches the sample.
  }
}

function pageLocalStorage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

/** Storage that leaves the hint whenever it records, or finds, a database to reopen at start. */
export function withKeptDatabaseHint(
  storage: QueryLabStorage,
  localStorage: Pick<Storage, "setItem" | "removeItem"> | null = pageLocalStorage(),
): QueryLabStorage {
  return {
    ...storage,
    async setLastOpenDatabaseId(id) {
      await storage.setLastOpenDatabaseId(id);
      noteKeptDatabase(localStorage);
    },
    async lastOpenDatabaseId() {
      const id = await storage.lastOpenDatabaseId();
      // Nothing will reopen (it was deleted, or storage was cleared): a stale hint would skip the next first visit's download.
      if (id !== null) noteKeptDatabase(localStorage);
      else forgetKeptDatabase(localStorage);
      return id;
    },
  };
}
