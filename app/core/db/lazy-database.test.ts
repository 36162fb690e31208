// A database read on demand, end to end in process: the service with a source over bytes in memory stands in for the
// worker's range requests and File slices.
import initSqlJs from "sql.js";
import { beforeAll, describe, expect, it } from "vitest";
import { DatabaseService } from "../database-service";
import type { LazyFileOptions, LazySourceSpec, RangeSource } from "./lazy-file";
import { HASH_SLICE_BYTES, hashBytes } from "./content-hash";
import type { OpenOptions, SqliteEngine } from "./sqljs-engine";
import { FAR_ROWS, FAR_TABLES, farNote, makeFarPagesDatabase } from "../../../e2e/far-pages-database";

let fileBytes: Uint8Array;
let SQL: Awaited<ReturnType<typeof initSqlJs>>;

beforeAll(async () => {
  SQL = await initSqlJs();
  const database = new SQL.Database();
  database.exec(`CREATE TABLE readings(id INTEGER PRIMARY KEY, station TEXT, value REAL);
    WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 40000)
    INSERT INTO readings SELECT x, 'station ' || (x % 97), x * 0.5 FROM n;`);
  fileBytes = database.export();
  database.close();
});

/** A service whose sources read fileBytes; `failing` makes the next read throw, as a dropped connection does. */
function serviceOverBytes(fileOptions?: LazyFileOptions, bytes = fileBytes): { service: DatabaseService; control: { failing: boolean; requests: number } } {
  const control = { failing: false, requests: 0 };
  const openRangeSource = (spec: LazySourceSpec): RangeSource => ({
    label: spec.kind === "url" ? spec.url : spec.name,
    sizeBytes: bytes.byteLength,
    read(start, end) {
      if (control.failing) throw new Error("Reading http://example.test/readings.sqlite failed: no answer.");
      control.requests += 1;
      return bytes.slice(start, end);
    },
  });
  return { service: DatabaseService.create(SQL, { openRangeSource, fileOptions }), control };
}

const spec: LazySourceSpec = { kind: "url", url: "http://example.test/readings.sqlite", sizeBytes: 0 };

