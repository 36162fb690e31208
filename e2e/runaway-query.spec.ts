// A model that asks for an endless query cannot hang the page: the query stops at the person's time limit (the
// worker is ended and the database reopened), the agent reads that and goes on; Stop agent and Esc end a run
// mid-query at once, and the editor answers right after.
import { expect, test, type Page } from "@playwright/test";
import { configureScriptedLlm, openApp, queryError, resultSummary, runSql, setSql } from "./helpers";
import { startScriptedLlmServer, toolCall, toolTurn, type ScriptedServer } from "./llm-server/scripted-llm-server";

const RUNAWAY = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c";
const ANSWER = "SELECT count(*) AS books FROM books";
let server: ScriptedServer;

test.beforeAll(async () => {
  server = await startScriptedLlmServer({ models: ["scripted-model"] });
});
test.afterAll(async () => {
  await server.close();
});

const trace = (page: Page) => page.getByRole("complementary", { name: "Agent trace" });

async function setQueryTimeLimit(page: Page, seconds: number): Promise<void> {
  await page.getByRole("button", { name: "Settings" }).click();
  const dialog = page.getByRole("dialog", { name: "Settings" });
  await dialog.getByLabel("Query time limit (s)").fill(String(seconds));
  await dialog.getByRole("button", { name: "Close" }).click();
}

async function ask(page: Page, question: string): Promise<void> {
  await page.getByLabel("Question for the agent").fill(question);
  await page.getByRole("button", { name: "Ask" }).click();
}

/** A run whose first action is the endless query, with a limit far above how long a test waits: only a Stop ends it. */
async function startEndlessQuery(page: Page): Promise<void> {
  server.setScript([toolTurn(toolCall("run_sql", { sql: RUNAWAY }), "Count everything.")]);
  await openApp(page);
  await configureScriptedLlm(page, server.url);
  await setQueryTimeLimit(page, 300);
  await ask(page, "How many rows could there be?");
  await expect(trace(page).getByRole("listitem", { name: "Turn 1" })).toContainText("run_sql", { timeout: 30_000 });
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => window.__querylab!.agent().running)).toBe(true);
}

test("an endless query stops at the time limit, the agent reads why and answers", async ({ page }) => {
  server.setScript([
    toolTurn(toolCall("run_sql", { sql: RUNAWAY }), "Count everything."),
    toolTurn(toolCall("submit_sql", { sql: ANSWER }), "Counting books instead."),
  ]);
  await openApp(page);
  await configureScriptedLlm(page, server.url);
  await setQueryTimeLimit(page, 2);
  await ask(page, "How many books are there?");

  const turn1 = trace(page).getByRole("listitem", { name: "Turn 1" });
  await expect(turn1).toContainText(/Stopped after \d+(\.\d)? s: the query ran past the 2 s time limit/, { timeout: 30_000 });
  await expect(trace(page).getByLabel("Final SQL")).toContainText(ANSWER, { timeout: 30_000 });
  // What the model was told is what the trace shows.
  const told = JSON.stringify(server.chatRequests().at(-1)?.messages.at(-1));
  expect(told).toContain("Stopped after");
  // The database came back intact in the new worker: the editor answers from it.
  await runSql(page, ANSWER);
  await expect(resultSummary(page)).toHaveText(/^1 row/);
  await page.screenshot({ path: "test-results/runaway-stopped.png" });
});

test("Stop agent ends the run mid-query at once; the editor's waiting query is told and answers when run again", async ({ page }) => {
  await startEndlessQuery(page);

  // A query in the editor now waits behind the agent's in the same worker.
  await setSql(page, "SELECT 41 + 1 AS answer");
  await page.keyboard.press("ControlOrMeta+Enter");
  await expect.poll(() => page.evaluate(() => window.__querylab!.query().running !== null)).toBe(true);
  await page.getByRole("button", { name: "Stop agent" }).click();
  await expect(trace(page).getByRole("status").filter({ hasText: "Stopped." })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByRole("button", { name: "Ask" })).toBeEnabled();
  await expect(queryError(page)).toContainText("did not finish");

  await runSql(page, "SELECT 41 + 1 AS answer");
  await expect(resultSummary(page)).toHaveText(/^1 row/);
});

test("Esc stops the agent mid-query too", async ({ page }) => {
  await startEndlessQuery(page);
  await page.keyboard.press("Escape");
  await expect(trace(page).getByRole("status").filter({ hasText: "Stopped." })).toBeVisible({ timeout: 10_000 });
  await runSql(page, "SELECT count(*) FROM authors");
  await expect(resultSummary(page)).toHaveText(/^1 row/);
});
