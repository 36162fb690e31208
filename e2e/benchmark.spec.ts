// The benchmark view: a dozen teaching questions answered by the scripted model, judged by execution in the page.
import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { configureScriptedLlm, openApp } from "./helpers";
import { conversationTurnOf, startScriptedLlmServer, toolCall, toolTurn, type ChatRequest, type ScriptedServer } from "./llm-server/scripted-llm-server";
import { firstMessageText, readTeachingQuestions, type TeachingQuestion } from "./teaching-questions";

let server: ScriptedServer;
let questions: TeachingQuestion[] = [];
/** Questions (by index) the scripted model answers wrongly in the second run. */
let wrongOn = new Set<number>();

function firstUserText(request: ChatRequest): string {
  return firstMessageText(request, "user");
}

test.beforeAll(async () => {
  questions = await readTeachingQuestions();
  server = await startScriptedLlmServer({
    script: (request) => {
      const index = questions.findIndex((question) => question.question === firstUserText(request));
      const gold = questions[index]?.query ?? "SELECT 1";
      // A wrong answer that still runs: the gold query's first row only, or nothing at all.
      const sql = wrongOn.has(index) ? `SELECT * FROM (${gold.replace(/;\s*$/, "")}) WHERE 0` : gold;
      return toolTurn(toolCall("submit_sql", { sql }), "Submitting the answer.");
    },
  });
});
test.afterAll(async () => {
  await server.close();
});

async function configure(page: Page): Promise<void> {
  await configureScriptedLlm(page, server.url);
}

async function runTwelve(page: Page): Promise<void> {
  const view = page.getByRole("region", { name: "Benchmark" });
  await view.getByLabel("Number of questions").fill("12");
  await view.getByLabel("Concurrency").fill("3");
  await view.getByRole("button", { name: "Run benchmark" }).click();
  await expect(view.getByRole("status", { name: "Benchmark status" })).toContainText("done · 12 of 12", { timeout: 60_000 });
}

test("a dozen questions score 100% with gold answers, then exactly the wrong answers are marked", async ({ page }) => {
  // Two runs of twelve questions, an export and a reload: past the default minute on a busy two-core machine.
  test.setTimeout(150_000);
  await openApp(page);
  await configure(page);
  await page.getByRole("button", { name: "Benchmark" }).click();
  const view = page.getByRole("region", { name: "Benchmark" });
  await expect(view.locator("strong", { hasText: "Teaching benchmark" })).toBeVisible();
  await expect(view.getByText(new RegExp(`${questions.length} questions`))).toBeVisible();

  wrongOn = new Set();
  await runTwelve(page);
  await expect(view.getByRole("status", { name: "Benchmark status" })).toContainText("accuracy 100.0% (12/12)");
  const table = view.getByRole("table", { name: "Benchmark results" });
  await expect(table.locator("tbody tr")).toHaveCount(12);
  await expect(table.locator("tbody tr.miss")).toHaveCount(0);
  // Each question's agent got the schema pruned for it (the same pruning as the workspace and `querylab eval`).
  const prompts = server.chatRequests().map((request) => String(request.messages.find((message) => message.role === "system")?.content ?? ""));
  expect(prompts.length).toBeGreaterThanOrEqual(12);
  for (const prompt of prompts)
    expect(prompt).toMatch(/The schema above keeps what this question seems to need; .* list_tables and describe_table show everything\./);

  wrongOn = new Set([1, 4, 7]);
  await runTwelve(page);
  await expect(view.getByRole("status", { name: "Benchmark status" })).toContainText("accuracy 75.0% (9/12)");
  for (let index = 0; index < 12; index += 1) {
    await expect(table.getByRole("row", { name: `Question ${index + 1} ${wrongOn.has(index) ? "miss" : "match"}` })).toBeVisible();
  }
  await view.getByLabel("Only misses").check();
  await expect(table.locator("tbody tr")).toHaveCount(3);

  // A miss opens to its trace and to both results side by side, the rows the prediction lacks marked.
  await table.getByRole("button", { name: "Details of question 2" }).click();
  await expect(view.getByRole("table", { name: "Gold result" })).toBeVisible();
  await expect(view.getByRole("table", { name: "Predicted result" })).toBeVisible();
  const goldRows = await view.getByRole("table", { name: "Gold result" }).locator("tbody tr").count();
  expect(goldRows).toBeGreaterThan(0);
  await expect(view.getByRole("table", { name: "Gold result" }).getByRole("row", { name: "Row not in the other result" })).toHaveCount(goldRows);
  await expect(view.getByRole("region", { name: "Trace of this question" }).getByRole("listitem", { name: "Turn 1" })).toContainText("submit_sql");
  await table.getByRole("button", { name: "Details of question 2" }).click();
  await page.screenshot({ path: "test-results/benchmark.png" });

  // Results export as JSON lines, one per question, and survive a reload.
  const download = page.waitForEvent("download");
  await view.getByRole("button", { name: "Export JSONL" }).click();
  const lines = (await readFile((await (await download).path())!, "utf8"))
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
  expect(lines).toHaveLength(12);
  expect(
    lines
      .filter((line) => !line.match)
      .map((line) => line.index)
      .sort(),
  ).toEqual([1, 4, 7]);

  await page.reload();
  await openApp(page);
  await page.getByRole("button", { name: "Benchmark" }).click();
  await expect(page.getByRole("region", { name: "Benchmark" }).getByRole("status", { name: "Benchmark status" })).toContainText(
    "12 of 12 · accuracy 75.0% (9/12)",
  );
});

