// What a person typed is kept when the page is left at once: the editor's text is written after a pause in typing,
// and a reload (or a closed tab) inside that pause used to lose it.
import { expect, test } from "@playwright/test";
import { openApp, setSql } from "./helpers";

test("text typed just before a reload comes back after it", async ({ page }) => {
  await openApp(page);
  // The workspace is read and the first save done: what follows is the person's own edit.
  await page.waitForFunction(() => window.__querylab!.database().current?.saveState === "saved");
  const draft = "SELECT title FROM books WHERE title LIKE '%reload%' -- typed just now";
  await setSql(page, draft);
  await page.reload();
  await openApp(page);
  await expect.poll(() => page.evaluate(() => window.__querylab!.editor().text)).toBe(draft);
});
