// A database with thousands of tables: the schema panel draws only the entries in view (app/ui/schema/virtual-table-list.tsx),
// yet every table can be reached by scrolling, by the arrow keys and by the filter, and an opened table stays open
// when it scrolls out of view and back. On a wide screen the panel scrolls; on a narrow one the stacked workspace does.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadTinyModel, openApp } from "./helpers";

const TABLES = 2000;
const nameOf = (index: number) => `t${String(index).padStart(4, "0")}_readings`;
const LAST = nameOf(TABLES - 1);
let directory: string;
let file: string;

test.beforeAll(() => {
  directory = mkdtempSync(join(tmpdir(), "querylab-large-schema-"));
  file = join(directory, "many-tables.sqlite");
  const database = new Database(file);
  database.exec("BEGIN");
  for (let index = 0; index < TABLES; index += 1) {
    database.exec(`CREATE TABLE ${nameOf(index)} (id INTEGER PRIMARY KEY, station TEXT, taken_at TEXT, value REAL, unit TEXT)`);
  }
  database.exec(`INSERT INTO ${LAST} (station, taken_at, value, unit) VALUES ('north', '2026-01-01', 1.5, 'mm'), ('south', '2026-01-02', 2.5, 'mm')`);
  database.exec("COMMIT");
  database.close();
});
test.afterAll(() => rmSync(directory, { recursive: true, force: true }));

async function openManyTables(page: Page): Promise<void> {
  await openApp(page);
  await page.getByLabel("Database file").setInputFiles(file);
  await expect(page.getByRole("navigation", { name: "Schema" }).getByRole("heading", { name: `Tables (${TABLES})` })).toBeVisible();
}

const tableList = (page: Page) => page.getByRole("navigation", { name: "Schema" }).getByRole("list", { name: "Tables" });
const entryNamed = (page: Page, name: string) =>
  tableList(page)
    .locator(":scope > li")
    .filter({ has: page.locator(".table-name", { hasText: name }) });

test("a schema of 2,000 tables draws a few dozen entries, and scrolling, the keys and the filter reach every table", async ({ page }) => {
  await openManyTables(page);
  const list = tableList(page);
  await expect(list.locator(":scope > li").first()).toHaveAttribute("aria-setsize", String(TABLES));
  // The virtual list has taken over from the first entries standing in while its code loaded.
  await expect(list).toHaveClass(/virtual/);
  const drawn = await list.locator(":scope > li").count();
  expect(drawn).toBeGreaterThan(10);
  expect(drawn).toBeLessThan(150);

  // Scrolled to its end, the panel shows the last table; opened there, it stays open once scrolled away and back.
  const panel = page.getByRole("navigation", { name: "Schema" });
  await panel.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  await expect(entryNamed(page, LAST)).toBeVisible();
  await entryNamed(page, LAST).locator("summary").click();
  await expect(page.getByRole("button", { name: `Query ${LAST}` })).toBeVisible();
  await panel.evaluate((element) => element.scrollTo({ top: 0 }));
  await expect(entryNamed(page, nameOf(0))).toBeVisible();
  await expect(entryNamed(page, LAST)).toHaveCount(0);
  await panel.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  await expect(page.getByRole("button", { name: `Query ${LAST}` })).toBeVisible();

  // The keys: End from the first entry goes to the last one, which is drawn and focused; ↑ to the one before it.
  await panel.evaluate((element) => element.scrollTo({ top: 0 }));
  await entryNamed(page, nameOf(0)).locator("summary").focus();
  await page.keyboard.press("End");
  await expect(entryNamed(page, LAST).locator("summary")).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await expect(entryNamed(page, nameOf(TABLES - 2)).locator("summary")).toBeFocused();
  await page.keyboard.press("Home");
  await expect(entryNamed(page, nameOf(0)).locator("summary")).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(entryNamed(page, nameOf(1)).locator("summary")).toBeFocused();

  // The opened table's query runs against the database opened.
  await panel.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  await page.getByRole("button", { name: `Query ${LAST}` }).click();
  await page.keyboard.press("ControlOrMeta+Enter");
  await expect(page.getByRole("region", { name: "Results" }).getByRole("status")).toContainText("2 rows");

  // The filter narrows the list to what matches, drawn whole.
  await page.getByLabel("Filter tables and columns").fill("t1234_");
  await expect(list.locator(":scope > li")).toHaveCount(1);
  await expect(entryNamed(page, nameOf(1234))).toBeVisible();
  await expect(list).not.toHaveClass(/virtual/);

  expect(
    await new AxeBuilder({ page })
      .include(".schema-panel")
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .analyze()
      .then((result) => result.violations.map((violation) => violation.id)),
  ).toEqual([]);
});

