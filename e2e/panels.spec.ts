// Resizable, collapsible panels that keep their sizes; the schema panel's filter and "kept only" view on 100 tables, with
// no kept/dropped mark cut off; the one-column layout at 420 px.
import { expect, test, type Page } from "@playwright/test";
import { databaseBytes, openApp, waitForReady } from "./helpers";

const schemaPanel = (page: Page) => page.getByRole("navigation", { name: "Schema" });
const schemaSeparator = (page: Page) => page.getByRole("separator", { name: "Resize schema panel" });

async function widthOf(page: Page, name: "Schema" | "Agent trace"): Promise<number> {
  const locator = name === "Schema" ? schemaPanel(page) : page.getByRole("complementary", { name: "Agent trace" });
  return Math.round((await locator.boundingBox())!.width);
}

test("the schema panel resizes by dragging and by keys, keeps its size after a reload, collapses and comes back", async ({ page }) => {
  await openApp(page);
  const separator = schemaSeparator(page);
  expect(await widthOf(page, "Schema")).toBe(260);

  // Drag the separator 120 px to the right.
  const box = (await separator.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 60, box.y + 200, { steps: 4 });
  await page.mouse.move(box.x + box.width / 2 + 120, box.y + 300, { steps: 4 });
  await page.mouse.up();
  expect(await widthOf(page, "Schema")).toBe(380);
  await expect(separator).toHaveAttribute("aria-valuenow", "380");

  // Keys: arrows move 16 px, Shift+arrow 80 px.
  await separator.focus();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Shift+ArrowLeft");
  await expect(separator).toHaveAttribute("aria-valuenow", "332");
  expect(await widthOf(page, "Schema")).toBe(332);
  await page.screenshot({ path: test.info().outputPath("wide-resized.png") });

  // The trace panel's separator grows it when moved left.
  const traceSeparator = page.getByRole("separator", { name: "Resize trace panel" });
  const traceBefore = await widthOf(page, "Agent trace");
  await traceSeparator.focus();
  await page.keyboard.press("ArrowLeft");
  expect(await widthOf(page, "Agent trace")).toBe(traceBefore + 16);

  await page.reload();
  await waitForReady(page);
  expect(await widthOf(page, "Schema")).toBe(332);
  expect(await widthOf(page, "Agent trace")).toBe(traceBefore + 16);

  // Enter collapses (the centre takes the room) and the toolbar toggle brings it back at the same size.
  const centreBefore = (await page.getByRole("region", { name: "Results" }).boundingBox())!.width;
  await schemaSeparator(page).focus();
  await page.keyboard.press("Enter");
  await expect(schemaPanel(page)).toBeHidden();
  await expect(schemaSeparator(page)).toHaveAttribute("aria-valuetext", "collapsed");
  const toggle = page.getByRole("button", { name: "Schema panel" });
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  expect((await page.getByRole("region", { name: "Results" }).boundingBox())!.width).toBeGreaterThan(centreBefore + 300);
  await page.reload();
  await waitForReady(page);
  await expect(schemaPanel(page)).toBeHidden();
  await toggle.click();
  await expect(schemaPanel(page)).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  expect(await widthOf(page, "Schema")).toBe(332);

  // Dragging it nearly shut collapses it too.
  const again = (await schemaSeparator(page).boundingBox())!;
  await page.mouse.move(again.x + 3, again.y + 100);
  await page.mouse.down();
  await page.mouse.move(again.x - 320, again.y + 100, { steps: 6 });
  await page.mouse.up();
  await expect(schemaPanel(page)).toBeHidden();
});

/** 100 tables on ten subjects, a few with very long names, chained by foreign keys so pruning adds join paths. */
function hundredTablesSql(): string {
  const subjects = ["customers", "invoices", "products", "warehouses", "shipments", "suppliers", "employees", "payments", "regions", "campaigns"];
  const statements: string[] = [];
  for (let index = 0; index < 100; index += 1) {
    const subject = subjects[index % subjects.length];
    const name =
      index < subjects.length
        ? subject
        : index % 7 === 0
          ? `${subject}_historical_archive_partition_${index}_with_an_uncommonly_long_descriptive_name`
          : `${subject}_${index}`;
    const parent = index > 0 ? `, parent_id INTEGER REFERENCES ${index - 1 < subjects.length ? subjects[index - 1] : "customers"}(id)` : "";
    statements.push(
      `CREATE TABLE "${name}" (id INTEGER PRIMARY KEY, ${subject.replace(/s$/, "")}_name TEXT, amount_in_the_original_currency_before_tax REAL, country TEXT${parent});`,
      `INSERT INTO "${name}" VALUES (1, 'first ${subject}', 10.5, 'Norway'${index > 0 ? ", 1" : ""});`,
    );
  }
  return statements.join("\n");
}

/** Every visible mark lies inside the panel's box (scrollbar excluded), and the panel does not scroll sideways. */
async function expectNoClippedMark(page: Page): Promise<number> {
  return schemaPanel(page).evaluate((panel) => {
    const box = panel.getBoundingClientRect();
    const right = box.left + panel.clientLeft + panel.clientWidth;
    // Marks inside closed tables are measured too (Chrome lays them out); the count returned is of those on screen.
    const all = [...panel.querySelectorAll(".prune-mark")];
    const marks = all.map((mark) => mark.getBoundingClientRect()).filter((rect) => rect.width > 0);
    const clipped = marks.filter((rect) => rect.left < box.left || rect.right > right + 0.5);
    if (clipped.length > 0) throw new Error(`${clipped.length} of ${marks.length} marks reach outside the panel (${box.left}–${right})`);
    if (panel.scrollWidth > panel.clientWidth) {
      // Name the element that sticks out furthest, so a failure says what to fix.
      const widest = [...panel.querySelectorAll("*")].reduce<Element | null>(
        (best, element) => (!best || element.getBoundingClientRect().right > best.getBoundingClientRect().right ? element : best),
        null,
      );
      throw new Error(`The panel scrolls sideways: ${panel.scrollWidth} > ${panel.clientWidth} (widest: ${widest?.outerHTML.slice(0, 300)})`);
    }
    return all.filter((mark) => mark.checkVisibility()).length;
  });
}

