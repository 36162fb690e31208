// The first screen is drawn once, with the database open, when the SQLite worker has opened it, or is about to, by the
// time the app's code has run (app/browser/first-screen.ts): drawn at once, it showed the database not yet open and was
// drawn again. The app's chunk is held back here so that the worker certainly answers first; without that, either
// order can happen.
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

for (const [held, pattern, why] of [
  ["SQLite's WASM", /\/assets\/sql-wasm[^/]*\.wasm$/, "no answer is near: drawn at once"],
  ["the sample's head", /\/assets\/[^/]*-head-[^/]*\.sqlite$/, "the worker is opening it with its WASM compiled: drawn after the wait's cap (100 ms)"],
] as const) {
  test(`with ${held} held back, the first screen shows the start under way (${why}), then ready`, async ({ page }) => {
    await page.addInitScript(RECORD_STATES);
    await page.route(pattern, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto("/");
    await expect(page.locator("footer [data-state]").first()).toBeAttached();
    expect(await page.evaluate(() => (window as unknown as { __statusStates: string[] }).__statusStates)).toEqual(["starting"]);
    await waitForReady(page);
    await expect(page.getByRole("navigation", { name: "Schema" }).getByText("books", { exact: true })).toBeVisible();
  });
}
