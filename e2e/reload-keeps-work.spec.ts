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

test("SQL typed while the page is still starting is not replaced by the sample's example query", async ({ page }) => {
  // The first visit's sample arrives late, as on a slow connection: the plain editor is there to type into meanwhile.
  let releaseSample = () => {};
  const sampleHeld = new Promise<void>((resolve) => (releaseSample = resolve));
  await page.route(/samples\/bookshop\.sqlite$/, async (route) => {
    await sampleHeld;
    await route.continue();
  });
  await page.goto("/");
  const typed = "SELECT count(*) FROM books -- typed while it started";
  await page.getByRole("textbox", { name: "SQL editor" }).fill(typed);
  releaseSample();
  await page.waitForFunction(() => window.__querylab?.database().status === "ready");
  await expect(page.getByLabel("Open database")).toHaveText("Bookshop");
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => window.__querylab!.editor().text)).toBe(typed);
  // The text area was replaced twice meanwhile (a new one while the code editor loads, then the code editor): the
  // focus and the caret went along each time, so the next keys land after what was typed.
  await page.waitForSelector(".monaco-editor");
  await page.keyboard.type(" LIMIT 1");
  await expect.poll(() => page.evaluate(() => window.__querylab!.editor().text)).toBe(`${typed} LIMIT 1`);
});
