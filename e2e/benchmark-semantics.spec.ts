// The benchmark view's semantics: what each choice says it does, and runs judged by it — the official Spider match
// dropping DISTINCT (or keeping it), BIRD's sets of rows — on a BIRD-layout benchmark whose own difficulty labels show.
import { expect, test } from "@playwright/test";
import { configureScriptedLlm, databaseBytes, openApp } from "./helpers";
import { startScriptedLlmServer, toolCall, toolTurn, type ScriptedServer } from "./llm-server/scripted-llm-server";
import { firstMessageText } from "./teaching-questions";

// BIRD's dev.json names the gold SQL `SQL` and labels each question simple, moderate or challenging.
const QUESTIONS = [
  {
    question_id: 0,
    db_id: "shop",
    question: "Which colours do the items come in?",
    evidence: "",
    SQL: "SELECT DISTINCT color FROM item",
    difficulty: "simple",
  },
  { question_id: 1, db_id: "shop", question: "Name each item with its colour.", evidence: "", SQL: "SELECT name, color FROM item", difficulty: "challenging" },
];
/** The scripted model: DISTINCT left out of the first, the columns swapped in the second. */
const ANSWERS: Record<string, string> = {
  "Which colours do the items come in?": "SELECT color FROM item",
  "Name each item with its colour.": "SELECT color, name FROM item",
};

let server: ScriptedServer;

test.beforeAll(async () => {
  server = await startScriptedLlmServer({
    script: (request) => {
      const question = QUESTIONS.find((entry) => firstMessageText(request, "user")?.includes(entry.question));
      return toolTurn(toolCall("submit_sql", { sql: question ? ANSWERS[question.question]! : "SELECT 1" }), "Submitting.");
    },
  });
});
test.afterAll(async () => {
  await server.close();
});

test("Spider drops DISTINCT unless kept, BIRD compares sets with columns in order, and BIRD's labels are shown as they are", async ({ page }) => {
  test.setTimeout(120_000);
  const { zipSync } = await import("fflate");
  const database = new Uint8Array(
    await databaseBytes(
      "CREATE TABLE item(id INTEGER PRIMARY KEY, name TEXT, color TEXT); INSERT INTO item VALUES (1,'pen','red'),(2,'mug','red'),(3,'lamp','blue');",
    ),
  );
  const zip = Buffer.from(zipSync({ "mini/dev.json": new TextEncoder().encode(JSON.stringify(QUESTIONS)), "mini/database/shop/shop.sqlite": database }));
  await openApp(page);
  await configureScriptedLlm(page, server.url);
  await page.getByRole("button", { name: "Benchmark" }).click();
  const view = page.getByRole("region", { name: "Benchmark" });
  await view.getByLabel("Benchmark zip").setInputFiles({ name: "mini.zip", mimeType: "application/zip", buffer: zip });
  await expect(view.getByText(/2 questions · 1 database/)).toBeVisible();

  // BIRD's own labels, not Spider's hardness of the gold SQL.
  await expect(view.getByText("Difficulty as the benchmark labels it: simple, challenging.")).toBeVisible();
  await expect(view.getByText("The benchmark has no difficulty labels")).toHaveCount(0);

  const semantics = view.getByLabel("Semantics");
  await expect(semantics).toHaveValue("spider");
  await expect(semantics).toHaveAccessibleDescription(/official Spider test suite \(taoyds\/test-suite-sql-eval, exec_eval\.py\): DISTINCT dropped/);
  const status = view.getByRole("status", { name: "Benchmark status" });
  const run = view.getByRole("button", { name: "Run benchmark" });

  // Spider, by default: DISTINCT dropped from both, the columns in any order — both right.
  await run.click();
  await expect(status).toContainText("done · 2 of 2 · accuracy 100.0% (2/2)", { timeout: 60_000 });

  // DISTINCT kept: the first answer has three rows where gold has two.
  await view.getByRole("checkbox", { name: "Keep DISTINCT" }).check();
  await expect(semantics).toHaveAccessibleDescription(/DISTINCT kept \(the official --keep_distinct\)/);
  await run.click();
  await expect(status).toContainText("done · 2 of 2 · accuracy 50.0% (1/2)", { timeout: 60_000 });

  // BIRD: sets of rows (the duplicate red counts once), columns in the order written (the swapped pair misses).
  await semantics.selectOption("bird");
  await expect(view.getByRole("checkbox", { name: "Keep DISTINCT" })).toHaveCount(0);
  await expect(semantics).toHaveAccessibleDescription(/BIRD's official evaluation \(bird-bench\/mini_dev, evaluation_ex\.py\)/);
  await run.click();
  await expect(status).toContainText("done · 2 of 2 · accuracy 50.0% (1/2)", { timeout: 60_000 });
  const table = view.getByRole("table", { name: "Benchmark results" });
  await expect(table.locator("tbody tr").filter({ hasText: "challenging" })).toContainText("✗");
});