test("on 2,000 tables a question does not wait for the embedding model to read them all: it says how far it has come, and once read the model ranks", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await openManyTables(page);
  await loadTinyModel(page, 90_000);

  // 2,000 tables of 5 columns: 12,000 tables and columns to embed, more than a question waits for.
  const question = "north station readings of t1234";
  await page.getByLabel("Question for the agent").fill(question);
  const summary = page.getByRole("region", { name: "Schema for the question" });
  await summary.getByRole("button", { name: "Preview for the question" }).click();
  const figures = summary.getByRole("status").first();
  await expect(figures).toContainText(`For “${question}”`, { timeout: 60_000 });
  await expect(figures).not.toContainText("dense");
  await expect(summary).toContainText("The embedding model is still reading this schema's 12,000 tables and columns");
  await expect(entryNamed(page, nameOf(1234))).toHaveCount(0);
  await page.getByLabel("Filter tables and columns").fill("t1234_");
  await expect(entryNamed(page, nameOf(1234))).toHaveClass(/is-kept/);

  // They are read meanwhile, once; a preview then ranks with the model.
  await expect(async () => {
    await summary.getByRole("button", { name: "Preview for the question" }).click();
    await expect(figures).toContainText("Ranked by dense", { timeout: 3_000 });
  }).toPass({ timeout: 150_000 });
  await expect(summary).not.toContainText("still reading");
});

test("on a narrow screen, where the stacked workspace scrolls, the list follows it to its last table", async ({ page }) => {
  await page.setViewportSize({ width: 900, height: 800 });
  await openManyTables(page);
  const list = tableList(page);
  await expect(list).toHaveClass(/virtual/);
  expect(await list.locator(":scope > li").count()).toBeLessThan(150);
  await page.locator(".workspace").evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  await expect(entryNamed(page, LAST)).toBeVisible();
  // Halfway down the list, the entries drawn are the ones in view there.
  await list.evaluate((element: HTMLElement) => {
    const workspace = element.closest<HTMLElement>(".workspace")!;
    const top = element.getBoundingClientRect().top - workspace.getBoundingClientRect().top + workspace.scrollTop;
    workspace.scrollTo({ top: top + element.offsetHeight / 2 });
  });
  await expect(entryNamed(page, nameOf(TABLES / 2))).toBeInViewport();
});

test("a returning visit to the 2,000 tables lists them again: the start's worker leaves their schema for the page to read in parts", async ({ page }) => {
  await openManyTables(page);
  // Kept as the last open: the start script reopens it, and its answer carries no schema of 10,000 columns.
  await expect(page.getByRole("contentinfo", { name: "Status" })).toContainText(/saved|kept/i);
  await page.reload();
  await expect(page.getByLabel("Open database")).toHaveText("many-tables.sqlite");
  await expect(page.getByRole("navigation", { name: "Schema" }).getByRole("heading", { name: `Tables (${TABLES})` })).toBeVisible();
  // It was the start script's worker that opened it (the page took it from there; its start mark says so).
  expect(await page.evaluate(() => performance.getEntriesByName("querylab:kept-opened-in-worker").length)).toBe(1);
  await page.getByRole("navigation", { name: "Schema" }).getByRole("searchbox").fill(LAST);
  await expect(entryNamed(page, LAST)).toBeVisible();
});
