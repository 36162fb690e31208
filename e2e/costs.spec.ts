// Costs in the page: a price set for the scripted model in Settings gives each turn and the question's totals a cost,
// and a money budget stops a multi-turn run before the turn that would pass it, saying so in the trace.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { configureScriptedLlm, openApp } from "./helpers";
import { startScriptedLlmServer, toolCall, type ScriptedServer, type ScriptedTurn } from "./llm-server/scripted-llm-server";

let server: ScriptedServer;

test.beforeAll(async () => {
  server = await startScriptedLlmServer({ models: ["scripted-model"] });
});
test.afterAll(async () => {
  await server.close();
});

/** Every turn reports 10,000 tokens in and 100 out: $0.102 at $10 / $20 per million tokens (well under the token budget). */
const USAGE = { prompt_tokens: 10_000, completion_tokens: 100 };
const turn = (name: string, sql: string): ScriptedTurn => ({ toolCalls: [toolCall(name, { sql })], usage: USAGE });

const trace = (page: Page) => page.getByRole("complementary", { name: "Agent trace" });

/** Points the page at the scripted server, then prices "scripted-model" at $10 in / $20 out per million tokens (and sets a budget). */
async function configureWithPrice(page: Page, budget?: string): Promise<void> {
  await configureScriptedLlm(page, server.url);
  await page.getByRole("button", { name: "Settings" }).click();
  const costs = page.getByRole("dialog", { name: "Settings" }).getByRole("region", { name: "Costs" });
  await expect(costs.getByLabel("Price of the current model")).toContainText("scripted-model runs on this machine: no charge per token.");
  await costs.getByText(/^Prices \(\d+ models\)$/).click();
  await costs.getByRole("button", { name: "Add scripted-model" }).click();
  await costs.getByLabel("Input price of scripted-model").fill("10");
  await costs.getByLabel("Output price of scripted-model").fill("20");
  await expect(costs.getByLabel("Price of the current model")).toHaveText("scripted-model: $10 in, $20 out per million tokens.");
  if (budget) await costs.getByLabel(/^Budget per question/).fill(budget);
  // The open price table, its inputs and remove buttons named, passes WCAG 2.1 A/AA like the rest of Settings.
  const axe = await new AxeBuilder({ page }).include("section[aria-label='Costs']").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(axe.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  await page.getByRole("dialog", { name: "Settings" }).getByRole("button", { name: "Close" }).click();
}

async function ask(page: Page, question: string): Promise<void> {
  await page.getByLabel("Question for the agent").fill(question);
  await page.getByRole("button", { name: "Ask" }).click();
}

test("a priced model shows the cost of each turn and of the question, and the price survives a reload", async ({ page }) => {
  server.reset();
  server.setScript([turn("run_sql", "SELECT count(*) FROM books"), turn("submit_sql", "SELECT count(*) AS books FROM books")]);
  await openApp(page);
  await configureWithPrice(page);
  await ask(page, "How many books are there?");

  await expect(trace(page).getByLabel("Totals")).toContainText("2 turns");
  await expect(trace(page).getByRole("listitem", { name: "Turn 1" }).locator(".turn-meta")).toContainText("10,000 in · 100 out · $0.102 ·");
  await expect(trace(page).getByRole("listitem", { name: "Turn 2" }).locator(".turn-meta")).toContainText("$0.102");
  await expect(trace(page).getByLabel("Totals")).toContainText("20,000 tokens in · 200 out · $0.204 ·");
  // The thread sums its questions: one so far.
  await expect(trace(page).getByLabel("Thread cost")).toHaveText("20,200 tokens · $0.204");
  await trace(page).screenshot({ path: "test-results/costs-trace.png" });

  // The table is kept with the settings: after a reload the same trace, opened from History, is priced the same.
  // The trace is stored after the run ends; History counts it once stored (a reload before that would lose it).
  await expect(trace(page).getByText("History (1)", { exact: true })).toBeVisible();
  await page.reload();
  await trace(page)
    .getByText(/^History \(\d+\)$/)
    .click();
  await page.getByRole("list", { name: "Past runs" }).getByRole("button", { name: "How many books are there?", exact: true }).click();
  await expect(trace(page).getByLabel("Totals")).toContainText("$0.204");
});

test("a model served from this machine costs $0 without a row in the table", async ({ page }) => {
  server.reset();
  server.setScript([turn("submit_sql", "SELECT count(*) AS books FROM books")]);
  await openApp(page);
  // The scripted server listens on 127.0.0.1, as Ollama or LM Studio would: no price needed, no charge shown.
  await configureScriptedLlm(page, server.url);
  await ask(page, "How many books are there?");
  await expect(trace(page).getByLabel("Totals")).toContainText("1 turn · 10,000 tokens in · 100 out · $0 ·");
});

test("a budget stops a multi-turn run before the turn that would pass it, and says so", async ({ page }) => {
  server.reset();
  // Five turns scripted; the budget lets two run: after two ($0.204 spent) the third (≈ $0.103) would pass $0.25.
  server.setScript([
    turn("run_sql", "SELECT count(*) FROM books"),
    turn("run_sql", "SELECT count(*) FROM authors"),
    turn("run_sql", "SELECT count(*) FROM genres"),
    turn("run_sql", "SELECT 1"),
    turn("submit_sql", "SELECT count(*) AS books FROM books"),
  ]);
  await openApp(page);
  await configureWithPrice(page, "0.25");
  await ask(page, "How many books are there?");

  await expect(trace(page).getByRole("alert")).toContainText("Stopped early: the next turn would pass the $0.25 budget set in Settings (spent $0.204");
  await expect(trace(page).getByLabel("Totals")).toContainText("2 turns");
  await expect(trace(page).getByLabel("Totals")).toContainText("$0.204");
  await expect(trace(page).getByRole("listitem", { name: "Turn 3" })).toHaveCount(0);
  expect(server.chatRequests()).toHaveLength(2);
});
