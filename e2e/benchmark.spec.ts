// The benchmark view: a dozen teaching questions answered by the scripted model, judged by execution in the page.
import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { openApp } from "./helpers";
import { startScriptedLlmServer, toolCall, toolTurn, type ChatRequest, type ScriptedServer } from "./llm-server/scripted-llm-server";

interface TeachingQuestion {
  db_id: string;
  question: string;
  query: string;
}

let server: ScriptedServer;
let questions: TeachingQuestion[] = [];
/** Questions (by index) the scripted model answers wrongly in the second run. */
let wrongOn = new Set<number>();

function firstUserText(request: ChatRequest): string {
  const message = request.messages.find((candidate) => candidate.role === "user");
  return typeof message?.content === "string" ? message.content : JSON.stringify(message?.content ?? "");
}

test.beforeAll(async () => {
  questions = JSON.parse(await readFile("public/benchmark/dev.json", "utf8")) as TeachingQuestion[];
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
  await page.getByRole("button", { name: "Settings" }).click();
  const dialog = page.getByRole("dialog", { name: "Settings" });
  await dialog.getByLabel("Provider").selectOption("custom");
  await dialog.getByLabel("Base URL").fill(server.url);
  await dialog.getByLabel("Model").fill("scripted-model");
  await dialog.getByRole("button", { name: "Close" }).click();
}

async function runTwelve(page: Page): Promise<void> {
  const view = page.getByRole("region", { name: "Benchmark" });
  await view.getByLabel("Number of questions").fill("12");
  await view.getByLabel("Concurrency").fill("3");
  await view.getByRole("button", { name: "Run benchmark" }).click();
  await expect(view.getByRole("status", { name: "Benchmark status" })).toContainText("done · 12 of 12", { timeout: 60_000 });
}

test("a dozen questions score 100% with gold answers, then exactly the wrong answers are marked", async ({ page }) => {
  await openApp(page);
  await configure(page);
  await page.getByRole("button", { name: "Benchmark" }).click();
  const view = page.getByRole("region", { name: "Benchmark" });
  await expect(view.getByText(/Teaching benchmark/)).toBeVisible();
  await expect(view.getByText(new RegExp(`${questions.length} questions`))).toBeVisible();

  wrongOn = new Set();
  await runTwelve(page);
  await expect(view.getByRole("status", { name: "Benchmark status" })).toContainText("accuracy 100.0% (12/12)");
  const table = view.getByRole("table", { name: "Benchmark results" });
  await expect(table.locator("tbody tr")).toHaveCount(12);
  await expect(table.locator("tbody tr.miss")).toHaveCount(0);

  wrongOn = new Set([1, 4, 7]);
  await runTwelve(page);
  await expect(view.getByRole("status", { name: "Benchmark status" })).toContainText("accuracy 75.0% (9/12)");
  for (let index = 0; index < 12; index += 1) {
    await expect(table.getByRole("row", { name: `Question ${index + 1} ${wrongOn.has(index) ? "miss" : "match"}` })).toBeVisible();
  }
  await view.getByLabel("Only misses").check();
  await expect(table.locator("tbody tr")).toHaveCount(3);
  await page.screenshot({ path: "test-results/benchmark.png" });

  // Results export as JSON lines, one per question, and survive a reload.
  const download = page.waitForEvent("download");
  await view.getByRole("button", { name: "Export JSONL" }).click();
  const lines = (await readFile((await (await download).path())!, "utf8")).trim().split("\n").map((line) => JSON.parse(line));
  expect(lines).toHaveLength(12);
  expect(lines.filter((line) => !line.match).map((line) => line.index).sort()).toEqual([1, 4, 7]);

  await page.reload();
  await openApp(page);
  await page.getByRole("button", { name: "Benchmark" }).click();
  await expect(page.getByRole("region", { name: "Benchmark" }).getByRole("status", { name: "Benchmark status" })).toContainText("12 of 12 · accuracy 75.0% (9/12)");
});
