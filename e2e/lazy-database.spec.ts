// Databases larger than memory or download: read on demand from a server that answers range requests (only the pages
// a query touches are fetched, and the page says how many bytes), from a large local File, a storage question before
// a large copy is kept, and the message when a download is too large and the server offers no ranges.
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { formatBytes } from "../app/core/format";
import { KEPT_DATABASE_NAMES } from "../app/browser/kept-database-keys";
import { alertWith, cell, openApp, queryError, resultSummary, runSql, waitForReady } from "./helpers";
import { startRangeServer, type RangeServer } from "./range-server";
import { makeReadingsDatabase, stationOf, type ReadingsDatabase } from "./readings-database";
import { farNote, makeFarPagesDatabase, writeSparseFile } from "./far-pages-database";

let folder: string;
let readings: ReadingsDatabase;
let server: RangeServer;
let changingPath: string;
let farPath: string;
let farSizeBytes: number;

test.beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), "querylab-lazy-"));
  readings = makeReadingsDatabase(join(folder, "readings.sqlite"), 6 * 1024 * 1024);
  changingPath = join(folder, "changing.sqlite");
  copyFileSync(readings.path, changingPath);
  // 4.3 GB with its tables past 2 GiB and past 4 GiB, as a sparse file: a few hundred KB on disk.
  farPath = join(folder, "far.sqlite");
  const far = await makeFarPagesDatabase();
  writeSparseFile(far, farPath);
  farSizeBytes = far.sizeBytes;
  server = await startRangeServer({
    "/far.sqlite": { path: farPath, ranges: true },
    "/changing/readings.sqlite": { path: changingPath, ranges: true },
    "/readings.sqlite": { path: readings.path, ranges: true },
    "/plain/readings.sqlite": { path: readings.path, ranges: false },
  });
});

test.afterAll(async () => {
  await server.close();
  rmSync(folder, { recursive: true, force: true });
});

async function openUrl(page: Page, url: string): Promise<void> {
  await page.getByRole("button", { name: "Open URL" }).click();
  await page.getByLabel("Database URL").fill(url);
  await page.getByRole("dialog", { name: "Open a database from a URL" }).getByRole("button", { name: "Open" }).click();
}

const statusLine = (page: Page) => page.getByRole("contentinfo", { name: "Status" });

/** The column profile reads the first rows after an open; counting the server's bytes starts once it is done. */
async function profileRead(page: Page): Promise<void> {
  await page.waitForFunction(() => window.__querylab!.descriptions().profile.value?.contentKey.startsWith("lazy-") === true);
}

test("a database on a server that answers ranges is read on demand: a lookup by key fetches a small part, and the page says how much", async ({ page }) => {
  await openApp(page);
  // A few megabytes stand for a large database.
  await page.evaluate(() => window.__querylab!.largeDatabases({ readUrlOnDemandFromBytes: 1024 * 1024 }));
  await openUrl(page, `${server.origin}/readings.sqlite`);
  await expect(page.getByLabel("Open database")).toHaveText("readings.sqlite");
  await expect(statusLine(page)).toContainText(`readings.sqlite · 1 table · ${formatBytes(readings.sizeBytes)} · read-only, read on demand`);
  await expect(page.getByText("rows not counted")).toBeVisible();
  await profileRead(page);

  server.reset();
  const id = Math.floor(readings.rows * 0.73);
  await runSql(page, `SELECT station FROM readings WHERE id = ${id}`);
  await expect(page.getByRole("gridcell", { name: stationOf(id), exact: true })).toBeVisible();
  const lookup = server.sent();
  expect(lookup.bytes).toBeGreaterThan(0);
  expect(lookup.bytes).toBeLessThan(readings.sizeBytes / 50);
  await expect(resultSummary(page)).toContainText(`read ${formatBytes(lookup.bytes)} in ${lookup.requests} request`);

  // The latest rows, newest first: SQLite reads the table's pages from the end of the file backward, and the reads
  // ahead run backward with it (one request per page before: ~180 here, 2,231 for the bench's 100,000 rows). An eighth
  // of the table, so that the scan below still has most of it to read.
  server.reset();
  const latest = Math.floor(readings.rows / 8);
  await runSql(page, `SELECT count(*) AS n, min(id) AS first FROM (SELECT id FROM readings ORDER BY id DESC LIMIT ${latest})`);
  await expect(page.getByRole("gridcell", { name: String(readings.rows - latest + 1), exact: true })).toBeVisible();
  const backward = server.sent();
  expect(backward.bytes).toBeGreaterThan(readings.sizeBytes * 0.1);
  expect(backward.requests).toBeLessThan(20);

  // A scan reads the rest of the table (the profile's first rows and the latest rows are cached), in growing requests
  // rather than one per page.
  server.reset();
  await runSql(page, "SELECT count(*) FROM readings");
  await expect(page.getByRole("gridcell", { name: String(readings.rows), exact: true })).toBeVisible();
  const scan = server.sent();
  expect(scan.bytes).toBeGreaterThan(readings.sizeBytes * 0.4);
  expect(scan.requests).toBeLessThan(100);
  await expect(resultSummary(page)).toContainText(`read ${formatBytes(scan.bytes)} in ${scan.requests} requests`);

  // Writes are refused with the reason, before SQLite is asked.
  await runSql(page, `DELETE FROM readings WHERE id = ${id}`);
  await expect(queryError(page)).toContainText("readings.sqlite is open read-only, read on demand, so DELETE is refused");
});

