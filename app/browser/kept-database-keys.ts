// Where IndexedDB keeps the databases, and under which keys: written by the page's storage (storage.ts,
// storage-areas.ts), and read by index.html's start script too, which sends a returning visit's database to the SQLite
// worker before the app has loaded (html-start.ts: the build gives it these names). Names earlier versions used, so
// what a person kept is still found.

/** The IndexedDB database and object store of the databases area (idb-keyval's createStore arguments). */
export const DATABASES_IDB = { database: "querylab", store: "keyval" } as const;
/** The list of kept databases (StoredDatabaseMeta[]). */
export const DATABASE_INDEX_KEY = "database-index";
/** The id of the database open last, which the next visit reopens. */
export const LAST_OPEN_KEY = "last-open-database";
/** Before a kept database's id: the key of its bytes (a Uint8Array, or the Blob of the File it was opened from). */
export const DATABASE_BYTES_KEY_PREFIX = "database:";

export function databaseBytesKey(id: string): string {
  return `${DATABASE_BYTES_KEY_PREFIX}${id}`;
}

/** The names as index.html's start script is given them (HtmlStartConfig.keptDatabases). */
export const KEPT_DATABASE_NAMES = {
  ...DATABASES_IDB,
  lastOpenKey: LAST_OPEN_KEY,
  indexKey: DATABASE_INDEX_KEY,
  bytesKeyPrefix: DATABASE_BYTES_KEY_PREFIX,
};
