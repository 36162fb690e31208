// Without browser storage (private modes, a full disk) the app still works in memory and says changes won't be kept.
import { expect, test } from "@playwright/test";
import { alertWith, cell, openApp, runSql, setSql } from "./helpers";

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
