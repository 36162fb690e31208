// The page's single SQLite connection and storage, created on first use and shared by the stores; tests and the storage fallback replace them.
import { SqliteConnection, type SqliteConnectionHandle } from "./sqlite-connection";
import { createIndexedDbStorage, createMemoryStorage } from "./storage-areas";
import type { QueryLabStorage } from "./storage";

let connection: SqliteConnectionHandle | null = null;
/** Makes a connection to a new SQLite worker: the benchmark opens one per database. */
let newConnection: () => SqliteConnectionHandle | Promise<SqliteConnectionHandle> = () => new SqliteConnection();
let storage: QueryLabStorage | null = null;

export function sqliteConnection(): SqliteConnectionHandle {
  connection ??= new SqliteConnection();
  return connection;
}

/** A connection of its own, beside the page's: one per benchmark database, so they run side by side. */
export function createSqliteConnection(): SqliteConnectionHandle | Promise<SqliteConnectionHandle> {
  return newConnection();
}

/** IndexedDB where the browser has it; memory otherwise (Node, some embedded browsers). */
export function queryLabStorage(): QueryLabStorage {
  storage ??= typeof indexedDB === "undefined" ? createMemoryStorage() : createIndexedDbStorage();
  return storage;
}

/**
 * Replaces what the stores use from now on: unit tests provide an in-process connection and memory storage;
 * the page provides memory storage when IndexedDB refuses writes, so history and traces still work until a reload.
 */
export function provideServices(services: {
  connection?: SqliteConnectionHandle;
  storage?: QueryLabStorage;
  newConnection?: () => SqliteConnectionHandle | Promise<SqliteConnectionHandle>;
}): void {
  if (services.connection) connection = services.connection;
  if (services.newConnection) newConnection = services.newConnection;
  if (services.storage) storage = services.storage;
}
