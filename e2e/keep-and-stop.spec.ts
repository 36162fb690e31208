// Work survives a reload, recent databases can be reopened and deleted, and a runaway query can be stopped.
import { expect, test } from "@playwright/test";
import { alertWith, cell, openApp, resultSummary, runEndlessQueryAndStop, runSql, setSql } from "./helpers";

test("changes are kept across a reload, and recent databases reopen and delete", async ({ page }) => {
  await openApp(page);
  await runSql(page, "CREATE TABLE notes(body TEXT); INSERT INTO notes VALUES ('remember me');");
  await expect(page.getByRole("navigation", { name: "Schema" }).getByText("notes", { exact: true })).toBeVisible();
  await page.waitForFunction(() => window.__querylab!.database().current!.saveState === "saved");
  await expect(page.getByRole("contentinfo", { name: "Status" })).toContainText("saved in this browser");
  const bookshopId = await page.evaluate(() => window.__querylab!.database().current!.id);

  await page.reload();
  await openApp(page);
  await expect(page.getByLabel("Open database")).toHaveText("Bookshop");
  await runSql(page, "SELECT body FROM notes");
  await expect(cell(page, 1, 1)).toHaveText("remember me");

  await page.getByRole("button", { name: "New" }).click();
  await expect(page.getByLabel("Open database")).toHaveText("Untitled database");
  await page.getByRole("button", { name: "Recent" }).click();
  const recent = page.getByRole("dialog", { name: "Recent databases" });
  await recent.getByRole("button", { name: "Reopen Bookshop" }).click();
  await expect(page.getByLabel("Open database")).toHaveText("Bookshop");
  expect(await page.evaluate(() => window.__querylab!.database().current!.id)).toBe(bookshopId);

  await page.getByRole("button", { name: "Recent" }).click();
  await recent.getByRole("button", { name: "Delete Untitled database" }).click();
  await expect(recent.getByText("Untitled database")).toHaveCount(0);
  await page.reload();
  await openApp(page);
  await page.getByRole("button", { name: "Recent" }).click();
  await expect(page.getByRole("dialog", { name: "Recent databases" }).getByText("Untitled database")).toHaveCount(0);
});

test("a returning visit's database is opened by the SQLite worker while the page loads, and a Stop reopens it from storage", async ({ page }) => {
  await openApp(page);
  await runSql(page, "CREATE TABLE notes(body TEXT); INSERT INTO notes VALUES ('remember me');");
  await page.waitForFunction(() => window.__querylab!.database().current!.saveState === "saved");

  await page.reload();
  await openApp(page);
  // The start script read it from storage and the worker opened it (workers/kept-database.ts); the page never read
  // its bytes itself (that step's mark, taken when it does, is absent).
  const marks = await page.evaluate(() =>
    ["kept-read", "kept-opened-in-worker", "database-bytes"].map((step) => performance.getEntriesByName(`querylab:${step}`).length),
  );
  expect(marks).toEqual([1, 1, 0]);
  await expect(page.getByLabel("Open database")).toHaveText("Bookshop");
  await expect(page.getByRole("contentinfo", { name: "Status" })).toContainText("saved in this browser");
  await runSql(page, "SELECT body FROM notes");
  await expect(cell(page, 1, 1)).toHaveText("remember me");

  // The page holds no copy of it: after a Stop the stored one is read back, with the change made since the reload.
  await runSql(page, "INSERT INTO notes VALUES ('and me');");
  await page.waitForFunction(() => window.__querylab!.database().current!.saveState === "saved");
  await runEndlessQueryAndStop(page);
  await runSql(page, "SELECT group_concat(body, ', ') FROM notes");
  await expect(cell(page, 1, 1)).toHaveText("remember me, and me");
  await expect(page.getByRole("contentinfo", { name: "Status" })).toContainText("saved in this browser");
});

test("Stop ends an endless query at once, the page stays responsive, and the database is as before", async ({ page }) => {
  await openApp(page);
  await runSql(page, "CREATE TABLE counter(n INTEGER); INSERT INTO counter VALUES (1);");
  // An endless recursive CTE that also tries to write: stopping must leave no trace of it.
  await setSql(
    page,
    "BEGIN; UPDATE counter SET n = 999; WITH RECURSIVE forever(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM forever) SELECT count(*) FROM forever;",
  );
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.press("ControlOrMeta+Enter");
  await expect(resultSummary(page)).toHaveText(/Running…/);
  await expect(page.getByRole("button", { name: "Stop", exact: true })).toBeEnabled();

  // The main thread is free while the worker spins: the page still reacts to clicks and runs timers.
  expect(await page.evaluate(() => new Promise<string>((resolve) => setTimeout(() => resolve("timer ran"), 0)))).toBe("timer ran");
  await page.getByRole("button", { name: /^History/ }).click();
  await expect(page.getByRole("button", { name: /^History/ })).toHaveAttribute("aria-expanded", "true");
  await page.getByRole("button", { name: /^History/ }).click();

  await page.getByRole("button", { name: "Stop", exact: true }).click();
  await expect(alertWith(page, "Query stopped after")).toBeVisible();
  await page.waitForFunction(() => window.__querylab!.database().status === "ready" && window.__querylab!.query().running === null);
  await runSql(page, "SELECT n FROM counter");
  await expect(cell(page, 1, 1)).toHaveText("1");
  await expect(page.getByLabel("Open database")).toHaveText("Bookshop");
});

test("Esc stops a running query", async ({ page }) => {
  await openApp(page);
  await setSql(page, "WITH RECURSIVE forever(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM forever) SELECT count(*) FROM forever;");
  await page.keyboard.press("ControlOrMeta+Enter");
  await expect(resultSummary(page)).toHaveText(/Running…/);
  await page.keyboard.press("Escape");
  await expect(alertWith(page, "Query stopped after")).toBeVisible();
  await runSql(page, "SELECT 2 AS two");
  await expect(cell(page, 1, 1)).toHaveText("2");
});

test("when the SQLite worker dies, it is restarted, the saved database reopens, and the person is told", async ({ page }) => {
  await openApp(page);
  await runSql(page, "CREATE TABLE survivor(x); INSERT INTO survivor VALUES ('still here');");
  await page.waitForFunction(() => window.__querylab!.database().current?.saveState === "saved");
  await setSql(page, "WITH RECURSIVE forever(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM forever) SELECT count(*) FROM forever;");
  await page.keyboard.press("ControlOrMeta+Enter");
  await expect(resultSummary(page)).toHaveText(/Running…/);
  // What the browser does when a worker crashes: an error event on the Worker object.
  await page.evaluate(() => window.__querylab!.worker().dispatchEvent(new ErrorEvent("error", { message: "out of memory" })));
  await expect(alertWith(page, "The SQLite worker stopped unexpectedly (out of memory). It was restarted").first()).toBeVisible();
  await page.waitForFunction(() => window.__querylab!.query().running === null && window.__querylab!.database().status === "ready");
  await runSql(page, "SELECT x FROM survivor");
  await expect(cell(page, 1, 1)).toHaveText("still here");
});
