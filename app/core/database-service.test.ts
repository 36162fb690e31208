// DatabaseService: a File or stored copy read whole by the service (in the page, by the SQLite worker), and profiles kept where it runs.
import initSqlJs from "sql.js";
import { describe, expect, it, vi } from "vitest";
import { DatabaseService } from "./database-service";

async function databaseBytes(sql: string): Promise<Uint8Array> {
  const service = DatabaseService.create(await initSqlJs());
  await service.open(null);
  await service.execute(sql);
  return service.exportDatabase();
}

async function firstValue(service: DatabaseService, sql: string): Promise<unknown> {
  const outcome = await service.execute(sql);
  return outcome.ok ? outcome.firstRows[0]?.[0] : outcome.error.message;
}

describe("opening a database from a Blob", () => {
  it("reads it with the reader it was given and opens what it read", async () => {
    const file = new File(
      [(await databaseBytes("CREATE TABLE pets (name TEXT); INSERT INTO pets VALUES ('Rex'), ('Tom');")) as Uint8Array<ArrayBuffer>],
      "pets.sqlite",
    );
    const read: Blob[] = [];
    const service = DatabaseService.create(await initSqlJs(), {
      readBlob: async (blob) => {
        read.push(blob);
        return new Uint8Array(await blob.arrayBuffer());
      },
    });
    expect(await service.openBlob(file)).toEqual({ ok: true, sizeBytes: file.size, tableCount: 1 });
    expect(read).toEqual([file]);
    expect(await firstValue(service, "SELECT group_concat(name) FROM pets")).toBe("Rex,Tom");
  });

  it("keeps the bytes it read as the database's file (no second copy), so a change is made to them", async () => {
    const bytes = await databaseBytes("CREATE TABLE counter (n INTEGER); INSERT INTO counter VALUES (1);");
    let given: Uint8Array | null = null;
    const service = DatabaseService.create(await initSqlJs(), {
      readBlob: async (blob) => (given = new Uint8Array(await blob.arrayBuffer())),
    });
    await service.openBlob(new Blob([bytes as Uint8Array<ArrayBuffer>]));
    const before = given!.slice();
    await service.execute("UPDATE counter SET n = 2");
    // SQLite wrote its change into the very bytes the reader returned: they are its file, not a copy of them.
    expect(given!).not.toEqual(before);
  });

  it("says the file could not be read, and leaves the database that was open open", async () => {
    const service = DatabaseService.create(await initSqlJs(), {
      readBlob: () => Promise.reject(new DOMException("The requested file could not be read.", "NotReadableError")),
    });
    await service.open(await databaseBytes("CREATE TABLE kept (n INTEGER); INSERT INTO kept VALUES (7);"));
    expect(await service.openBlob(new Blob(["anything"]))).toEqual({
      ok: false,
      error: { kind: "fetch-failed", message: "the file could not be read (The requested file could not be read.)." },
    });
    expect(await firstValue(service, "SELECT n FROM kept")).toBe(7);
  });

  it("reads the whole Blob itself when given no reader (in Node), and refuses what is not a database as open does", async () => {
    const service = DatabaseService.create(await initSqlJs());
    const opened = await service.openBlob(new Blob([(await databaseBytes("CREATE TABLE t (x); INSERT INTO t VALUES (42);")) as Uint8Array<ArrayBuffer>]));
    expect(opened.ok).toBe(true);
    expect(await firstValue(service, "SELECT x FROM t")).toBe(42);
    const refused = await service.openBlob(new Blob(["this is not a database\n".repeat(50)]));
    expect(refused.ok ? null : refused.error.kind).toBe("not-a-database");
    expect(await firstValue(service, "SELECT x FROM t")).toBe(42);
  });
});

describe("importing a table file given as a File", () => {
  it("reads it with the service's reader, and says so when it cannot be read, leaving the database unchanged", async () => {
    const read: string[] = [];
    let failing = false;
    const service = DatabaseService.create(await initSqlJs(), {
      readBlob: async (blob) => {
        if (failing) throw new DOMException("The requested file could not be read.", "NotReadableError");
        read.push((blob as File).name);
        return new Uint8Array(await blob.arrayBuffer());
      },
    });
    await service.open(null);
    const file = new File(["kind,count\nowl,3\nfox,5\n"], "kinds.csv", { type: "text/csv" });
    const imported = await service.importTable(file.name, file, "csv");
    expect(imported.ok && [imported.tableName, imported.rowCount]).toEqual(["kinds", 2]);
    expect(read).toEqual(["kinds.csv"]);
    expect(await firstValue(service, "SELECT sum(count) FROM kinds")).toBe(8);

    failing = true;
    const refused = await service.importTable("more.csv", new File(["a\n1\n"], "more.csv"), "csv");
    expect(refused).toEqual({ ok: false, error: { kind: "import-error", message: "more.csv could not be read (The requested file could not be read.)." } });
    expect((await service.schema()).tables.map((table) => table.name)).toEqual(["kinds"]);
  });
});

describe("keeping a profile where the service runs", () => {
  it("hands the profile to its keeper only when asked to keep it, and answers even when keeping fails", async () => {
    const kept: string[] = [];
    let failNext = false;
    const service = DatabaseService.create(await initSqlJs(), {
      keepProfile: async (profile) => {
        if (failNext) throw new Error("QuotaExceededError");
        kept.push(profile.contentKey);
      },
    });
    await service.open(await databaseBytes("CREATE TABLE pets (name TEXT); INSERT INTO pets VALUES ('Rex');"));
    const profile = await service.profile();
    expect(profile.tables.map((table) => table.table)).toEqual(["pets"]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(kept).toEqual([]);

    expect(await service.profile({}, true)).toBe(profile);
    await expect.poll(() => kept).toEqual([profile.contentKey]);

    failNext = true;
    expect(await service.profile({}, true)).toBe(profile);
  });
});

describe("the schema, copied or not", () => {
  const pets = "CREATE TABLE pets (name TEXT, kind TEXT); INSERT INTO pets VALUES ('Rex', 'dog'), ('Tom', 'cat');";

  it("is a copy for callers in the same thread, so one caller's change never reaches another", async () => {
    const service = DatabaseService.create(await initSqlJs());
    await service.open(await databaseBytes(pets));
    const first = await service.schema();
    first.tables[0]!.name = "changed";
    expect((await service.schema()).tables[0]!.name).toBe("pets");
  });

  it("is the engine's own where replies are copied on their way (the worker), and read again after a change", async () => {
    const service = DatabaseService.create(await initSqlJs(), { repliesCopied: true });
    await service.open(await databaseBytes(pets));
    const first = await service.schema();
    expect(await service.schema()).toBe(first);
    await service.execute("CREATE TABLE owners (name TEXT)");
    const after = await service.schema();
    expect(after).not.toBe(first);
    expect(after.tables.map((table) => table.name)).toEqual(["owners", "pets"]);
  });

  it("is not copied for the profile or the value index, which only read it", async () => {
    const service = DatabaseService.create(await initSqlJs());
    await service.open(await databaseBytes(pets));
    await service.schema();
    const clone = vi.spyOn(globalThis, "structuredClone");
    try {
      const profile = await service.profile();
      expect(profile.tables[0]?.columns.map((column) => column.column)).toEqual(["name", "kind"]);
      const built = await service.indexValues();
      expect(built.ok).toBe(true);
      const schemaCopies = clone.mock.calls.filter(([value]) => typeof value === "object" && value !== null && "tables" in value);
      expect(schemaCopies).toEqual([]);
    } finally {
      clone.mockRestore();
    }
  });
});
