// Opening, importing and exporting files: drag-and-drop, the file picker, URLs, CSV import and export, and bad files.
import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { alertWith, cell, databaseBytes, openApp, resultSummary, runEndlessQueryAndStop, runSql } from "./helpers";

async function dropFile(page: Page, name: string, bytes: Buffer, mimeType: string): Promise<void> {
  const dataTransfer = await page.evaluateHandle(
    ({ name, data, mimeType }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(data)], name, { type: mimeType }));
      return transfer;
    },
    { name, data: Array.from(bytes), mimeType },
  );
  await page.dispatchEvent("body", "dragenter", { dataTransfer });
  await expect(page.getByText(/Drop a SQLite database to open it/)).toBeVisible();
  await page.dispatchEvent("body", "dragover", { dataTransfer });
  await page.dispatchEvent("body", "drop", { dataTransfer });
}

const PETS_SQL = "CREATE TABLE pets(id INTEGER PRIMARY KEY, name TEXT, species TEXT); INSERT INTO pets VALUES (1,'Rex','dog'),(2,'Tom','cat');";

test("dropping a SQLite file opens it", async ({ page }) => {
  await openApp(page);
  await dropFile(page, "pets.sqlite", await databaseBytes(PETS_SQL), "application/vnd.sqlite3");
  await expect(page.getByLabel("Open database")).toHaveText("pets.sqlite");
  await expect(page.getByRole("navigation", { name: "Schema" }).getByText("pets", { exact: true })).toBeVisible();
  await runSql(page, "SELECT name FROM pets ORDER BY id");
  await expect(resultSummary(page)).toHaveText(/^2 rows/);
  await expect(cell(page, 1, 1)).toHaveText("Rex");
});

test("a corrupt file gets a clear message and the open database stays open", async ({ page }) => {
  await openApp(page);
  await runSql(page, "SELECT count(*) FROM books");
  const before = await page.evaluate(() => window.__querylab!.database().current!.id);

  await page
    .getByLabel("Database file")
    .setInputFiles({ name: "notes.sqlite", mimeType: "application/octet-stream", buffer: Buffer.from("this is not a database\n".repeat(50)) });
  await expect(alertWith(page, "notes.sqlite: This file is not a SQLite database")).toBeVisible();
  await expect(alertWith(page, "The database that was open is still open.")).toBeVisible();

  const sample = await readFile("public/samples/bookshop.sqlite");
  await page
    .getByLabel("Database file")
    .setInputFiles({ name: "half.sqlite", mimeType: "application/octet-stream", buffer: sample.subarray(0, Math.floor(sample.length / 2)) });
  await expect(alertWith(page, /half\.sqlite: The database is damaged/)).toBeVisible();

  await page.getByLabel("Database file").setInputFiles({ name: "empty.db", mimeType: "application/octet-stream", buffer: Buffer.alloc(0) });
  await expect(alertWith(page, "empty.db: The file is empty")).toBeVisible();

  expect(await page.evaluate(() => window.__querylab!.database().current!.id)).toBe(before);
  await expect(page.getByLabel("Open database")).toHaveText("Bookshop");
  await runSql(page, "SELECT count(*) AS n FROM books");
  await expect(resultSummary(page)).toHaveText(/^1 row/);
});

