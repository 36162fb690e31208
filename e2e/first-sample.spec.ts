// A first visit's sample is downloaded by the page from index.html's start script and opened by the SQLite worker
// (workers/first-sample.ts) while the page loads the app; the app takes the opened database. When the page's download
// fails, the worker downloads the file itself; when the worker cannot open it either, the app opens it as usual.
import { expect, test, type Page } from "@playwright/test";
import { cell, databaseBytes, openApp, runSql, waitForReady } from "./helpers";

/** Whether the page itself fetched the sample (the worker's requests are in the worker's own timeline, not the page's). */
async function pageFetchedSample(page: Page): Promise<boolean> {
  return page.evaluate(() => performance.getEntriesByType("resource").some((entry) => entry.name.endsWith("/samples/bookshop.sqlite")));
}

async function startMarks(page: Page): Promise<string[]> {
  return page.evaluate(() => performance.getEntriesByType("mark").map((entry) => entry.name));
}

/** Answers the first `refusals` requests for the sample (the page's, the worker's, …) with 503; counts them all. */
async function refuseSample(page: Page, refusals: number): Promise<{ requests: () => number }> {
  let requests = 0;
  await page.context().route(/\/samples\/bookshop\.sqlite$/, async (route) => {
    requests += 1;
    if (requests <= refusals) await route.fulfill({ status: 503, body: "busy" });
    else await route.continue();
  });
  return { requests: () => requests };
}

test("the page downloads the first sample and the worker opens it; the page takes it, queries it, keeps its copy and reopens it after a reload", async ({
  page,
}) => {
  const sample = await refuseSample(page, 0);
  await openApp(page);
  expect(await startMarks(page)).toEqual(expect.arrayContaining(["querylab:sample-downloaded", "querylab:sample-opened-in-worker"]));
  expect(await pageFetchedSample(page)).toBe(true);
  expect(sample.requests()).toBe(1);
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

test("when the page's download fails, the worker downloads and opens the sample itself", async ({ page }) => {
  const sample = await refuseSample(page, 1);
  await openApp(page);
  expect(sample.requests()).toBe(2);
  expect(await startMarks(page)).toContain("querylab:sample-opened-in-worker");
  expect(await startMarks(page)).not.toContain("querylab:sample-downloaded");
  await runSql(page, "SELECT title FROM books ORDER BY book_id LIMIT 1");
  await expect(cell(page, 1, 1)).not.toBeEmpty();
  await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toHaveCount(0);
});

test("when neither the page's download nor the worker's works, the app downloads and opens the sample itself", async ({ page }) => {
  const sample = await refuseSample(page, 2);
  await openApp(page);
  expect(sample.requests()).toBe(3);
  // The worker answered that it opened nothing, and the app fetched the file itself.
  expect(await startMarks(page)).not.toContain("querylab:sample-opened-in-worker");
  await runSql(page, "SELECT title FROM books ORDER BY book_id LIMIT 1");
  await expect(cell(page, 1, 1)).not.toBeEmpty();
  // No notice: the failed first tries are the start's, and the app's own download went through.
  await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toHaveCount(0);
});

test("a database the person opens before the sample's download has ended is the one left open, and the start ends", async ({ page }) => {
  // The page's download of the sample is held until the person's file is open: the worker then gets the sample's
  // bytes after the page opened another database, and must still answer, or the start never ends.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let requests = 0;
  await page.context().route(/\/samples\/bookshop\.sqlite$/, async (route) => {
    requests += 1;
    if (requests === 1) await held;
    await route.continue();
  });
  await page.goto("/");
  await page.waitForFunction(() => window.__querylab !== undefined);
  await page.getByLabel("Database file").setInputFiles({
    name: "mine.sqlite",
    mimeType: "application/vnd.sqlite3",
    buffer: await databaseBytes("CREATE TABLE mine (x); INSERT INTO mine VALUES (42);"),
  });
  await page.waitForFunction(() => window.__querylab!.database().current?.name === "mine.sqlite");
  release();
  await page.waitForFunction(() => window.__querylab!.database().status === "ready");
  expect(await page.evaluate(() => window.__querylab!.database().current?.name)).toBe("mine.sqlite");
  await runSql(page, "SELECT x FROM mine");
  await expect(cell(page, 1, 1)).toHaveText("42");
});
