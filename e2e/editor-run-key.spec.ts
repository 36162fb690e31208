// Ctrl+Enter in the code editor: taken before Monaco's own key handling (issue #14), it runs the statement under the
// cursor and nothing else happens to the text; other keys, Shift+Ctrl+Enter among them, still reach Monaco.
import { expect, test } from "@playwright/test";
import { cell, openApp, resultSummary, setSql } from "./helpers";

const editorText = (page: import("@playwright/test").Page) => page.evaluate(() => window.__querylab!.editor().text);

test("Ctrl+Enter runs the statement under the cursor and leaves the text as it was", async ({ page }) => {
  await openApp(page);
  const sql = "SELECT 41 AS answer;\nSELECT 42 AS answer;";
  await setSql(page, sql);
  await page.keyboard.press("ControlOrMeta+Home");
  await page.keyboard.press("ControlOrMeta+Enter");
  await expect(resultSummary(page)).toHaveText(/^1 row · /);
  await expect(cell(page, 1, 1)).toHaveText("41");
  // Monaco's own Ctrl+Enter would have inserted a line below; the key did not reach it.
  expect(await editorText(page)).toBe(sql);
  // The editor still has the focus and the caret where it was: typing goes on at the start.
  await page.keyboard.type("-- first\n");
  await expect.poll(() => editorText(page)).toBe(`-- first\n${sql}`);
});

test("Shift+Ctrl+Enter is left to Monaco (a line inserted above) and runs nothing", async ({ page }) => {
  await openApp(page);
  await setSql(page, "SELECT 7 AS seven");
  await page.keyboard.press("ControlOrMeta+Enter");
  await expect(cell(page, 1, 1)).toHaveText("7");
  const result = await page.evaluate(() => window.__querylab!.query().result);
  await page.keyboard.press("Shift+ControlOrMeta+Enter");
  await expect.poll(() => editorText(page)).toBe("\nSELECT 7 AS seven");
  expect(await page.evaluate(() => window.__querylab!.query().running)).toBeNull();
  expect(await page.evaluate(() => window.__querylab!.query().result)).toEqual(result);
});

test("keys that type nothing leave no User Timing marks behind (Monaco's input-latency sampling is off)", async ({ page }) => {
  await openApp(page);
  await setSql(page, "SELECT 1 AS one");
  // Monaco marked each key it saw and cleared the marks only when a typed character's sample completed: every
  // Ctrl+Enter (its Ctrl) and every arrow left three more behind, for as long as nothing was typed.
  for (let press = 0; press < 3; press += 1) {
    await page.keyboard.press("ControlOrMeta+Enter");
    await expect(cell(page, 1, 1)).toHaveText("1");
    await page.keyboard.press("ArrowLeft");
  }
  const monacoMarks = await page.evaluate(
    () => performance.getEntriesByType("mark").filter((mark) => /^(inputlatency|keydown|input|render)\//.test(mark.name)).length,
  );
  expect(monacoMarks).toBe(0);
  // Typing still works as before.
  await page.keyboard.type(" ");
  await expect.poll(() => editorText(page)).toBe("SELECT 1 AS  one");
});
