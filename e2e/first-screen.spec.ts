// The first screen is drawn once, with the database open, when the SQLite worker has opened it before the app's code
// has run (app/browser/first-screen.ts): drawn at once, it showed the database not yet open and was drawn again. The
// app's chunk is held back here so that the worker certainly answers first; without that, either order can happen.
import { expect, test } from "@playwright/test";
import { waitForReady } from "./helpers";

/** Every state the status line shows, in order, and whether the schema listed `books` when the status first appeared. */
const RECORD_STATES = `(() => {
  const seen = (window.__statusStates = []);
  const observer = new MutationObserver(() => {
    const status = document.querySelector("footer [data-state]");
    if (!status) return;
    const state = status.getAttribute("data-state");
    if (seen.length === 0) {
      const schema = document.querySelector('nav[aria-label="Schema"]');
      window.__booksAtFirstStatus = !!schema && [...schema.querySelectorAll("*")].some((element) => element.childElementCount === 0 && element.textContent.trim() === "books");
    }
    if (seen[seen.length - 1] !== state) seen.push(state);
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-state"] });
})();`;

test("when the worker has opened the sample before the app's code runs, the first screen shows it open, drawn once", async ({ page }) => {
  await page.addInitScript(RECORD_STATES);
  await page.route(/\/assets\/app-[^/]*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto("/");
  await waitForReady(page);
  expect(await page.evaluate(() => (window as unknown as { __statusStates: string[] }).__statusStates)).toEqual(["ready"]);
  expect(await page.evaluate(() => (window as unknown as { __booksAtFirstStatus: boolean }).__booksAtFirstStatus)).toBe(true);
});

test("when the worker has not answered by then, the first screen is drawn at once and shows the start under way", async ({ page }) => {
  await page.addInitScript(RECORD_STATES);
  // The sample's head (the pages the worker opens it from) held back: the app's code runs long before the worker answers.
  await page.route(/\/assets\/[^/]*-head-[^/]*\.sqlite$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto("/");
  await expect(page.locator("footer [data-state]").first()).toBeAttached();
  expect(await page.evaluate(() => (window as unknown as { __statusStates: string[] }).__statusStates)).toEqual(["starting"]);
  await waitForReady(page);
  await expect(page.getByRole("navigation", { name: "Schema" }).getByText("books", { exact: true })).toBeVisible();
});