test("a database replaced on the server while it is read on demand fails with the reason, not with pages of two files", async ({ page }) => {
  await openApp(page);
  await page.evaluate(() => window.__querylab!.largeDatabases({ readUrlOnDemandFromBytes: 1024 * 1024 }));
  await openUrl(page, `${server.origin}/changing/readings.sqlite`);
  await expect(statusLine(page)).toContainText("read-only, read on demand");
  await profileRead(page);
  await runSql(page, "SELECT station FROM readings WHERE id = 2");
  await expect(page.getByRole("gridcell", { name: stationOf(2), exact: true })).toBeVisible();

  // A new version of the file replaces the old one (a new ETag and size), as a redeployed static site does.
  const replaced = makeReadingsDatabase(changingPath, 3 * 1024 * 1024);
  expect(replaced.rows).not.toBe(readings.rows);
  await runSql(page, "SELECT count(*) FROM readings");
  await expect(queryError(page)).toContainText(`${server.origin}/changing/readings.sqlite changed on the server after it was opened`);
  await expect(queryError(page)).toContainText("Open it again");

  // Opened again, it reads the new version whole and consistently. The status line names the new version's size: it
  // said "read on demand" before the open too, and a query run before the open is done is cleared with the old result.
  await openUrl(page, `${server.origin}/changing/readings.sqlite`);
  await expect(statusLine(page)).toContainText(`readings.sqlite · 1 table · ${formatBytes(replaced.sizeBytes)} · read-only, read on demand`);
  await runSql(page, "SELECT count(*) FROM readings");
  await expect(page.getByRole("gridcell", { name: String(replaced.rows), exact: true })).toBeVisible();
});

test("a 4.3 GB database is read on demand past 2 GiB and past 4 GiB, from a server's ranges and from a local File", async ({ page }) => {
  await openApp(page);
  // The app's own limits: a URL from 16 MB and a File over 1 GB are read on demand.
  await openUrl(page, `${server.origin}/far.sqlite`);
  await expect(statusLine(page)).toContainText(`far.sqlite · 3 tables · ${formatBytes(farSizeBytes)} · read-only, read on demand`);
  await profileRead(page);
  for (const table of ["past_2_gib", "past_4_gib"]) {
    server.reset();
    await runSql(page, `SELECT note FROM ${table} WHERE id = 77`);
    await expect(page.getByRole("gridcell", { name: farNote(table, 77), exact: true })).toBeVisible();
    // Its page was read from the server or is in the cache since the profile read it: either way far less than the file.
    expect(server.sent().bytes).toBeLessThan(1024 * 1024);
  }

  // The File has the URL's name, size and status line: wait for its own open (a new database id), or the query below
  // may run on the URL's database and be cleared when the File's open ends (seen once in CI).
  const urlDatabase = await page.evaluate(() => window.__querylab!.database().current?.id ?? null);
  await page.getByLabel("Database file").setInputFiles(farPath);
  await page.waitForFunction((before) => {
    const database = window.__querylab!.database();
    return database.status === "ready" && database.current !== null && database.current.id !== before;
  }, urlDatabase);
  await expect(statusLine(page)).toContainText(`far.sqlite · 3 tables · ${formatBytes(farSizeBytes)} · read-only, read on demand`);
  await profileRead(page);
  await runSql(page, "SELECT (SELECT note FROM past_2_gib WHERE id = 120) || ' / ' || (SELECT note FROM past_4_gib WHERE id = 3) AS notes");
  await expect(page.getByRole("gridcell", { name: `${farNote("past_2_gib", 120)} / ${farNote("past_4_gib", 3)}`, exact: true })).toBeVisible();
});

