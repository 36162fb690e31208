// The page's single SQLite connection and storage, created on first use and shared by the stores; tests and the storage fallback replace them.
import { SqliteConnection, type SqliteConnectionHandle } from "./sqlite-connection";
import { createIndexedDbStorage, createMemoryStorage } from "./storage-areas";
import type { QueryLabStorage } from "./storage";

let connection: SqliteConnectionHandle | null = null;
let storage: QueryLabStorage | null = null;

export function sqliteConnection(): SqliteConnectionHandle {
  connection ??= new SqliteConnection();
  return connection;
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
export function provideServices(services: { connection?: SqliteConnectionHandle; storage?: QueryLabStorage }): void {
  if (services.connection) connection = services.connection;
  if (services.storage) storage = services.storage;
}
