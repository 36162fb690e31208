// The entity-relationship diagram: opened from the schema panel on the Bookshop sample, every table and foreign key drawn, a pruning's marks, Escape.
import { expect, test, type Page } from "@playwright/test";
import type { PruneResult } from "../app/core/schema/types";
import { openApp, runSql } from "./helpers";

// The diagram's first opening loads React Flow and parses ELK's 1.6 MB worker; on a busy test machine that takes seconds.
test.describe.configure({ timeout: 120_000 });

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/** Waits until React Flow has fitted the view (its transform no longer changes between frames), for a screenshot of the whole picture. */
async function viewFitted(page: Page): Promise<void> {
  const transformAfterFrames = () =>
    page.evaluate(async () => {
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return document.querySelector<HTMLElement>(".react-flow__viewport")?.style.transform ?? "";
    });
  let previous = await transformAfterFrames();
  await expect
    .poll(async () => {
      const now = await transformAfterFrames();
      const settled = now === previous && now !== "";
      previous = now;
      return settled;
    })
    .toBe(true);
}

async function openDiagram(page: Page) {
  await page.getByRole("navigation", { name: "Schema" }).getByRole("button", { name: "Diagram" }).click();
  const dialog = page.getByRole("dialog", { name: "Schema diagram" });
  await expect(dialog.getByRole("application", { name: "Entity-relationship diagram" })).toBeVisible({ timeout: 60_000 });
  return dialog;
}

test("the diagram draws every table and foreign key of the Bookshop sample, and Escape closes it", async ({ page }) => {
  const errors = collectErrors(page);
  await openApp(page);
  const schema = await page.evaluate(() => window.__querylab!.database().schema!);
  const foreignKeys = schema.tables.reduce((sum, table) => sum + table.foreignKeys.length, 0);
  expect(schema.tables.length).toBe(14);

  const dialog = await openDiagram(page);
  for (const table of schema.tables) {
    const name = `${table.kind === "view" ? "View" : "Table"} ${table.name}`;
    await expect(dialog.getByRole("group", { name, exact: true })).toBeVisible();
  }
  // Every foreign key is an edge named for screen readers, and drawn (a path with a length).
  await expect(dialog.getByRole("img", { name: /^Foreign key: / })).toHaveCount(foreignKeys);
  await expect(dialog.getByRole("img", { name: "Foreign key: books.publisher_id references publishers.publisher_id" })).toBeAttached();
  const drawn = await dialog
    .locator(".react-flow__edge-path")
    .evaluateAll((paths) => paths.filter((path) => (path as SVGPathElement).getTotalLength() > 10).length);
  expect(drawn).toBe(foreignKeys);
  // Each table's box lists its columns with their types, keys marked.
  const books = dialog.getByRole("group", { name: "Table books", exact: true });
  await expect(books.getByText("publisher_id", { exact: true })).toBeVisible();
  await expect(books.getByText("primary key", { exact: true })).toHaveCount(1);
  await expect(dialog.getByRole("group", { name: "Table inventory", exact: true }).getByText("primary key, foreign key", { exact: true })).toHaveCount(2);

  await viewFitted(page);
  await page.screenshot({ path: "test-results/diagram-bookshop.png" });

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Diagram" })).toBeFocused();
  expect(errors).toEqual([]);
});

test("a pruning result marks kept tables and columns, dims the rest, and draws the join path apart", async ({ page }) => {
  const errors = collectErrors(page);
  await openApp(page);
  await page.evaluate(() => {
    const result: PruneResult = {
      question: "Which customers ordered the most?",
      tables: [],
      columns: [],
      kept: { orders: ["order_id", "customer_id"], customers: ["customer_id", "first_name"] },
      joinPath: [{ fromTable: "orders", fromColumns: ["customer_id"], toTable: "customers", toColumns: ["customer_id"] }],
      schemaText: "",
      tokensKept: 0,
      tokensFull: 0,
      budget: 0,
      stagesUsed: ["lexical"],
      elapsedMs: 0,
    };
    window.__querylab!.prune().setResult(result);
  });
  const dialog = await openDiagram(page);
  const orders = dialog.getByRole("group", { name: "Table orders, kept" });
  await expect(orders.locator(".er-table")).toHaveClass(/er-kept/);
  await expect(orders.locator(".er-column.er-kept")).toHaveCount(2);
  await expect(orders.locator(".er-column.er-dropped").first()).toBeVisible();
  await expect(dialog.getByRole("group", { name: "Table customers, kept" })).toBeVisible();
  const books = dialog.getByRole("group", { name: "Table books, dropped" });
  await expect(books.locator(".er-table")).toHaveClass(/er-dropped/);
  await expect(books).toContainText("dropped");

  const join = dialog.getByRole("img", { name: "Join path: orders.customer_id references customers.customer_id" });
  await expect(join).toHaveClass(/er-join/);
  await expect(dialog.getByRole("img", { name: /^Join path: / })).toHaveCount(1);
  await expect(dialog.getByRole("img", { name: "Foreign key: books.publisher_id references publishers.publisher_id" })).toHaveClass(/er-dropped/);
  await expect(dialog.getByText("Which customers ordered the most?")).toBeVisible();

  await viewFitted(page);
  await page.screenshot({ path: "test-results/diagram-pruned.png" });
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  expect(errors).toEqual([]);
});

test("a schema of 120 tables opens in the compact form (keys only) and the page stays usable", async ({ page }) => {
  const errors = collectErrors(page);
  await openApp(page);
  await page.getByRole("button", { name: "New" }).click();
  await page.waitForFunction(() => window.__querylab!.database().status === "ready" && window.__querylab!.database().schema?.tables.length === 0);
  const statements = Array.from({ length: 120 }, (_, index) =>
    index === 0
      ? "CREATE TABLE t0 (id INTEGER PRIMARY KEY, a TEXT, b TEXT, c TEXT, d TEXT, e TEXT);"
      : `CREATE TABLE t${index} (id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES t${Math.floor(index / 2)}(id), a TEXT, b TEXT, c TEXT, d TEXT, e TEXT);`,
  );
  await runSql(page, statements.join("\n"));
  await page.waitForFunction(() => window.__querylab!.database().schema?.tables.length === 120);

  const dialog = await openDiagram(page);
  await expect(dialog.getByText(/^Large schema: boxes list keys/)).toBeVisible();
  // Only the keys are rows; the other five columns are counted.
  const root = dialog.getByRole("group", { name: "Table t1", exact: true });
  await expect(root.locator(".er-column")).toHaveCount(2);
  await expect(root).toContainText("+5 more columns");
  await page.screenshot({ path: "test-results/diagram-large.png" });
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  expect(errors).toEqual([]);
});