test("on 100 tables the filter and 'kept only' narrow the schema panel, and no mark is cut off", async ({ page }) => {
  await openApp(page);
  await page
    .getByLabel("Database file")
    .setInputFiles({ name: "hundred.sqlite", mimeType: "application/octet-stream", buffer: await databaseBytes(hundredTablesSql()) });
  await expect(page.getByLabel("Open database")).toHaveText("hundred.sqlite");
  const panel = schemaPanel(page);
  await expect(panel.getByRole("heading", { name: "Tables (100)" })).toBeVisible();

  // The narrowest panel is the hardest case for the marks.
  await schemaSeparator(page).focus();
  await page.keyboard.press("Home");
  expect(await widthOf(page, "Schema")).toBe(180);

  await page.getByLabel("Question for the agent").fill("Total invoice amount per customer country");
  await panel.getByRole("button", { name: "Preview for the question" }).click();
  await expect(panel.getByRole("region", { name: "Schema for the question" }).getByRole("status").first()).toContainText(
    "For “Total invoice amount per customer country”",
  );
  const kept = await page.evaluate(() => Object.keys(window.__querylab!.prune().result!.kept));
  expect(kept.length).toBeGreaterThan(0);
  expect(kept.length).toBeLessThan(100);
  expect(await expectNoClippedMark(page)).toBe(100);

  // A long name ends in an ellipsis, with the whole name as its title, and its mark stays in view.
  const long = panel.locator(".table-name", { hasText: "uncommonly_long" }).first();
  expect(await long.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  await expect(long).toHaveAttribute("title", /_with_an_uncommonly_long_descriptive_name$/);
  await expect(long.locator("xpath=..").locator(".prune-mark")).toBeVisible();

  await panel.getByRole("checkbox", { name: "Kept only" }).check();
  await expect(panel.getByRole("heading", { name: `Tables (${kept.length} of 100)` })).toBeVisible();
  const shownNames = await panel.locator(".tables .table-name").allTextContents();
  expect(shownNames.sort()).toEqual([...kept].sort());
  await expect(panel.locator(".prune-mark.dropped")).toHaveCount(0);
  // Open every kept table, so the column marks are measured too.
  for (const summary of await panel.locator(".tables summary").all()) await summary.click();
  expect(await expectNoClippedMark(page)).toBeGreaterThan(kept.length);
  await panel.screenshot({ path: test.info().outputPath("kept-only-180px.png") });

  // The filter: accents and case do not matter; tables that match neither by name nor by a column are hidden.
  await panel.getByRole("checkbox", { name: "Kept only" }).uncheck();
  const filterBox = panel.getByRole("searchbox", { name: "Filter tables and columns" });
  await filterBox.fill("WARÉHOUSES");
  await expect(panel.getByRole("heading", { name: "Tables (10 of 100)" })).toBeVisible();
  expect((await panel.locator(".tables .table-name").allTextContents()).every((name) => name.startsWith("warehouses"))).toBe(true);
  await expect(panel.locator(".table-name", { hasText: /^customers$/ })).toHaveCount(0);
  await expect(panel.getByText("10 of 100 tables and views shown")).toBeVisible();
  // A column name matches too: the table shows with only that column listed.
  await filterBox.fill("Employee_Name");
  await expect(panel.getByRole("heading", { name: "Tables (10 of 100)" })).toBeVisible();
  const employees = panel.locator("details").filter({ has: page.locator(".table-name", { hasText: /^employees$/ }) });
  if (!(await employees.evaluate((element) => (element as HTMLDetailsElement).open))) await employees.locator("summary").click();
  await expect(employees.getByText("1 of 5 columns shown")).toBeVisible();
  await expect(employees.getByRole("list", { name: "Columns of employees" }).locator(".column-name")).toHaveText(["employee_name"]);
  await filterBox.fill("no such thing");
  await expect(panel.getByText("No table or column matches the filter.")).toBeVisible();
  await filterBox.fill("");
  await expect(panel.getByRole("heading", { name: "Tables (100)" })).toBeVisible();
  expect(await expectNoClippedMark(page)).toBeGreaterThanOrEqual(100);
});

test("at 420 px the panels stack (question, trace, results) without splitters", async ({ page }) => {
  await page.setViewportSize({ width: 420, height: 900 });
  await openApp(page);
  await expect(page.getByRole("separator", { name: /^Resize/ })).toHaveCount(0);
  await expect(page.getByRole("group", { name: "Panels" })).toBeHidden();
  const top = async (locator: ReturnType<Page["locator"]>) => (await locator.boundingBox())!.y;
  const question = await top(page.getByRole("region", { name: "Question", exact: true }));
  const trace = await top(page.getByRole("complementary", { name: "Agent trace" }));
  const results = await top(page.getByRole("region", { name: "Results" }));
  expect(question).toBeLessThan(trace);
  expect(trace).toBeLessThan(results);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(420);
  await page.screenshot({ path: test.info().outputPath("narrow-420.png"), fullPage: true });
});