test("a local file over the in-memory limit is read on demand from the File, and one over the storage threshold asks before a copy is kept", async ({
  page,
}) => {
  await openApp(page);
  await page.evaluate(() => window.__querylab!.largeDatabases({ readFileOnDemandAboveBytes: 4 * 1024 * 1024, askBeforeKeepingAboveBytes: 1024 * 1024 }));

  // Over the in-memory limit: opened read-only from the File, its pages read as slices in the worker.
  await page.getByLabel("Database file").setInputFiles(readings.path);
  await expect(page.getByLabel("Open database")).toHaveText("readings.sqlite");
  await expect(statusLine(page)).toContainText("read-only, read on demand");
  await profileRead(page);
  // Past the first rows, which the profile has read (and the cache holds).
  const id = readings.rows - 4242;
  await runSql(page, `SELECT station FROM readings WHERE id = ${id}`);
  await expect(page.getByRole("gridcell", { name: stationOf(id), exact: true })).toBeVisible();
  await expect(resultSummary(page)).toContainText(/read [\d.]+ KB in \d+ requests?/);

  // Under the in-memory limit but over the storage threshold: loaded whole after the question.
  await page.evaluate(() => window.__querylab!.largeDatabases({ readFileOnDemandAboveBytes: 64 * 1024 * 1024, askBeforeKeepingAboveBytes: 1024 * 1024 }));
  await page.getByLabel("Database file").setInputFiles(readings.path);
  const question = page.getByRole("dialog", { name: "Keep a copy in this browser?" });
  await expect(question).toContainText(`readings.sqlite is ${formatBytes(readings.sizeBytes)}`);
  await expect(question).toContainText(/Browser storage for this site: [\d.]+ [KMG]?B used, [\d.]+ [KMG]?B free \(of [\d.]+ [KMG]?B\)\./);
  await page.screenshot({ path: "test-results/keep-copy-question.png" });
  await question.getByRole("button", { name: "Open without keeping" }).click();
  await expect(statusLine(page)).toContainText("not kept in this browser (as chosen)");
  // A loaded copy can be changed; it stays in this tab only.
  await runSql(page, "DELETE FROM readings WHERE id = 1");
  await expect(statusLine(page)).toContainText("not kept in this browser (as chosen)");
  const recent = await page.evaluate(() => window.__querylab!.database().recent.map((entry) => entry.name));
  expect(recent).not.toContain("readings.sqlite");
});

