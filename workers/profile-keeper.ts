// The SQLite worker keeps the column profiles it takes in IndexedDB itself, where the page reads them on a later open
// (storage.ts's loadProfile). Kept from the page, IndexedDB's structured clone of a 5,000-table profile (~13 MB of
// objects) was one ~160 ms task on the main thread soon after the schema was listed; here it holds only this worker.
import type { DatabaseProfile } from "../app/core/schema/types";
import { isProfileWorthKeeping, keepProfileIn, SCHEMA_CONTEXT_IDB } from "../app/browser/profile-keeping";
import type { KeyValueArea } from "../app/browser/storage";

type ProfileArea = Pick<KeyValueArea, "get" | "set" | "delete">;

/** The schema context's object store, opened on the first profile kept (idb-keyval loads then, not at the worker's start). */
async function openSchemaContextArea(): Promise<ProfileArea> {
  const { createStore, del, get, set } = await import("idb-keyval");
  const store = createStore(SCHEMA_CONTEXT_IDB.database, SCHEMA_CONTEXT_IDB.store);
  return {
    get: (key) => get<unknown>(key, store),
    set: (key, value) => set(key, value, store),
    delete: (key) => del(key, store),
  };
}

/** DatabaseService's keepProfile for the worker; `openArea` stands in for IndexedDB in tests. */
export function profileKeeper(openArea: () => Promise<ProfileArea> = openSchemaContextArea): (profile: DatabaseProfile) => Promise<void> {
  let area: Promise<ProfileArea> | null = null;
  // One keep after another: two at once would each read the index before the other wrote it, and one entry would go.
  let previous: Promise<unknown> = Promise.resolve();
  return (profile) => {
    if (!isProfileWorthKeeping(profile)) return Promise.resolve();
    const keeping = previous.then(async () => {
      area ??= openArea();
      await keepProfileIn(await area, profile);
    });
    previous = keeping.catch(() => undefined);
    return keeping;
  };
}
