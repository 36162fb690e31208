import initSqlJs from "sql.js";
import { describe, expect, it } from "vitest";
import { DatabaseService } from "../core/database-service";
import type { LazySourceSpec } from "../core/db/lazy-file";
import type { SqliteConnectionHandle } from "./sqlite-connection";
import { checkStoredCopyAside } from "./stored-copy-check";

/**
 * A connection of its own over an in-process service whose File slices read `bytes` (Node has no FileReaderSync), and
 * what was asked of it.
 */
async function asideConnection(bytes: Uint8Array) {
  const SQL = await initSqlJs();
  const asked: string[] = [];
  const service = DatabaseService.create(SQL, {
    openRangeSource: (spec: LazySourceSpec) => {
      asked.push(`read on demand ${spec.kind === "file" ? `${spec.name} (${spec.file.size} bytes)` : spec.url}`);
      return { label: "copy", sizeBytes: bytes.byteLength, read: (start: number, end: number) => bytes.slice(start, end) };
    },
  });
  const connection = {
    engine: service,
    currentWorker: null,
    onFailure: () => undefined,
    terminate: () => void asked.push("ended"),
    restart: () => service,
  } as unknown as SqliteConnectionHandle;
  return { connection, asked };
}

async function databaseBytes(): Promise<Uint8Array<ArrayBuffer>> {
  const SQL = await initSqlJs();
  const database = new SQL.Database();
  database.exec(
    "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000) INSERT INTO notes SELECT i, 'note ' || i FROM n;",
  );
  const bytes = database.export();
  database.close();
  return bytes as Uint8Array<ArrayBuffer>;
}

describe("checkStoredCopyAside", () => {
  it("opens the stored copy read on demand in a connection of its own, checks every page, and ends that connection", async () => {
    const bytes = await databaseBytes();
    const { connection, asked } = await asideConnection(bytes);
    expect(await checkStoredCopyAside(new Blob([bytes]), "notes.sqlite", () => connection)).toBeNull();
    expect(asked).toEqual([`read on demand notes.sqlite (${bytes.byteLength} bytes)`, "ended"]);
  });

  it("finds a damaged page, and calls a copy that is no database at all damaged too", async () => {
    const bytes = await databaseBytes();
    const pageSize = new DataView(bytes.buffer, bytes.byteOffset).getUint16(16);
    const damaged = bytes.slice();
    damaged.fill(0x5a, pageSize * 5 + 8, pageSize * 5 + 300);
    const over = await asideConnection(damaged);
    expect(await checkStoredCopyAside(new Blob([damaged]), "notes.sqlite", () => over.connection)).toMatchObject({ kind: "corrupt-database" });
    expect(over.asked.at(-1)).toBe("ended");

    const garbage = new TextEncoder().encode("not a database, only some text ".repeat(40));
    const notOne = await asideConnection(garbage);
    expect(await checkStoredCopyAside(new Blob([garbage]), "notes.sqlite", () => notOne.connection)).toMatchObject({ kind: "not-a-database" });
    expect(notOne.asked.at(-1)).toBe("ended");
  });
});