test("a large database kept in this browser reopens read on demand from its copy, then is held whole, and a change to it is kept", async ({ page }) => {
  // Over the size from which the SQLite worker opens a kept copy read on demand (OPEN_ON_DEMAND_FROM_BYTES, 16 MiB).
  const kept = makeReadingsDatabase(join(folder, "kept-readings.sqlite"), 20 * 1024 * 1024);
  expect(kept.sizeBytes).toBeGreaterThanOrEqual(16 * 1024 * 1024);
  await openApp(page);
  await page.getByLabel("Database file").setInputFiles(kept.path);
  await expect(page.getByLabel("Open database")).toHaveText("kept-readings.sqlite");
  await expect(statusLine(page)).toContainText("saved in this browser");

  // Each SQLite worker the page starts from here on: its own, and the one that checks the stored copy's pages.
  const sqliteWorkers: string[] = [];
  page.on("worker", (worker) => {
    if (/sqlite\.worker/.test(worker.url())) sqliteWorkers.push(worker.url());
  });
  await page.reload();
  await waitForReady(page);
  await expect(page.getByLabel("Open database")).toHaveText("kept-readings.sqlite");
  const id = Math.floor(kept.rows * 0.61);
  await runSql(page, `SELECT station FROM readings WHERE id = ${id}`);
  await expect(page.getByRole("gridcell", { name: stationOf(id), exact: true })).toBeVisible();
  await expect(statusLine(page)).toContainText(`kept-readings.sqlite · 1 table · ${formatBytes(kept.sizeBytes)} · saved in this browser`);
  // The worker opened it read on demand from the stored copy and the page never read its bytes (that step's mark is
  // absent); it said later that it holds it whole (the store marks that step only then).
  const marks = await page.evaluate(() =>
    ["kept-opened-in-worker", "database-opened", "held-whole", "database-bytes"].map(
      (step) => performance.getEntriesByName(`querylab:${step}`)[0]?.startTime ?? null,
    ),
  );
  expect(marks[0]).not.toBeNull();
  expect(marks[2]).toBeGreaterThan(marks[1]!);
  expect(marks[3]).toBeNull();
  // Rows counted once it was held whole (read on demand they are not).
  await expect(page.getByText("rows not counted")).toHaveCount(0);
  // Its pages were checked as stored, by a SQLite worker of its own: the page's worker answered queries meanwhile.
  await expect.poll(() => sqliteWorkers.length).toBe(2);

  // Held whole, it can be changed; the change is kept, and the next visit opens it the same way.
  await runSql(page, `DELETE FROM readings WHERE id = ${id}`);
  await page.waitForFunction(() => window.__querylab!.database().current!.saveState === "saved");
  await page.reload();
  await waitForReady(page);
  await runSql(page, "SELECT count(*) FROM readings");
  await expect(page.getByRole("gridcell", { name: String(kept.rows - 1), exact: true })).toBeVisible();
  await page.waitForFunction(() => performance.getEntriesByName("querylab:held-whole").length === 1);

  // A stored copy damaged in the browser's storage (a page in the middle of the table overwritten): the check says so.
  await page.evaluate(async (names) => {
    const connection = await new Promise<IDBDatabase>((resolve, reject) => {
      const opening = indexedDB.open(names.database);
      opening.onsuccess = () => resolve(opening.result);
      opening.onerror = () => reject(opening.error);
    });
    const request = (mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest) =>
      new Promise<unknown>((resolve, reject) => {
        const asked = act(connection.transaction(names.store, mode).objectStore(names.store));
        asked.onsuccess = () => resolve(asked.result);
        asked.onerror = () => reject(asked.error);
      });
    const id = (await request("readonly", (store) => store.get(names.lastOpenKey))) as string;
    const key = `${names.bytesKeyPrefix}${id}`;
    const bytes = new Uint8Array(await ((await request("readonly", (store) => store.get(key))) as Blob).arrayBuffer());
    const pageSize = new DataView(bytes.buffer).getUint16(16);
    const middle = Math.floor(bytes.byteLength / pageSize / 2) * pageSize;
    bytes.fill(0x5a, middle + 8, middle + 400);
    await request("readwrite", (store) => store.put(new Blob([bytes]), key));
    connection.close();
  }, KEPT_DATABASE_NAMES);
  await page.reload();
  await waitForReady(page);
  await expect(alertWith(page, /The copy of kept-readings\.sqlite kept in this browser is damaged/)).toBeVisible();
});

test("a download too large for memory from a server without ranges is refused with both reasons", async ({ page }) => {
  await openApp(page);
  await page.evaluate(() => {
    window.__querylab!.largeDatabases({ readUrlOnDemandFromBytes: 1024 * 1024 });
    window.__querylab!.limitDownloads(1024 * 1024);
  });
  await openUrl(page, `${server.origin}/plain/readings.sqlite`);
  await expect(
    alertWith(
      page,
      `Could not download ${server.origin}/plain/readings.sqlite: the server announces ${formatBytes(readings.sizeBytes)}, and the page opens databases up to 1.0 MB; nothing was downloaded. The server does not answer range requests (or CORS hides them), which would let the page read it on demand, only the parts a query needs. The database that was open is still open.`,
    ),
  ).toBeVisible();
  await expect(page.getByLabel("Open database")).toHaveText("Bookshop");
});

