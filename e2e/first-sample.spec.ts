// A first visit's sample is downloaded and opened by the SQLite worker at the start script's request, while the page
// loads the app (workers/first-sample.ts); the app takes the opened database. When the worker cannot, the page opens it.
import { expect, test, type Page } from "@playwright/test";
import { cell, openApp, runSql, waitForReady } from "./helpers";

/** Whether the page itself fetched the sample (the worker's requests are in the worker's own timeline, not the page's). */
async function pageFetchedSample(page: Page): Promise<boolean> {
  return page.evaluate(() => performance.getEntriesByType("resource").some((entry) => entry.name.endsWith("/samples/bookshop.sqlite")));
}

async function startMarks(page: Page): Promise<string[]> {
  return page.evaluate(() => performance.getEntriesByType("mark").map((entry) => entry.name));
}

test("the worker opens the first sample; the page takes it, queries it, keeps its copy and reopens it after a reload", async ({ page }) => {
  await openApp(page);
  expect(await startMarks(page)).toContain("querylab:sample-opened-in-worker");
  expect(await pageFetchedSample(page)).toBe(false);
  await expect(page.getByRole("navigation", { name: "Schema" }).getByText("books", { exact: true }).first()).toBeVisible();
  await runSql(page, "SELECT count(*) FROM books");
  await expect(cell(page, 1, 1)).toHaveText(/^\d{3,}$/);
  const count = await cell(page, 1, 1).textContent();
  // The copy kept in the browser is the sample's bytes as the worker moved them to the page.
  await page.waitForFunction(() => window.__querylab?.database().current?.saveState === "saved");
  await page.reload();
  await waitForReady(page);
  expect(await startMarks(page)).not.toContain("querylab:sample-opened-in-worker");
  await runSql(page, "SELECT count(*) FROM books");
  await expect(cell(page, 1, 1)).toHaveText(count!);
});

test("when the worker's download fails, the page downloads and opens the sample itself", async ({ page }) => {
  let refused = 0;
  await page.context().route(/\/samples\/bookshop\.sqlite$/, async (route) => {
    if (refused === 0) {
      refused += 1;
      await route.fulfill({ status: 503, body: "busy" });
    } else await route.continue();
  });
  await openApp(page);
  expect(refused).toBe(1);
  // The worker answered that it opened nothing, and the page fetched the file itself.
  expect(await startMarks(page)).not.toContain("querylab:sample-opened-in-worker");
  expect(await pageFetchedSample(page)).toBe(true);
  await runSql(page, "SELECT title FROM books ORDER BY book_id LIMIT 1");
  await expect(cell(page, 1, 1)).not.toBeEmpty();
  // No notice: the failed first try is the worker's, and the page's own download went through.
  await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toHaveCount(0);
});