describe("a database read on demand", () => {
  it("answers a point lookup by key with a small fraction of the file, and says what it read", async () => {
    const { service } = serviceOverBytes();
    const opened = await service.openLazy(spec);
    expect(opened).toEqual({ ok: true, sizeBytes: fileBytes.byteLength, tableCount: 1 });
    const lookup = await service.execute("SELECT station, value FROM readings WHERE id = 31337");
    expect(lookup.ok && lookup.firstRows).toEqual([["station 6", 15668.5]]);
    const reads = await service.lastRunReadOnDemand();
    expect(reads!.bytesRead).toBeGreaterThan(0);
    expect(reads!.bytesRead).toBeLessThan(fileBytes.byteLength / 20);
    const scan = await service.execute("SELECT count(*), sum(value) FROM readings");
    expect(scan.ok && scan.firstRows).toEqual([[40000, 400010000]]);
  });

  it("checks its pages in a few requests, though SQLite's check reads the table's pages from the last to the first", async () => {
    const { service, control } = serviceOverBytes();
    await service.openLazy(spec);
    control.requests = 0;
    expect(await service.checkPages({ readOnDemand: true })).toBeNull();
    const pages = fileBytes.byteLength / 4096;
    expect(pages).toBeGreaterThan(150);
    // A request per page before the read-ahead ran backward too: a File slice costs ~1 ms in a worker, so the check of
    // the bench's 401 MB kept copy took ~2 minutes.
    expect(control.requests).toBeLessThan(pages / 10);
  });

  it("checks its pages only when asked to read it all (a large kept copy, checked by a worker of its own)", async () => {
    const { service } = serviceOverBytes();
    await service.openLazy(spec);
    expect(await service.checkPages()).toBeNull();
    expect(await service.checkPages({ readOnDemand: true })).toBeNull();

    // A leaf page in the middle of the table overwritten: SQLite's check finds it, read on demand too.
    const intact = fileBytes;
    const pageSize = new DataView(intact.buffer, intact.byteOffset).getUint16(16);
    const damaged = intact.slice();
    damaged.fill(0x5a, pageSize * 40 + 8, pageSize * 40 + 200);
    fileBytes = damaged;
    try {
      const { service: overDamaged } = serviceOverBytes();
      expect((await overDamaged.openLazy(spec)).ok).toBe(true);
      expect(await overDamaged.checkPages()).toBeNull();
      expect(await overDamaged.checkPages({ readOnDemand: true })).toMatchObject({ kind: "corrupt-database" });
    } finally {
      fileBytes = intact;
    }
  });

  it("says why its pages could not be checked when the source fails mid-check", async () => {
    const { service, control } = serviceOverBytes();
    await service.openLazy(spec);
    control.failing = true;
    expect(await service.checkPages({ readOnDemand: true })).toEqual({
      kind: "fetch-failed",
      message: "Reading http://example.test/readings.sqlite failed: no answer.",
    });
  });

  it("reads the schema without counting rows (a count reads every page)", async () => {
    const { service } = serviceOverBytes();
    await service.openLazy(spec);
    const schema = await service.schema();
    expect(schema.tables.map((table) => [table.name, table.rowCount, table.columns.length])).toEqual([["readings", null, 3]]);
  });

  it("refuses writes with a message, and SQLite refuses one that gets past the check", async () => {
    const { service } = serviceOverBytes();
    await service.openLazy(spec);
    const insert = await service.execute("INSERT INTO readings VALUES (50000, 'x', 1)");
    expect(!insert.ok && insert.error.message).toMatch(/read-only, read on demand, so INSERT is refused/);
    const hidden = await service.execute("WITH one AS (SELECT 1) INSERT INTO readings SELECT 50001, 'x', 1 FROM one");
    expect(!hidden.ok && hidden.error.message).toMatch(/readonly/);
    const off = await service.execute("PRAGMA query_only = 0");
    expect(off.ok).toBe(false);
    await expect(service.exportDatabase()).rejects.toThrow(/read on demand; it is not held in memory/);
    const imported = await service.importTable("extra.csv", new TextEncoder().encode("a\n1\n"), "csv");
    expect(!imported.ok && imported.error.message).toMatch(/no table can be added/);
    const count = await service.execute("SELECT count(*) FROM readings");
    expect(count.ok && count.firstRows).toEqual([[40000]]);
  });

  it("explains a failed read and keeps working once the source answers again", async () => {
    const { service, control } = serviceOverBytes();
    await service.openLazy(spec);
    control.failing = true;
    const failed = await service.execute("SELECT sum(value) FROM readings");
    expect(failed.ok).toBe(false);
    expect(!failed.ok && failed.error).toMatchObject({
      kind: "fetch-failed",
      message: expect.stringMatching(/no answer\. The query was stopped; run it again/),
    });
    control.failing = false;
    const again = await service.execute("SELECT sum(value) FROM readings");
    expect(again.ok && again.firstRows).toEqual([[400010000]]);
  });

  it("never answers from a connection a failed read broke: while the source still fails, runs fail; then they answer right", async () => {
    // A cache of 64 KB, so the file's first page is no longer in it and opening the file again needs the source too.
    const { service, control } = serviceOverBytes({ cacheBytes: 64 * 1024, maxReadAheadBytes: 8192 });
    await service.openLazy(spec);
    const scan = "SELECT count(*), sum(value) FROM readings";
    await service.execute(scan);
    // SQLite's own cache kept small too, so the scan reads the source again (as one past 32 MiB does).
    (service as unknown as { engine: { connection: { exec(sql: string): unknown } } }).engine.connection.exec("PRAGMA cache_size = 2");
    control.failing = true;
    const failed = await service.execute(scan);
    expect(!failed.ok && failed.error.kind).toBe("fetch-failed");
    const stillFailing = await service.execute(scan);
    expect(!stillFailing.ok && stillFailing.error).toMatchObject({
      kind: "fetch-failed",
      message: expect.stringMatching(/no answer\..*The query was not run/),
    });
    const agentStillFailing = await service.executeReadOnly(scan, { maxRows: 10 });
    expect(!agentStillFailing.ok && agentStillFailing.error.kind).toBe("fetch-failed");
    control.failing = false;
    const again = await service.execute(scan);
    expect(again.ok && again.firstRows).toEqual([[40000, 400010000]]);
  });

  it("refuses a source that is not a SQLite database, keeping the open one", async () => {
    const { service } = serviceOverBytes();
    await service.open(fileBytes);
    const notDatabase = DatabaseService.create(SQL, {
      openRangeSource: () => ({ label: "notes.txt", sizeBytes: 4096, read: (start, end) => new Uint8Array(end - start).fill(65) }),
    });
    const refused = await notDatabase.openLazy({ kind: "file", file: new Blob([]), name: "notes.txt" });
    expect(!refused.ok && refused.error.kind).toBe("not-a-database");
    expect(await service.lastRunReadOnDemand()).toBeNull();
  });
});