test("a database downloaded whole (a server without ranges) goes to the SQLite worker as a Blob: the page neither holds nor sends its bytes", async ({
  page,
}) => {
  await openApp(page);
  // The sample's copy is kept first: its Blob is not the download's.
  await page.waitForFunction(() => window.__querylab!.database().current?.saveState === "saved");
  // From here: every Blob the page makes out of bytes, and every message to a worker, by the bytes they carry. A 400 MB
  // download was gathered into one buffer on the page, cloned to the worker, and copied again into a Blob to be kept.
  await page.evaluate(() => {
    const seen = { blobsOfBytes: [] as number[], messagesWithBytes: [] as number[] };
    (window as unknown as { bytesSeen: typeof seen }).bytesSeen = seen;
    window.Blob = new Proxy(Blob, {
      construct(target, args: ConstructorParameters<typeof Blob>) {
        const ofBytes = [...(args[0] ?? [])].filter(
          (part): part is ArrayBufferView<ArrayBuffer> | ArrayBuffer => ArrayBuffer.isView(part) || part instanceof ArrayBuffer,
        );
        if (ofBytes.length > 0) seen.blobsOfBytes.push(ofBytes.reduce((sum, part) => sum + part.byteLength, 0));
        return Reflect.construct(target, args);
      },
    });
    const bytesIn = (value: unknown, depth: number): number => {
      if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) return value.byteLength;
      if (depth === 0 || value === null || typeof value !== "object" || value instanceof Blob) return 0;
      return Object.values(value).reduce((sum: number, inner) => sum + bytesIn(inner, depth - 1), 0);
    };
    for (const sender of [Worker.prototype, MessagePort.prototype]) {
      const post = sender.postMessage as (this: unknown, ...args: unknown[]) => void;
      sender.postMessage = function (this: unknown, ...args: unknown[]) {
        const bytes = bytesIn(args[0], 8);
        if (bytes > 0) seen.messagesWithBytes.push(bytes);
        post.apply(this, args);
      } as typeof sender.postMessage;
    }
  });
  await openUrl(page, `${server.origin}/plain/readings.sqlite`);
  await expect(page.getByLabel("Open database")).toHaveText("readings.sqlite");
  await page.waitForFunction(() => window.__querylab!.database().current?.saveState === "saved");
  await runSql(page, "SELECT count(*) FROM readings");
  await expect(cell(page, 1, 1)).toHaveText(String(readings.rows));
  const seen = await page.evaluate(() => (window as unknown as { bytesSeen: { blobsOfBytes: number[]; messagesWithBytes: number[] } }).bytesSeen);
  // The browser makes the body a Blob (Response.blob()), and the SQLite worker reads it: the page's Blobs and its
  // messages carry next to none of the file's 5.7 MB. The old code sent all of it in one message and made one Blob of
  // it; gathering the body into Blobs chunk by chunk on the page would make Blobs of all of it too.
  const total = (sizes: number[]) => sizes.reduce((sum, size) => sum + size, 0);
  expect(total(seen.blobsOfBytes)).toBeLessThan(readings.sizeBytes / 10);
  expect(total(seen.messagesWithBytes)).toBeLessThan(readings.sizeBytes / 10);

  // The Blob is the copy kept in this browser: a reload opens it again.
  await page.reload();
  await waitForReady(page);
  await expect(page.getByLabel("Open database")).toHaveText("readings.sqlite");
  await runSql(page, "SELECT station FROM readings WHERE id = 4242");
  await expect(cell(page, 1, 1)).toHaveText(stationOf(4242));
});

test("a download that breaks off says after how much, and the open database stays", async ({ page }) => {
  // A server without ranges that announces 4 MB, sends 1 MB of the download, then closes its connection. The page's
  // range probe gets the whole file, as from any server without ranges: dropped too, its connection (which the browser
  // may have reused for the download by then) once killed the download before its answer, seen as "no answer".
  const dropping = createServer((request, response) => {
    const cors = { "Access-Control-Allow-Origin": "*", "Access-Control-Allow-Headers": "Range", "Cache-Control": "no-store" };
    if (request.method === "OPTIONS") return void response.writeHead(204, cors).end();
    response.writeHead(200, { ...cors, "Content-Length": String(4 * 1024 * 1024) });
    if (request.method === "HEAD" || request.headers.range !== undefined)
      return void response.end(request.method === "HEAD" ? undefined : Buffer.alloc(4 * 1024 * 1024));
    // Ended (FIN), not destroyed (RST): a reset makes the receiving side drop what it has not read yet, so under load
    // (the browser's network process slow to read) the head went with it, and the page saw no answer at all.
    const socket = request.socket;
    response.write(Buffer.alloc(1024 * 1024), () => setTimeout(() => socket.end(), 200));
  });
  await new Promise<void>((resolve) => dropping.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(dropping.address() as AddressInfo).port}/broken.sqlite`;
  try {
    await openApp(page);
    await openUrl(page, url);
    const alert = alertWith(page, /the download broke off after/);
    await expect(alert).toBeVisible();
    // The browser says only that the request failed: the message says after how much, and that the connection ended.
    await expect(alert).toContainText(new RegExp(`Could not download ${url.replace(/[.?]/g, "\\$&")}: the download broke off after [\\d.]+ (KB|MB) \\(`));
    await expect(alert).not.toContainText("Failed to fetch");
    await expect(alert).toContainText("The database that was open is still open.");
    await expect(page.getByLabel("Open database")).toHaveText("Bookshop");
  } finally {
    dropping.closeAllConnections();
    await new Promise((resolve) => dropping.close(resolve));
  }
});
