// Where column profiles are kept in browser storage, under which keys, and how many: shared by the page's storage
// (storage.ts), which reads them and keeps the shipped sample's, and the SQLite worker (workers/profile-keeper.ts),
// which keeps the profiles it takes. Types only besides, so the worker's code stays small.
import type { DatabaseProfile } from "../core/schema/types";
import type { KeyValueArea } from "./storage";

/** The IndexedDB database and object store of the schema context area (idb-keyval's createStore arguments). */
export const SCHEMA_CONTEXT_IDB = { database: "querylab-schema-context", store: "keyval" } as const;

/** The content keys of the kept profiles, the latest kept first. */
const PROFILE_INDEX_KEY = "profile-index";
/** Profiles kept; each is small (a few KB per hundred columns), the oldest go first. */
export const PROFILES_KEPT = 30;

export function profileStorageKey(contentKey: string): string {
  return `profile:${contentKey}`;
}

/**
 * Keys with "~" name content after writes in this session only (sqljs-engine.ts's contentKey): no later open can ask
 * for them, so their profiles are not kept.
 */
export function isProfileWorthKeeping(profile: DatabaseProfile): boolean {
  return !profile.contentKey.includes("~");
}

/** Keeps `profile` under its content key, first in the index; the profiles past PROFILES_KEPT go. */
export async function keepProfileIn(area: Pick<KeyValueArea, "get" | "set" | "delete">, profile: DatabaseProfile): Promise<void> {
  const stored = await area.get(PROFILE_INDEX_KEY);
  // An unreadable index (another version's, a broken write) starts again rather than refusing to keep.
  const index = Array.isArray(stored) ? stored.filter((key): key is string => typeof key === "string") : [];
  const next = [profile.contentKey, ...index.filter((key) => key !== profile.contentKey)];
  await area.set(profileStorageKey(profile.contentKey), profile);
  for (const old of next.slice(PROFILES_KEPT)) await area.delete(profileStorageKey(old));
  await area.set(PROFILE_INDEX_KEY, next.slice(0, PROFILES_KEPT));
}