describe("a 4.3 GB database read on demand, its tables past 2 GiB and past 4 GiB into the file (issue #14: 2–4 GB files)", () => {
  it("finds their rows by reading those pages, and its pages check out", async () => {
    const far = await makeFarPagesDatabase();
    expect(far.sizeBytes).toBeGreaterThan(2 ** 32);
    const reads: Array<{ start: number; end: number }> = [];
    const service = DatabaseService.create(SQL, {
      openRangeSource: () => ({
        label: "http://example.test/far.sqlite",
        sizeBytes: far.sizeBytes,
        read(start, end) {
          reads.push({ start, end });
          return far.read(start, end);
        },
      }),
    });
    const opened = await service.openLazy({ kind: "url", url: "http://example.test/far.sqlite", sizeBytes: 0 });
    expect(opened).toEqual({ ok: true, sizeBytes: far.sizeBytes, tableCount: 3 });
    for (const table of FAR_TABLES) {
      const found = await service.execute(`SELECT id, note FROM ${table.name} WHERE id IN (1, 77, ${FAR_ROWS}) ORDER BY id`);
      expect(found.ok && found.firstRows).toEqual([1, 77, FAR_ROWS].map((id) => [id, farNote(table.name, id)]));
      // The table's own page was read where it is: an offset cut to 32 bits reads another page (zeros), and SQLite
      // then calls the file malformed.
      expect(reads.some((read) => read.start <= table.firstByte && table.firstByte < read.end)).toBe(true);
    }
    const bytesRead = reads.reduce((sum, read) => sum + read.end - read.start, 0);
    expect(bytesRead).toBeLessThan(far.sizeBytes / 1000);
    // SQLite's check walks the tables and the freelist's trunk pages, so every page is accounted for.
    expect(await service.checkPages({ readOnDemand: true })).toBeNull();
    const counted = await service.execute(`SELECT (SELECT count(*) FROM near_start), (SELECT count(*) FROM past_2_gib), (SELECT count(*) FROM past_4_gib)`);
    expect(counted.ok && counted.firstRows).toEqual([[FAR_ROWS, FAR_ROWS, FAR_ROWS]]);
  });
});

describe("the column profile of a database read on demand", () => {
  it("looks at the first rows of an uncounted table rather than reading all of it", async () => {
    const { service } = serviceOverBytes();
    await service.openLazy(spec);
    await service.execute("SELECT 1");
    const profile = await service.profile({ sampleRows: 1000 });
    const readings = profile.tables.find((table) => table.table === "readings")!;
    expect(readings.rowsProfiled).toBe(1000);
    expect(readings.columns.find((column) => column.column === "id")).toMatchObject({ min: "1", max: "1000", approximate: true });
  });
});

/** The readings and a 20 MB blob: a file of three hash slices, hashed with pauses between them. */
function overThreeHashSlices(): Uint8Array {
  const database = new SQL.Database(fileBytes);
  database.exec(`CREATE TABLE padding(data BLOB); INSERT INTO padding VALUES (zeroblob(${2.5 * HASH_SLICE_BYTES}));`);
  const large = database.export();
  database.close();
  return large;
}