test("a Spider-layout .zip loads, and two models run side by side", async ({ page }) => {
  const { zipSync } = await import("fflate");
  const { databaseBytes } = await import("./helpers");
  const shop = await databaseBytes(
    "CREATE TABLE product(id INTEGER PRIMARY KEY, name TEXT, price REAL); INSERT INTO product VALUES (1,'pen',2.5),(2,'book',12),(3,'mug',5);",
  );
  const zipQuestions = [
    { db_id: "shop", question: "How many products are there?", query: "SELECT count(*) FROM product" },
    { db_id: "shop", question: "Which products cost more than 4?", query: "SELECT name FROM product WHERE price > 4" },
  ];
  const zip = zipSync({
    "spider-mini/dev.json": new TextEncoder().encode(JSON.stringify(zipQuestions)),
    "spider-mini/database/shop/shop.sqlite": new Uint8Array(shop),
  });
  questions = zipQuestions;
  wrongOn = new Set();
  // The second model gets the second question wrong.
  server.setScript((request) => {
    const index = questions.findIndex((question) => question.question === firstUserText(request));
    const sql = request.model === "model-b" && index === 1 ? "SELECT name FROM product" : (questions[index]?.query ?? "SELECT 1");
    return toolTurn(toolCall("submit_sql", { sql }), "Submitting.");
  });

  await openApp(page);
  await configure(page);
  await page.getByRole("button", { name: "Benchmark" }).click();
  const view = page.getByRole("region", { name: "Benchmark" });
  await view.getByLabel("Benchmark zip").setInputFiles({ name: "spider-mini.zip", mimeType: "application/zip", buffer: Buffer.from(zip) });
  await expect(view.getByText("spider-mini.zip")).toBeVisible();
  await expect(view.getByText(/2 questions · 1 database$/)).toBeVisible();
  await view.getByLabel("Models").fill("model-a, model-b");
  await view.getByRole("button", { name: "Run benchmark" }).click();
  await expect(view.getByRole("status", { name: "Benchmark status" })).toContainText("done · 4 of 4 · accuracy 75.0% (3/4)");
  const comparison = view.getByRole("table", { name: "Models side by side" });
  await expect(comparison.getByRole("row").nth(2)).toContainText("✓✗");
  await expect(view.getByText("model-a: 1 only it answered")).toBeVisible();
  await expect(view.getByRole("table", { name: "Accuracy by model" })).toContainText("50.0% (1/2)");

  // A file that is not a zip is refused with a reason, and the loaded benchmark stays.
  await view.getByLabel("Benchmark zip").setInputFiles({ name: "broken.zip", mimeType: "application/zip", buffer: Buffer.from("not a zip at all") });
  await expect(view.getByRole("alert")).toContainText("broken.zip could not be read as a .zip");
});

test("a run interrupted by a reload continues where it stopped, with no question run twice", async ({ page }) => {
  questions = await readTeachingQuestions();
  wrongOn = new Set();
  // The fourth question's answer is held until the reload, so the run is cut at a known point whatever the machine's
  // speed. With one question at a time, its request is made only once the third result has been saved.
  const HELD = 3;
  let holding = true;
  server.reset();
  server.setScript((request) => {
    const index = questions.findIndex((question) => question.question === firstUserText(request));
    if (index === HELD && holding) return { fault: { kind: "hang" }, times: "always" };
    return toolTurn(toolCall("submit_sql", { sql: questions[index]?.query ?? "SELECT 1" }), "Submitting.");
  });
  const firstRequestsFor = (index: number) =>
    server.chatRequests().filter((request) => conversationTurnOf(request) === 0 && firstUserText(request) === questions[index]!.question).length;
  await openApp(page);
  await configure(page);
  await page.getByRole("button", { name: "Benchmark" }).click();
  const view = page.getByRole("region", { name: "Benchmark" });
  await view.getByLabel("Number of questions").fill("8");
  await view.getByLabel("Concurrency").fill("1");
  await view.getByRole("button", { name: "Run benchmark" }).click();
  await expect.poll(() => firstRequestsFor(HELD)).toBe(1);
  await expect(view.getByRole("status", { name: "Benchmark status" })).toContainText("running · 3 of 8");
  await page.reload();
  holding = false;
  await openApp(page);
  await page.getByRole("button", { name: "Benchmark" }).click();
  await expect(view.getByRole("status", { name: "Benchmark status" })).toContainText("paused · 3 of 8");
  await view.getByRole("button", { name: "Resume" }).click();
  await expect(view.getByRole("status", { name: "Benchmark status" })).toContainText("done · 8 of 8 · accuracy 100.0% (8/8)", { timeout: 60_000 });
  const indexes = await view.getByRole("table", { name: "Benchmark results" }).locator("tbody tr td:first-child").allTextContents();
  expect(indexes.map(Number).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  // Only the question cut by the reload was asked again.
  expect(Array.from({ length: 8 }, (_, index) => firstRequestsFor(index))).toEqual([1, 1, 1, 2, 1, 1, 1, 1]);
});
