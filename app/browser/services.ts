// The page's single SQLite connection and storage, created on first use and shared by the stores.
import { DatabaseStorage } from "./database-storage";
import { SqliteConnection } from "./sqlite-connection";

let connection: SqliteConnection | null = null;
let storage: DatabaseStorage | null = null;

export function sqliteConnection(): SqliteConnection {
  connection ??= new SqliteConnection();
  return connection;
}

export function databaseStorage(): DatabaseStorage {
  storage ??= new DatabaseStorage();
  return storage;
}