describe("a database read on demand until it is loaded whole (a first visit's sample)", () => {
  /** A download the test ends: the bytes (or a failure) arrive when it says. */
  function heldDownload() {
    let finish!: (bytes: Uint8Array) => void;
    let fail!: (error: Error) => void;
    const bytes = new Promise<Uint8Array>((resolve, reject) => {
      finish = resolve;
      fail = reject;
    });
    let started = false;
    return {
      load: () => {
        started = true;
        return bytes;
      },
      get started() {
        return started;
      },
      finish,
      fail,
    };
  }

  it("answers reads before the download ends, then holds the bytes in memory with the results still pageable", async () => {
    const { service } = serviceOverBytes();
    const download = heldDownload();
    const { opened, whole } = await service.openReadOnDemandUntilWhole(spec, download.load, { checkPages: false });
    expect(opened).toEqual({ ok: true, sizeBytes: fileBytes.byteLength, tableCount: 1 });
    expect(download.started).toBe(true);
    const early = await service.execute("SELECT id FROM readings ORDER BY id", { maxStoredRows: 1000 });
    expect(early.ok && early.firstRows[0]).toEqual([1]);
    expect(await service.lastRunReadOnDemand()).not.toBeNull();
    download.finish(fileBytes.slice());
    expect(await whole).toMatchObject({ ok: true, sizeBytes: fileBytes.byteLength });
    // In memory now: nothing is read on demand, and the result run before the swap still pages.
    expect(await service.lastRunReadOnDemand()).toBeNull();
    const page = await service.fetchRows(early.ok ? early.resultId! : "", 500, 2);
    expect(page.ok && page.rows).toEqual([[501], [502]]);
    expect(await service.contentKey()).not.toMatch(/^lazy-/);
  });

  it("hashes a large file a slice at a time before the swap, answering reads between slices, and keeps its content key", async () => {
    const large = overThreeHashSlices();
    const { service } = serviceOverBytes(undefined, large);
    const engine = (service as unknown as { engine: SqliteEngine }).engine;
    const open = engine.open.bind(engine);
    let readsOnDemand = 0;
    const swaps: Array<{ options: OpenOptions | undefined; readsBefore: number }> = [];
    engine.open = (bytes, options) => (swaps.push({ options, readsBefore: readsOnDemand }), open(bytes, options));
    const download = heldDownload();
    const { whole } = await service.openReadOnDemandUntilWhole(spec, download.load, { checkPages: false });
    let swapped = false;
    void whole.finally(() => (swapped = true));
    download.finish(large.slice());
    // Reads sent one after another, each in a task of its own, while the bytes are hashed and swapped in.
    while (!swapped) {
      await new Promise((resolve) => setImmediate(resolve));
      const read = await service.execute("SELECT count(*) FROM readings");
      expect(read.ok && read.firstRows).toEqual([[40000]]);
      if ((await service.lastRunReadOnDemand()) !== null) readsOnDemand += 1;
    }
    expect(await whole).toMatchObject({ ok: true });
    // Reads were answered between the slices, before the swap; the swap was given the hash and made no pass of its own.
    expect(swaps).toHaveLength(1);
    expect(swaps[0]!.readsBefore).toBeGreaterThanOrEqual(2);
    expect(swaps[0]!.options?.contentHash).toBe(hashBytes(large));
    // The same key as the file opened whole, so what was kept under it (profiles, value indexes) is found again.
    const openedWhole = DatabaseService.create(SQL);
    await openedWhole.open(large.slice());
    expect(await service.contentKey()).toBe(await openedWhole.contentKey());
  });

  it("leaves the hash to the open when the caller asked for it later (a first visit's sample: answered first)", async () => {
    const large = overThreeHashSlices();
    const { service } = serviceOverBytes(undefined, large);
    const engine = (service as unknown as { engine: SqliteEngine }).engine;
    const open = engine.open.bind(engine);
    const swaps: Array<OpenOptions | undefined> = [];
    engine.open = (bytes, options) => (swaps.push(options), open(bytes, options));
    const download = heldDownload();
    const { whole } = await service.openReadOnDemandUntilWhole(spec, download.load, { checkPages: false, hashLater: true });
    download.finish(large.slice());
    expect(await whole).toMatchObject({ ok: true });
    expect(swaps).toEqual([{ checkPages: false, hashLater: true, keepResults: true }]);
    expect(await service.contentKey()).toBe(hashBytes(large));
  });

  it("swaps nothing when another database is opened while the bytes are hashed", async () => {
    const large = overThreeHashSlices();
    const { service } = serviceOverBytes(undefined, large);
    const download = heldDownload();
    const { whole } = await service.openReadOnDemandUntilWhole(spec, download.load);
    download.finish(large.slice());
    // The download's bytes are in; the first slice is hashed, and the worker answers between slices.
    await new Promise((resolve) => setImmediate(resolve));
    await service.open(null);
    await service.execute("CREATE TABLE mine(a)");
    expect(await whole).toBeNull();
    expect((await service.schema()).tables.map((table) => table.name)).toEqual(["mine"]);
  });

  it("runs a change made while the download goes on once the bytes are in memory, instead of refusing it", async () => {
    const { service } = serviceOverBytes();
    const download = heldDownload();
    const { whole } = await service.openReadOnDemandUntilWhole(spec, download.load);
    let changed = false;
    const insert = service.execute("INSERT INTO readings VALUES (50000, 'new', 1)").then((outcome) => {
      changed = true;
      return outcome;
    });
    // A read is not held back by the waiting change.
    const read = await service.execute("SELECT count(*) FROM readings");
    expect(read.ok && read.firstRows).toEqual([[40000]]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(changed).toBe(false);
    download.finish(fileBytes.slice());
    await whole;
    expect((await insert).ok).toBe(true);
    const count = await service.execute("SELECT count(*) FROM readings");
    expect(count.ok && count.firstRows).toEqual([[40001]]);
    const exported = await service.exportDatabase();
    expect(exported.byteLength).toBeGreaterThan(0);
  });

  it("swaps nothing when another database was opened before the bytes came", async () => {
    const { service } = serviceOverBytes();
    const download = heldDownload();
    const { whole } = await service.openReadOnDemandUntilWhole(spec, download.load);
    await service.open(null);
    await service.execute("CREATE TABLE mine(a)");
    download.finish(fileBytes.slice());
    expect(await whole).toBeNull();
    const tables = await service.schema();
    expect(tables.tables.map((table) => table.name)).toEqual(["mine"]);
  });

  it("stays read on demand when the download fails, and a waiting change is then refused with the read-only message", async () => {
    const { service } = serviceOverBytes();
    const download = heldDownload();
    const { whole } = await service.openReadOnDemandUntilWhole(spec, download.load);
    const insert = service.execute("INSERT INTO readings VALUES (50000, 'new', 1)");
    download.fail(new Error("HTTP 503"));
    expect(await whole).toMatchObject({ ok: false, error: { kind: "fetch-failed", message: "HTTP 503" } });
    const refused = await insert;
    expect(!refused.ok && refused.error.message).toMatch(/read-only, read on demand/);
    const read = await service.execute("SELECT count(*) FROM readings");
    expect(read.ok && read.firstRows).toEqual([[40000]]);
  });

  it("refuses a download of another size than the file read on demand (a newer file), staying read on demand", async () => {
    const { service } = serviceOverBytes();
    const download = heldDownload();
    const { whole } = await service.openReadOnDemandUntilWhole(spec, download.load);
    download.finish(fileBytes.slice(0, fileBytes.byteLength - 4096));
    expect(await whole).toMatchObject({ ok: false, error: { kind: "fetch-failed" } });
    const read = await service.execute("SELECT count(*) FROM readings");
    expect(read.ok && read.firstRows).toEqual([[40000]]);
    expect(await service.lastRunReadOnDemand()).not.toBeNull();
  });
});