test("a CSV imports as a typed table, with progress, and ragged rows are explained", async ({ page }) => {
  await openApp(page);
  const rows = ["city,population,area"];
  for (let index = 0; index < 20_000; index += 1) rows.push(`City ${index},${1000 + index},${(index / 7).toFixed(2)}`);
  // Record every progress value the status line shows during the import.
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { progressSeen: number[] }).progressSeen = seen;
    new MutationObserver(() => {
      const bar = document.querySelector<HTMLProgressElement>('progress[aria-label^="Importing"]');
      if (bar) seen.push(bar.value);
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  await page.getByLabel("Table file (CSV, TSV or JSON)").setInputFiles({ name: "Big Cities.csv", mimeType: "text/csv", buffer: Buffer.from(rows.join("\n")) });
  await expect(page.getByRole("status").filter({ hasText: "Imported 20,000 rows into the new table big_cities" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Schema" }).getByText("big_cities", { exact: true })).toBeVisible();
  const progressSeen = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
  expect(new Set(progressSeen).size).toBeGreaterThan(2);
  await runSql(page, "SELECT typeof(population), typeof(area), count(*) FROM big_cities GROUP BY 1, 2");
  await expect(cell(page, 1, 1)).toHaveText("integer");
  await expect(cell(page, 1, 2)).toHaveText("real");
  await expect(cell(page, 1, 3)).toHaveText("20000");

  await page.getByLabel("Table file (CSV, TSV or JSON)").setInputFiles({ name: "ragged.csv", mimeType: "text/csv", buffer: Buffer.from("a,b\n1,2\n3,4,5\n") });
  await expect(alertWith(page, "ragged.csv: Line 3 has 3 fields but the header has 2")).toBeVisible();
  await expect(alertWith(page, "The database is unchanged.")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Schema" }).getByText("ragged", { exact: true })).toHaveCount(0);
});

test("a dropped JSON file becomes a table", async ({ page }) => {
  await openApp(page);
  await dropFile(
    page,
    "people.json",
    Buffer.from(
      JSON.stringify([
        { name: "Ada", age: 36 },
        { name: "Alan", age: 41 },
      ]),
    ),
    "application/json",
  );
  await expect(page.getByRole("status").filter({ hasText: "Imported 2 rows into the new table people" })).toBeVisible();
});

test("a result exports as CSV and JSON", async ({ page }) => {
  await openApp(page);
  await runSql(page, "SELECT 'a,b' AS text, NULL AS missing, '' AS empty, 7 AS n UNION ALL SELECT 'x', 1, 'y', 8");
  const csvDownload = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const csv = await readFile((await (await csvDownload).path())!, "utf8");
  expect(csv).toBe('text,missing,empty,n\r\n"a,b",,"",7\r\nx,1,y,8');
  const jsonDownload = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export JSON" }).click();
  const json = JSON.parse(await readFile((await (await jsonDownload).path())!, "utf8"));
  expect(json).toEqual([
    { text: "a,b", missing: null, empty: "", n: 7 },
    { text: "x", missing: 1, empty: "y", n: 8 },
  ]);
});

test("?db= in the address opens a database from a URL, and a failing URL says why", async ({ page, baseURL }) => {
  await openApp(page, `/?db=${encodeURIComponent(`${baseURL}samples/flights.sqlite`)}`);
  await expect(page.getByLabel("Open database")).toHaveText("flights.sqlite");
  expect(new URL(page.url()).searchParams.get("db")).toBeNull();

  await page.getByRole("button", { name: "Open URL" }).click();
  await page.getByLabel("Database URL").fill("http://127.0.0.1:9/missing.sqlite");
  await page.getByRole("dialog", { name: "Open a database from a URL" }).getByRole("button", { name: "Open" }).click();
  await expect(alertWith(page, "Could not download http://127.0.0.1:9/missing.sqlite")).toBeVisible();
  await expect(page.getByLabel("Open database")).toHaveText("flights.sqlite");
});

test("the database downloads as a .sqlite file that opens again", async ({ page }) => {
  await openApp(page);
  await runSql(page, "CREATE TABLE keepsake(x); INSERT INTO keepsake VALUES ('kept');");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("Bookshop.sqlite");
  const bytes = await readFile((await file.path())!);
  expect(bytes.subarray(0, 15).toString("latin1")).toBe("SQLite format 3");
  await page.getByLabel("Database file").setInputFiles({ name: "again.sqlite", mimeType: "application/octet-stream", buffer: bytes });
  await expect(page.getByLabel("Open database")).toHaveText("again.sqlite");
  await runSql(page, "SELECT x FROM keepsake");
  await expect(cell(page, 1, 1)).toHaveText("kept");
});

test("a database file is read by the SQLite worker, never by the page: when opened, after a Stop, from Recent, and a table file imported", async ({ page }) => {
  await openApp(page);
  // Every read of a whole Blob on the page itself, by its size. The page's main thread read the bench's 401 MB file in
  // tasks of up to ~0.6 s; the worker reads it instead (DatabaseService.openBlob), a slice at a time.
  await page.evaluate(() => {
    const reads: number[] = [];
    (window as unknown as { blobReadsOnPage: number[] }).blobReadsOnPage = reads;
    const { arrayBuffer, stream, text } = Blob.prototype;
    Blob.prototype.arrayBuffer = function (this: Blob) {
      reads.push(this.size);
      return arrayBuffer.call(this);
    };
    Blob.prototype.stream = function (this: Blob) {
      reads.push(this.size);
      return stream.call(this);
    };
    Blob.prototype.text = function (this: Blob) {
      reads.push(this.size);
      return text.call(this);
    };
    const { readAsArrayBuffer } = FileReader.prototype;
    FileReader.prototype.readAsArrayBuffer = function (this: FileReader, blob: Blob) {
      reads.push(blob.size);
      readAsArrayBuffer.call(this, blob);
    };
  });
  const bytes = await databaseBytes(
    `${PETS_SQL} CREATE TABLE visits(id INTEGER PRIMARY KEY, pet INTEGER, note TEXT);
     WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 3000) INSERT INTO visits SELECT x, 1 + x % 2, 'visit ' || x FROM n;`,
  );
  await page.getByLabel("Database file").setInputFiles({ name: "pets.sqlite", mimeType: "application/vnd.sqlite3", buffer: bytes });
  await expect(page.getByLabel("Open database")).toHaveText("pets.sqlite");
  await runSql(page, "SELECT p.name, count(*) FROM visits AS v JOIN pets AS p ON p.id = v.pet GROUP BY p.name ORDER BY p.name");
  await expect(cell(page, 1, 1)).toHaveText("Rex");
  await expect(cell(page, 1, 2)).toHaveText("1500");
  await page.waitForFunction(() => window.__querylab!.database().current!.saveState === "saved");

  // A Stop restarts the worker, which reads the copy kept in this browser again.
  await runEndlessQueryAndStop(page);
  await runSql(page, "SELECT count(*) FROM visits");
  await expect(cell(page, 1, 1)).toHaveText("3000");

  // Reopened from Recent after another database: the worker reads the kept copy.
  await page.getByRole("button", { name: "New" }).click();
  await expect(page.getByLabel("Open database")).toHaveText("Untitled database");
  await page.getByRole("button", { name: "Recent" }).click();
  await page.getByRole("dialog", { name: "Recent databases" }).getByRole("button", { name: "Reopen pets.sqlite" }).click();
  await expect(page.getByLabel("Open database")).toHaveText("pets.sqlite");
  await runSql(page, "SELECT note FROM visits WHERE id = 2999");
  await expect(cell(page, 1, 1)).toHaveText("visit 2999");

  // A table file imported into it: the worker reads that too.
  const csv = Buffer.from(["kind,count", ...Array.from({ length: 500 }, (_, index) => `kind ${index},${index}`)].join("\n"));
  await page.getByLabel("Table file (CSV, TSV or JSON)").setInputFiles({ name: "kinds.csv", mimeType: "text/csv", buffer: csv });
  await expect(page.getByRole("status").filter({ hasText: "Imported 500 rows into the new table kinds" })).toBeVisible();

  const readsOfTheFiles = await page.evaluate(
    (sizes) => (window as unknown as { blobReadsOnPage: number[] }).blobReadsOnPage.filter((read) => sizes.includes(read)),
    [bytes.length, csv.length],
  );
  expect(readsOfTheFiles).toEqual([]);
});

test("after a change, the copy kept and the download are made by the SQLite worker: the page makes no copy of the database's bytes", async ({ page }) => {
  await openApp(page);
  const bytes = await databaseBytes(
    `${PETS_SQL} CREATE TABLE visits(id INTEGER PRIMARY KEY, pet INTEGER, note TEXT);
     WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 3000) INSERT INTO visits SELECT x, 1 + x % 2, 'visit ' || x FROM n;`,
  );
  await page.getByLabel("Database file").setInputFiles({ name: "pets.sqlite", mimeType: "application/vnd.sqlite3", buffer: bytes });
  await expect(page.getByLabel("Open database")).toHaveText("pets.sqlite");
  await page.waitForFunction(() => window.__querylab!.database().current!.saveState === "saved");
  // From here: every Blob the page makes out of bytes (not out of other Blobs), by size. A change to a 401 MB database
  // cost the page two tasks of ~1.8 s when it took the exported bytes and made them a Blob to store.
  await page.evaluate(() => {
    const made: number[] = [];
    (window as unknown as { blobsMadeOfBytes: number[] }).blobsMadeOfBytes = made;
    window.Blob = new Proxy(Blob, {
      construct(target, args: ConstructorParameters<typeof Blob>) {
        const parts = args[0] ?? [];
        const ofBytes = [...parts].filter(
          (part): part is ArrayBufferView<ArrayBuffer> | ArrayBuffer => ArrayBuffer.isView(part) || part instanceof ArrayBuffer,
        );
        if (ofBytes.length > 0) made.push(ofBytes.reduce((sum, part) => sum + part.byteLength, 0));
        return Reflect.construct(target, args);
      },
    });
  });
  await runSql(page, "INSERT INTO visits (pet, note) VALUES (2, 'checked again')");
  await page.waitForFunction(() => window.__querylab!.database().current!.saveState === "saved");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download" }).click();
  const downloaded = await readFile((await (await download).path())!);
  expect(downloaded.subarray(0, 15).toString("latin1")).toBe("SQLite format 3");
  expect(downloaded.length).toBeGreaterThanOrEqual(bytes.length);
  const madeOnPage = await page.evaluate(() => (window as unknown as { blobsMadeOfBytes: number[] }).blobsMadeOfBytes);
  expect(madeOnPage.filter((size) => size >= bytes.length / 2)).toEqual([]);

  // The change is in the kept copy (a reload reopens it from storage) and in the download.
  await page.reload();
  await openApp(page);
  await runSql(page, "SELECT note FROM visits ORDER BY id DESC LIMIT 1");
  await expect(cell(page, 1, 1)).toHaveText("checked again");
  await page.getByLabel("Database file").setInputFiles({ name: "downloaded.sqlite", mimeType: "application/vnd.sqlite3", buffer: downloaded });
  await expect(page.getByLabel("Open database")).toHaveText("downloaded.sqlite");
  await runSql(page, "SELECT count(*) FROM visits WHERE note = 'checked again'");
  await expect(cell(page, 1, 1)).toHaveText("1");
});
