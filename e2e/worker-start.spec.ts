// The SQLite worker's start: its entry is evaluated at once and loads its code with import() (workers/sqlite.worker.ts
// says why), so what the page sends it meanwhile must wait in the worker, and a worker whose code cannot be loaded
// must be said once, not replaced without end.
import { expect, test } from "@playwright/test";
import { runSql, resultSummary, waitForReady } from "./helpers";

const WORKER_CODE = /\/assets\/sqlite-worker-main-[^/]*\.js$/;

test("the worker's code arriving late loses none of what the page sent it meanwhile: the first sample opens and runs queries", async ({ page }) => {
  const workerUrls: string[] = [];
  page.on("worker", (worker) => workerUrls.push(worker.url()));
  let delayed = 0;
  await page.route(WORKER_CODE, async (route) => {
    delayed += 1;
    // Long after the start script has sent the compiled WASM and the first sample's request (with its head).
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto("/");
  await waitForReady(page);
  expect(delayed).toBe(1);
  expect(workerUrls.filter((url) => /sqlite\.worker-/.test(url))).toHaveLength(1);
  await expect(page.getByRole("navigation", { name: "Schema" }).getByText("books", { exact: true })).toBeVisible();
  await runSql(page, "SELECT count(*) FROM books");
  await expect(resultSummary(page)).toHaveText(/^1 row/);
});

test("a worker whose code cannot be loaded is replaced once, then the page says SQLite could not start and starts no more", async ({ page }) => {
  let sqliteWorkers = 0;
  page.on("worker", (worker) => {
    if (/sqlite\.worker-/.test(worker.url())) sqliteWorkers += 1;
  });
  await page.route(WORKER_CODE, (route) => route.abort());
  await page.goto("/");
  const status = page.getByRole("contentinfo", { name: "Status" });
  await expect(status).toContainText("SQLite failed to start");
  await expect(page.getByRole("alert")).toContainText(
    /SQLite could not start \(.*sqlite-worker-main-.*\)\. Queries cannot run until it does: check the connection and reload the page\./,
  );
  // The start script's worker, the app's, and one replacement; none after it (it was one more every few ms).
  const started = sqliteWorkers;
  expect(started).toBeLessThanOrEqual(3);
  await page.waitForTimeout(1000);
  expect(sqliteWorkers).toBe(started);
  await expect(status).toContainText("SQLite failed to start");

  // Once the code can be loaded again, a reload works.
  await page.unroute(WORKER_CODE);
  await page.reload();
  await waitForReady(page);
  await runSql(page, "SELECT 1 AS one");
  await expect(resultSummary(page)).toHaveText(/^1 row/);
});

test("a worker whose script cannot be loaded at all is said the same way, after at most three tries", async ({ page }) => {
  // Such a worker never starts, so Playwright never sees it: the page's own Worker constructor counts them.
  await page.addInitScript(() => {
    const Original = window.Worker;
    const counted = window as unknown as { sqliteWorkersMade: number };
    counted.sqliteWorkersMade = 0;
    window.Worker = class extends Original {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        if (/sqlite\.worker-/.test(String(url))) counted.sqliteWorkersMade += 1;
      }
    };
  });
  await page.route(/\/assets\/sqlite\.worker-[^/]*\.js$/, (route) => route.abort());
  await page.goto("/");
  await expect(page.getByRole("contentinfo", { name: "Status" })).toContainText("SQLite failed to start");
  await expect(page.getByRole("alert")).toContainText(/SQLite could not start \(.*\)\. Queries cannot run until it does/);
  const made = () => page.evaluate(() => (window as unknown as { sqliteWorkersMade: number }).sqliteWorkersMade);
  const started = await made();
  // It was a new worker every few milliseconds (390 in 3 s), the status line saying "SQLite starting…" throughout.
  expect(started).toBeLessThanOrEqual(3);
  await page.waitForTimeout(1000);
  expect(await made()).toBe(started);
});
