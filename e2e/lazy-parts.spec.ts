// Parts of the page loaded on demand (the results grid, the chart): a chunk that cannot be fetched (offline without
// the service worker, a deploy that removed it) gives a message where it would be, and the rest of the app works.
import { expect, test } from "@playwright/test";
import { cell, openApp, resultSummary, runSql } from "./helpers";

test("a results grid that cannot be fetched says so where the rows would be, and the app keeps working", async ({ page }) => {
  await page.route(/\/assets\/results-grid-[^/]*\.js$/, (route) => route.abort());
  await openApp(page);
  await runSql(page, "SELECT count(*) AS books FROM books");
  await expect(resultSummary(page)).toHaveText(/^1 row/);
  await expect(page.getByText(/The grid could not be loaded \(.+\)\. The result is kept: export it, or reload the page to try again\./)).toBeVisible();
  // The database and the editor are untouched: another query runs and the schema panel is still there.
  await runSql(page, "SELECT title FROM books LIMIT 3");
  await expect(resultSummary(page)).toHaveText(/^3 rows/);
  await expect(page.getByRole("navigation", { name: "Schema" }).getByText("books", { exact: true }).first()).toBeVisible();
});

test("without requestIdleCallback (Safari) the page still starts and shows rows", async ({ page }) => {
  await page.addInitScript(() => {
    // @ts-expect-error: removed on purpose, as in a browser that does not have it.
    delete window.requestIdleCallback;
    // @ts-expect-error: likewise.
    delete window.cancelIdleCallback;
  });
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await openApp(page);
  await runSql(page, "SELECT count(*) AS books FROM books");
  await expect(cell(page, 1, 1)).toHaveText(/^\d+$/);
  expect(errors).toEqual([]);
});

test("exercises whose code cannot be fetched say so where the set would be, and the app keeps working", async ({ page }) => {
  await page.route(/\/assets\/exercise-store-[^/]*\.js$/, (route) => route.abort());
  await openApp(page);
  await page.getByRole("button", { name: "Exercises", exact: true }).click();
  await page.getByRole("button", { name: "Bookshop exercises" }).click();
  await expect(page.getByRole("region", { name: "Exercises" }).getByRole("alert")).toHaveText(
    /^The exercises could not be loaded \(.+\)\. Reload the page to try again; the rest of the page works\.$/,
  );
  await runSql(page, "SELECT title FROM books LIMIT 3");
  await expect(resultSummary(page)).toHaveText(/^3 rows/);
});

test("a describe dialog that cannot be fetched says so beside its button, and the schema panel keeps working", async ({ page }) => {
  await page.route(/\/assets\/describe-dialog-[^/]*\.js$/, (route) => route.abort());
  await openApp(page);
  const schema = page.getByRole("navigation", { name: "Schema" });
  await schema.getByRole("button", { name: "Describe undocumented columns with the LLM…" }).click();
  await expect(schema.getByRole("alert")).toHaveText(/^The describe dialog could not be loaded \(.+\)\. Reload the page to try again\.$/);
  await runSql(page, "SELECT title FROM books LIMIT 3");
  await expect(resultSummary(page)).toHaveText(/^3 rows/);
});
