// Where column profiles are kept in browser storage, under which keys, and how many: shared by the page's storage
// (storage.ts), which reads them and keeps the shipped sample's, and the SQLite worker (workers/profile-keeper.ts),
// which keeps the profiles it takes. Types only besides, so the worker's code stays small.
import type { DatabaseProfile } from "../core/schema/types";
import type { KeyValueArea } from "./storage";
import { partStarts } from "../core/column-parts";
import { isRecord } from "./plain-checks";

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

/** A profile's tables are kept a part per value (column-parts.ts), under these keys, and its head under profileStorageKey. */
export function profilePartStorageKey(contentKey: string, part: number): string {
  return `profile-part:${contentKey}:${part}`;
}

/** What profileStorageKey holds: the profile without its tables, and how many parts they were kept in. */
interface KeptProfileHead {
  contentKey: string;
  elapsedMs: number;
  tableCount: number;
  parts: number;
}

/**
 * Keeps `profile` under its content key, first in the index; the profiles past PROFILES_KEPT go. Its tables go a part
 * per value, each its own write: one value of 5,000 tables' profile was one structured clone of ~100-160 ms, which held
 * the thread keeping it (the page's, then the worker's, while a query waited), and one as long to read it back.
 */
export async function keepProfileIn(area: Pick<KeyValueArea, "get" | "set" | "delete">, profile: DatabaseProfile): Promise<void> {
  const stored = await area.get(PROFILE_INDEX_KEY);
  // An unreadable index (another version's, a broken write) starts again rather than refusing to keep.
  const index = Array.isArray(stored) ? stored.filter((key): key is string => typeof key === "string") : [];
  const next = [profile.contentKey, ...index.filter((key) => key !== profile.contentKey)];
  const starts = partStarts(profile.tables.map((table) => table.columns.length));
  for (const [part, start] of starts.entries())
    await area.set(profilePartStorageKey(profile.contentKey, part), profile.tables.slice(start, starts[part + 1] ?? profile.tables.length));
  // The head last: a reader that finds it finds every part it names.
  const head: KeptProfileHead = { contentKey: profile.contentKey, elapsedMs: profile.elapsedMs, tableCount: profile.tables.length, parts: starts.length };
  await area.set(profileStorageKey(profile.contentKey), head);
  for (const old of next.slice(PROFILES_KEPT)) await forgetProfileIn(area, old);
  await area.set(PROFILE_INDEX_KEY, next.slice(0, PROFILES_KEPT));
}

async function forgetProfileIn(area: Pick<KeyValueArea, "get" | "delete">, contentKey: string): Promise<void> {
  const head = await area.get(profileStorageKey(contentKey));
  await area.delete(profileStorageKey(contentKey));
  const parts = isRecord(head) && Number.isSafeInteger(head.parts) ? Number(head.parts) : 0;
  for (let part = 0; part < parts; part += 1) await area.delete(profilePartStorageKey(contentKey, part));
}

/**
 * The profile kept under `contentKey`, its parts read at once (each arrives in its own task), unchecked: the caller
 * checks it (storage.ts's checkedDatabaseProfile). A profile kept whole by an earlier version comes as it was kept.
 * Undefined when none is kept, or a part is missing or is not a list.
 */
export async function readKeptProfileIn(area: Pick<KeyValueArea, "get">, contentKey: string): Promise<unknown> {
  const head = await area.get(profileStorageKey(contentKey));
  if (!isRecord(head) || "tables" in head) return head;
  const parts = Number.isSafeInteger(head.parts) && Number(head.parts) >= 0 ? Number(head.parts) : -1;
  if (parts < 0) return undefined;
  const tables = await Promise.all(Array.from({ length: parts }, (_, part) => area.get(profilePartStorageKey(contentKey, part))));
  if (!tables.every(Array.isArray)) return undefined;
  const profile = { contentKey: head.contentKey, elapsedMs: head.elapsedMs, tables: tables.flat() };
  return profile.tables.length === head.tableCount ? profile : undefined;
}
