// The schema panel, the sample gallery, completion from the open schema, and copying cells.
import { expect, test } from "@playwright/test";
import { cell, openApp, resultSummary, runSql, setSql } from "./helpers";

test("the schema panel shows row counts, types, keys, foreign keys, indexes and comments", async ({ page }) => {
  await openApp(page);
  const schema = page.getByRole("navigation", { name: "Schema" });
  await expect(schema.getByRole("heading", { name: /^Tables \(12\)$/ })).toBeVisible();
  await expect(schema.getByRole("heading", { name: /^Views \(2\)$/ })).toBeVisible();
  await schema.getByText("books", { exact: true }).click();
  const columns = schema.getByRole("list", { name: "Columns of books" });
  await expect(columns.getByRole("listitem").filter({ hasText: /^book_id/ })).toContainText("PK");
  await expect(columns.getByRole("listitem").filter({ hasText: /^publisher_id/ })).toContainText("FK → publishers.publisher_id");
  await expect(columns.getByRole("listitem").filter({ hasText: /^title/ })).toContainText("TEXT");
  await expect(schema.getByRole("list", { name: "Indexes of books" })).toBeVisible();
  // Counted once the first sample is held whole (read on demand until then, the counts would read every table).
  const rowCount = () => page.evaluate(() => window.__querylab!.database().schema!.tables.find((table) => table.name === "books")!.rowCount);
  await expect.poll(rowCount, { timeout: 20_000 }).not.toBeNull();
  await expect(schema.locator("summary").filter({ hasText: /^books/ })).toContainText(`${(await rowCount())!.toLocaleString("en-US")} rows`);
  // Comments from the CREATE TABLE text are shown with the columns.
  const comment = await page.evaluate(
    () =>
      window
        .__querylab!.database()
        .schema!.tables.find((table) => table.name === "books")!
        .columns.find((column) => column.name === "title")!.comment,
  );
  expect(comment).toBeTruthy();
  await expect(columns.getByText(comment!, { exact: true })).toBeVisible();

  await schema.getByRole("button", { name: "Query books" }).click();
  await expect.poll(() => page.evaluate(() => window.__querylab!.editor().text)).toBe("SELECT * FROM books LIMIT 100;");
});

test("the sample gallery opens another sample", async ({ page }) => {
  await openApp(page);
  await page.getByRole("button", { name: "Samples" }).click();
  const gallery = page.getByRole("dialog", { name: "Sample databases" });
  await expect(gallery.getByRole("heading", { name: "Flights" })).toBeVisible();
  await expect(gallery.getByRole("heading", { name: "Clinic" })).toBeVisible();
  await gallery.getByRole("button", { name: "Open Clinic" }).click();
  await expect(page.getByLabel("Open database")).toHaveText("Clinic");
  await expect(page.getByRole("navigation", { name: "Schema" }).getByText("patients", { exact: true })).toBeVisible();
});

test("completion offers the open schema's tables and columns", async ({ page }) => {
  await openApp(page);
  await setSql(page, "SELECT * FROM boo");
  await page.keyboard.press("Control+Space");
  const suggestions = page.locator(".suggest-widget");
  await expect(suggestions.getByText("books", { exact: true }).first()).toBeVisible();
  await page.keyboard.press("Escape");
  await setSql(page, "SELECT books.");
  await page.keyboard.press("Control+Space");
  await expect(suggestions.getByText("publisher_id", { exact: true }).first()).toBeVisible();
});

test("a selected cell is copied with Ctrl+C and the Copy cell button", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await openApp(page);
  await runSql(page, "SELECT 'first' AS a, NULL AS b UNION ALL SELECT 'second', 'x'");
  await expect(resultSummary(page)).toHaveText(/^2 rows/);
  await cell(page, 2, 1).click();
  await expect(cell(page, 2, 1)).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ControlOrMeta+C");
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe("second");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowRight");
  await expect(cell(page, 1, 2)).toHaveAttribute("aria-selected", "true");
  await page.getByRole("button", { name: "Copy cell" }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe("NULL");
});
