// A full disk: IndexedDB refuses the database bytes. The page says why with the sizes, offers Download, asks before
// leaving, saves again on the next change once there is space, and a reload after a refused save says which copy came back.
import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import initSqlJs from "sql.js";
import { alertWith, cell, openApp, runSql, waitForReady } from "./helpers";

declare global {
  interface Window {
    /** How many beforeunload listeners the page has registered on window right now. */
    __beforeUnloadListeners?: () => number;
  }
}

const DISK_FULL = "e2e-disk-full";

test.beforeEach(async ({ page }) => {
  // Each test loads the page three times (open, reload, reload): more than the default allows on a busy machine.
  test.setTimeout(120_000);
  await page.addInitScript((flag) => {
    // While the flag is set (in sessionStorage, so it outlives a reload), writing database bytes fails as a full
    // IndexedDB fails; small writes (history, the last-open id) still fit, as they would on a real full disk.
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (value: unknown, key?: IDBValidKey) {
      // Database bytes are kept as a Blob (app/browser/storage.ts), copies from earlier versions as bytes.
      if ((value instanceof Uint8Array || value instanceof Blob) && sessionStorage.getItem(flag) === "yes")
        throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      return put.call(this, value, key);
    };
    const listeners = new Set<unknown>();
    const add = window.addEventListener.bind(window);
    const remove = window.removeEventListener.bind(window);
    window.addEventListener = (type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions) => {
      if (type === "beforeunload") listeners.add(listener);
      add(type, listener, options);
    };
    window.removeEventListener = (type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions) => {
      if (type === "beforeunload") listeners.delete(listener);
      remove(type, listener, options);
    };
    window.__beforeUnloadListeners = () => listeners.size;
  }, DISK_FULL);
});

async function setDiskFull(page: Page, full: boolean): Promise<void> {
  await page.evaluate(([flag, on]) => (on ? sessionStorage.setItem(flag, "yes") : sessionStorage.removeItem(flag)), [DISK_FULL, full] as const);
}

const beforeUnloadListeners = (page: Page) => page.evaluate(() => window.__beforeUnloadListeners!());

test("a refused save gives the reason and sizes, offers Download, and the next change saves once there is space", async ({ page }) => {
  await openApp(page);
  await page.waitForFunction(() => window.__querylab!.database().current?.saveState === "saved");
  expect(await beforeUnloadListeners(page)).toBe(0);

  await setDiskFull(page, true);
  await runSql(page, "CREATE TABLE kept_notes(note TEXT); INSERT INTO kept_notes VALUES ('first');");
  const refused = alertWith(page, "was not saved");
  await expect(refused).toBeVisible();
  await expect(refused).toContainText("Bookshop was not saved: the browser's storage for this page is full (QuotaExceededError: The quota has been exceeded).");
  await expect(refused).toContainText(/Needed \d+\.\d (KB|MB); used \d+(\.\d)? (B|KB|MB|GB) of \d+\.\d (KB|MB|GB), \d+(\.\d)? (B|KB|MB|GB) free\./);
  await expect(refused).toContainText("a reload would bring back the older copy saved");
  await expect(page.getByRole("contentinfo", { name: "Status" })).toContainText("not saved: the browser refused");
  // Unsaved now: leaving asks first.
  expect(await beforeUnloadListeners(page)).toBe(1);
  await page.screenshot({ path: "test-results/save-refused.png" });

  // Download gives the database as it is on screen, with the change storage refused.
  const download = page.waitForEvent("download");
  await refused.getByRole("button", { name: "Download a copy" }).click();
  const SQL = await initSqlJs();
  const downloaded = new SQL.Database(await readFile((await (await download).path())!));
  expect(downloaded.exec("SELECT note FROM kept_notes")[0]?.values).toEqual([["first"]]);
  downloaded.close();

  // Space is free again: the next change saves, the message goes, and leaving no longer asks.
  await setDiskFull(page, false);
  await runSql(page, "INSERT INTO kept_notes VALUES ('second');");
  await expect(page.getByRole("status").filter({ hasText: "Bookshop is saved in this browser again." })).toBeVisible();
  await expect(refused).toHaveCount(0);
  await expect(page.getByRole("contentinfo", { name: "Status" })).toContainText("saved in this browser");
  expect(await beforeUnloadListeners(page)).toBe(0);

  await page.reload();
  await waitForReady(page);
  await runSql(page, "SELECT group_concat(note, ',') FROM kept_notes");
  await expect(cell(page, 1, 1)).toHaveText("first,second");
});

test("leaving after a refused save asks first, and the reload says it brought back the older copy", async ({ page }) => {
  await openApp(page);
  await page.waitForFunction(() => window.__querylab!.database().current?.saveState === "saved");
  await setDiskFull(page, true);
  await runSql(page, "CREATE TABLE lost_notes(note TEXT);");
  await expect(alertWith(page, "was not saved")).toBeVisible();

  const dialogs: string[] = [];
  page.once("dialog", (dialog) => {
    dialogs.push(dialog.type());
    void dialog.accept();
  });
  await page.reload();
  expect(dialogs).toEqual(["beforeunload"]);
  await waitForReady(page);
  await expect(
    alertWith(
      page,
      /The last save of Bookshop failed .* \(the browser's storage was full\), so this is the older copy saved .*: changes made after it were not kept\./,
    ),
  ).toBeVisible();
  await runSql(page, "SELECT count(*) FROM sqlite_schema WHERE name = 'lost_notes'");
  await expect(cell(page, 1, 1)).toHaveText("0");
  // Said once: the next load has nothing to warn about.
  await page.reload();
  await waitForReady(page);
  await expect(alertWith(page, "The last save of Bookshop failed")).toHaveCount(0);
});
