// The benchmark view on a benchmark with many databases and no difficulty labels: difficulty from the gold SQL, the
// model used when none is named, every database labelled in the chart, a table that fits 1,440 px, a filter that
// knows database names and says why it is empty, "1 row", and a chosen .zip named again after a reload.
import { expect, test, type Page } from "@playwright/test";
import { configureScriptedLlm, databaseBytes, openApp } from "./helpers";
import { startScriptedLlmServer, toolCall, toolTurn, type ScriptedServer } from "./llm-server/scripted-llm-server";
import { firstMessageText } from "./teaching-questions";

const DATABASES = Array.from({ length: 14 }, (_, index) => `warehouse_region_${String(index + 1).padStart(2, "0")}`);
const QUESTIONS = DATABASES.map((dbId, index) => ({
  db_id: dbId,
  question: `Which item of ${dbId} has id 1, and what is the longest descriptive name it could have been given in the catalogue?`,
  // Even questions are easy, odd ones are harder by Spider's rules (WHERE + ORDER BY + LIMIT, two columns).
  query:
    index % 2 === 0 ? "SELECT name FROM item WHERE id = 1" : "SELECT name, price FROM item WHERE price > 1 AND name LIKE '%e%' ORDER BY price DESC LIMIT 2",
}));

let server: ScriptedServer;

test.beforeAll(async () => {
  server = await startScriptedLlmServer({
    script: (request) => {
      const question = QUESTIONS.find((entry) => entry.question === firstMessageText(request, "user"));
      return toolTurn(toolCall("submit_sql", { sql: question?.query ?? "SELECT 1" }), "Submitting.");
    },
  });
});
test.afterAll(async () => {
  await server.close();
});

async function benchmarkZip(): Promise<Buffer> {
  const { zipSync } = await import("fflate");
  const database = new Uint8Array(
    await databaseBytes("CREATE TABLE item(id INTEGER PRIMARY KEY, name TEXT, price REAL); INSERT INTO item VALUES (1,'pen',2.5),(2,'book',12),(3,'mug',5);"),
  );
  const files: Record<string, Uint8Array> = { "regions/dev.json": new TextEncoder().encode(JSON.stringify(QUESTIONS)) };
  for (const dbId of DATABASES) files[`regions/database/${dbId}/${dbId}.sqlite`] = database;
  return Buffer.from(zipSync(files));
}

async function openZip(page: Page, zip: Buffer): Promise<void> {
  const view = page.getByRole("region", { name: "Benchmark" });
  await view.getByLabel("Benchmark zip").setInputFiles({ name: "regions.zip", mimeType: "application/zip", buffer: zip });
  await expect(view.getByText(/14 questions · 14 databases/)).toBeVisible();
}

test("a run over many databases reads well at 1,440 px and comes back after a reload", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const zip = await benchmarkZip();
  await openApp(page);
  await configureScriptedLlm(page, server.url);
  await page.getByRole("button", { name: "Benchmark" }).click();
  const view = page.getByRole("region", { name: "Benchmark" });
  await openZip(page, zip);

  // No labels in the file: each question's difficulty comes from its gold SQL, and the page says so.
  await expect(view.getByText("The benchmark has no difficulty labels")).toBeVisible();
  await expect(view.getByRole("group", { name: "Difficulties" }).getByRole("checkbox")).not.toHaveCount(0);
  await expect(view.getByRole("group", { name: "Difficulties" })).toContainText("easy");
  // No model named: the page says which it will use.
  await expect(view.getByText(`No model named: runs scripted-model, the model in Settings, at ${new URL(server.url).host}.`)).toBeVisible();

  await view.getByLabel("Concurrency").fill("4");
  await view.getByRole("button", { name: "Run benchmark" }).click();
  await expect(view.getByRole("status", { name: "Benchmark status" })).toContainText("done · 14 of 14 · accuracy 100.0% (14/14)", { timeout: 90_000 });
  const table = view.getByRole("table", { name: "Benchmark results" });
  await expect(table.locator("tbody tr")).toHaveCount(14);
  await expect(view.getByRole("table", { name: "Accuracy by difficulty" })).toContainText("easy");
  await expect(view.getByRole("table", { name: "Accuracy by difficulty" })).not.toContainText("unlabelled");

  // Every database has its label under the chart's bars.
  const chart = view.getByRole("img", { name: "Accuracy by database" });
  await expect(chart).toHaveAttribute("data-labels-drawn", "14");

  // The table fits the window: no sideways scroll in its box or on the page.
  const widths = await page.evaluate(() => {
    const wrap = document.querySelector(".bench-table-wrap")!;
    return { wrap: wrap.scrollWidth - wrap.clientWidth, page: document.documentElement.scrollWidth - window.innerWidth };
  });
  expect(widths).toEqual({ wrap: 0, page: 0 });
  // The view scrolls inside its own box, so the picture is taken with the table in sight.
  await page.screenshot({ path: "test-results/benchmark-view-1440.png" });
  await table.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/benchmark-view-table-1440.png" });

  // The filter finds database names, and an empty result says why.
  const filter = view.getByLabel("Filter results");
  await filter.fill("WAREHOUSE_REGION_07");
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await filter.fill("no such text");
  await expect(view.getByRole("status").filter({ hasText: "No result contains “no such text”" })).toBeVisible();
  await expect(table).toBeHidden();
  await filter.fill("");
  await view.getByLabel("Only misses").check();
  await expect(view.getByRole("status").filter({ hasText: "No misses among the 14 results." })).toBeVisible();
  await view.getByLabel("Only misses").uncheck();

  // One row is "1 row".
  await table.getByRole("button", { name: "Details of question 1", exact: true }).click();
  await expect(view.getByText("Gold · 1 row", { exact: true })).toBeVisible();
  await page.screenshot({ path: "test-results/benchmark-view-details-1440.png" });

  // After a reload the chosen .zip is named (the page cannot read it again alone) and its results are still there;
  // choosing it again brings the run back.
  await page.reload();
  await openApp(page);
  await page.getByRole("button", { name: "Benchmark" }).click();
  await expect(view.getByText("regions.zip was open before the page was reloaded")).toBeVisible();
  await expect(view.getByRole("status", { name: "Benchmark status" })).toContainText("14 of 14 · accuracy 100.0% (14/14)");
  await openZip(page, zip);
  await expect(view.getByText("was open before the page was reloaded")).toHaveCount(0);
  await expect(view.getByRole("status", { name: "Benchmark status" })).toContainText("done · 14 of 14");
});
