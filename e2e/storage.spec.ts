// Without browser storage (private modes, a full disk) the app still works in memory and says changes won't be kept.
import { expect, test } from "@playwright/test";
import { alertWith, cell, databaseBytes, openApp, runSql, setSql } from "./helpers";

test("with IndexedDB refused, the sample opens, queries and edits work, and the person is told nothing is kept", async ({ page }) => {
  await page.addInitScript(() => {
    // What Firefox's private mode did for years: every open request fails.
    Object.defineProperty(window, "indexedDB", {
      configurable: true,
      value: {
        open() {
          throw new DOMException("The operation is insecure.", "SecurityError");
        },
        deleteDatabase() {
          throw new DOMException("The operation is insecure.", "SecurityError");
        },
      },
    });
  });
  await openApp(page);
  await expect(page.getByLabel("Open database")).toHaveText("Bookshop");
  await expect(
    page.getByRole("status").filter({ hasText: "changes will not be kept after a reload" }).or(alertWith(page, "changes will not be kept after a reload")),
  ).toBeVisible();
  await runSql(page, "CREATE TABLE scratch(x); INSERT INTO scratch VALUES ('in memory');");
  await runSql(page, "SELECT x FROM scratch");
  await expect(cell(page, 1, 1)).toHaveText("in memory");
  await expect(page.getByRole("contentinfo", { name: "Status" })).toContainText("not kept after reload");
  // Stop still restores the last state, from the copy kept in memory.
  await setSql(page, "WITH RECURSIVE forever(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM forever) SELECT count(*) FROM forever");
  await page.keyboard.press("ControlOrMeta+Enter");
  await expect(page.getByRole("button", { name: "Stop", exact: true })).toBeEnabled();
  await page.getByRole("button", { name: "Stop", exact: true }).click();
  await expect(alertWith(page, "Query stopped after")).toBeVisible();
  await runSql(page, "SELECT x FROM scratch");
  await expect(cell(page, 1, 1)).toHaveText("in memory");
});

test("the worker keeps the profile it takes in IndexedDB, not the page's main thread, and a reload reads it from there", async ({ page }) => {
  await page.addInitScript(() => {
    // Every put the page itself makes; the SQLite worker's IndexedDB is its own global, not wrapped by this.
    const puts: string[] = [];
    (window as unknown as { __pagePuts: string[] }).__pagePuts = puts;
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
      puts.push(`${this.transaction.db.name}/${String(key)}`);
      return put.call(this, value, key);
    };
  });
  await openApp(page);
  const bytes = await databaseBytes(
    "CREATE TABLE stations (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO stations (name) VALUES ('north'), ('south'), ('west');",
  );
  await page.getByLabel("Database file").setInputFiles({ name: "stations.sqlite", mimeType: "application/vnd.sqlite3", buffer: bytes });
  await expect(page.getByLabel("Open database")).toHaveText("stations.sqlite");
  const contentKey = await page
    .waitForFunction(() => {
      const profile = window.__querylab?.descriptions().profile.value;
      return profile?.tables.some((table) => table.table === "stations") ? profile.contentKey : null;
    })
    .then((handle) => handle.jsonValue() as Promise<string>); // waitForFunction resolves on a truthy value: the key

  const storedProfile = (key: string) =>
    new Promise<{ contentKey: string; elapsedMs: number } | undefined>((resolve, reject) => {
      const opening = indexedDB.open("querylab-schema-context");
      opening.onerror = () => reject(opening.error);
      opening.onsuccess = () => {
        const reading = opening.result.transaction("keyval").objectStore("keyval").get(`profile:${key}`);
        reading.onsuccess = () => resolve(reading.result as { contentKey: string; elapsedMs: number } | undefined);
        reading.onerror = () => reject(reading.error);
      };
    });
  await expect.poll(() => page.evaluate(storedProfile, contentKey).then((stored) => stored?.contentKey)).toBe(contentKey);
  const pagePuts = await page.evaluate(() => (window as unknown as { __pagePuts: string[] }).__pagePuts);
  // The page did keep things (the database itself, the workspace), just not this profile.
  expect(pagePuts.length).toBeGreaterThan(0);
  expect(pagePuts.filter((key) => key.startsWith("querylab-schema-context/profile") && key.includes(contentKey))).toEqual([]);

  // Marked in storage, the profile shows the mark after a reload: it was read, not taken again.
  await page.evaluate(
    (key) =>
      new Promise<void>((resolve, reject) => {
        const opening = indexedDB.open("querylab-schema-context");
        opening.onsuccess = () => {
          const store = opening.result.transaction("keyval", "readwrite").objectStore("keyval");
          const reading = store.get(`profile:${key}`);
          reading.onsuccess = () => {
            const writing = store.put({ ...reading.result, elapsedMs: 424242 }, `profile:${key}`);
            writing.onsuccess = () => resolve();
            writing.onerror = () => reject(writing.error);
          };
        };
        opening.onerror = () => reject(opening.error);
      }),
    contentKey,
  );
  await page.reload();
  await expect(page.getByLabel("Open database")).toHaveText("stations.sqlite");
  await page.waitForFunction((key) => window.__querylab?.descriptions().profile.value?.contentKey === key, contentKey);
  expect(await page.evaluate(() => window.__querylab?.descriptions().profile.value?.elapsedMs)).toBe(424242);
});
