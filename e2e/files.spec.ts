// Opening, importing and exporting files: drag-and-drop, the file picker, URLs, CSV import and export, and bad files.
import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { alertWith, cell, databaseBytes, openApp, resultSummary, runSql } from "./helpers";

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
