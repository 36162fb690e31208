// Follow-up threads and a workspace per database: a follow-up is sent what the question before it concluded, each
// database brings back its own editor text, thread and last result, and a thread is exported and imported whole.
import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { configureScriptedLlm, openApp, resultSummary, runSql, setSql } from "./helpers";
import { startScriptedLlmServer, toolCall, toolTurn, type ScriptedServer } from "./llm-server/scripted-llm-server";

let server: ScriptedServer;

test.beforeAll(async () => {
  server = await startScriptedLlmServer({ models: ["scripted-model"] });
});
test.afterAll(async () => {
  await server.close();
});

const PER_YEAR = "SELECT strftime('%Y', order_date) AS year, count(*) AS orders FROM orders GROUP BY year ORDER BY year";
const ONLY_2022 = "SELECT count(*) AS orders FROM orders WHERE strftime('%Y', order_date) = '2022'";

const panel = (page: Page) => page.getByRole("complementary", { name: "Agent trace" });
const thread = (page: Page) => panel(page).getByRole("region", { name: "Thread" });

/** Asks one question whose scripted answer submits `sql`, and waits for the run to end. */
async function ask(page: Page, question: string, sql: string): Promise<void> {
  server.setScript([toolTurn(toolCall("run_sql", { sql }), "Checking."), toolTurn(toolCall("submit_sql", { sql }), "That answers it.")]);
  await page.getByLabel("Question for the agent").fill(question);
  await page.getByRole("button", { name: "Ask" }).click();
  await expect(panel(page).getByLabel("Final SQL")).toContainText(sql.slice(0, 30));
  await page.waitForFunction(() => window.__querylab!.agent().running === false);
}

/** The first user message of each question's conversation (requests of turn 1 have no assistant message yet). */
function firstMessages(): string[] {
  return server
    .chatRequests()
    .filter((request) => !request.messages.some((message) => message.role === "assistant"))
    .map((request) => {
      const user = request.messages.find((message) => message.role === "user");
      return typeof user?.content === "string" ? user.content : JSON.stringify(user?.content);
    });
}

async function reopen(page: Page, name: string): Promise<void> {
  await page.getByRole("button", { name: "Recent" }).click();
  await page
    .getByRole("dialog", { name: "Recent databases" })
    .getByRole("button", { name: `Reopen ${name}`, exact: true })
    .click();
  await expect(page.getByLabel("Open database")).toHaveText(name);
  await page.waitForFunction(() => window.__querylab!.query().running === null);
}

test("a follow-up narrows the previous answer: the model is told its question, final SQL and result", async ({ page }) => {
  server.reset();
  await openApp(page);
  await configureScriptedLlm(page, server.url);
  await ask(page, "How many orders were placed each year?", PER_YEAR);
  await expect(thread(page).getByRole("list", { name: "Thread questions" }).getByRole("listitem")).toHaveCount(1);

  await ask(page, "now only for 2022", ONLY_2022);
  const [first, second] = firstMessages();
  expect(first).toBe("How many orders were placed each year?");
  expect(second).toContain("Earlier in this conversation");
  expect(second).toContain("Q1: How many orders were placed each year?");
  expect(second).toContain(`→ final SQL: ${PER_YEAR}`);
  expect(second).toMatch(/→ \d+ rows \(columns year, orders\)/);
  expect(second).toMatch(/New question: now only for 2022$/);

  // One thread of two questions, each opening to its own trace; the context's size is shown.
  const questions = thread(page).getByRole("list", { name: "Thread questions" });
  await expect(questions.getByRole("listitem")).toHaveCount(2);
  await expect(questions.getByRole("listitem").nth(1)).toContainText(/1 row · asked with ≈\d+ tokens of earlier context/);
  await expect(thread(page).getByLabel("Context for the next question")).toContainText(/≈\d+ tokens \(at most 1,000\)/);
  await questions.getByRole("button", { name: /^Q1: / }).click();
  await expect(panel(page).locator(".trace-question")).toHaveText("How many orders were placed each year?");
  await expect(panel(page).getByLabel("Final SQL")).toContainText("GROUP BY year");
  await thread(page).getByRole("button", { name: /^Q2: / }).click();
  await expect(panel(page).locator(".trace-question")).toHaveText("now only for 2022");
  await panel(page).scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/thread.png" });

  // New thread: the next question starts from nothing.
  await thread(page).getByRole("button", { name: "New thread" }).click();
  await expect(thread(page)).toHaveCount(0);
  await ask(page, "How many books are there?", "SELECT count(*) AS books FROM books");
  expect(firstMessages()[2]).toBe("How many books are there?");
  await panel(page)
    .getByText(/^Threads \(\d+\)$/)
    .click();
  await expect(panel(page).getByRole("list", { name: "Past threads" }).getByRole("listitem")).toHaveCount(2);
});

test("each database brings back its own editor text, thread and last result, also after a reload", async ({ page }) => {
  await openApp(page);
  await configureScriptedLlm(page, server.url);
  await ask(page, "How many orders were placed each year?", PER_YEAR);
  await runSql(page, "SELECT count(*) AS books FROM books");
  await expect(resultSummary(page)).toHaveText(/^1 row/);
  await setSql(page, "SELECT title FROM books -- bookshop's draft");

  await page.getByRole("button", { name: "Samples" }).click();
  await page.getByRole("dialog", { name: "Sample databases" }).getByRole("button", { name: "Open Clinic" }).click();
  await expect(page.getByLabel("Open database")).toHaveText("Clinic");
  // Nothing of the bookshop against the clinic: its sample query, no thread, no trace, no result.
  await expect.poll(() => page.evaluate(() => window.__querylab!.editor().text)).toContain("FROM appointments");
  await expect(thread(page)).toHaveCount(0);
  await expect(panel(page).locator(".trace-question")).toHaveCount(0);
  expect(await page.evaluate(() => window.__querylab!.query().result)).toBeNull();
  await ask(page, "How many patients are there?", "SELECT count(*) AS patients FROM patients");
  await setSql(page, "SELECT name FROM departments -- clinic's draft");

  await reopen(page, "Bookshop");
  await expect.poll(() => page.evaluate(() => window.__querylab!.editor().text)).toBe("SELECT title FROM books -- bookshop's draft");
  await expect(thread(page).getByRole("listitem")).toHaveText([/Q1: How many orders were placed each year\?/]);
  await expect(panel(page).locator(".trace-question")).toHaveText("How many orders were placed each year?");
  // The last result, its SQL run again.
  await expect(resultSummary(page)).toHaveText(/^1 row/);

  await reopen(page, "Clinic");
  await expect.poll(() => page.evaluate(() => window.__querylab!.editor().text)).toBe("SELECT name FROM departments -- clinic's draft");
  await expect(thread(page).getByRole("listitem")).toHaveText([/Q1: How many patients are there\?/]);

  await page.reload();
  await openApp(page);
  await expect(page.getByLabel("Open database")).toHaveText("Clinic");
  await expect.poll(() => page.evaluate(() => window.__querylab!.editor().text)).toBe("SELECT name FROM departments -- clinic's draft");
  await expect(thread(page).getByRole("listitem")).toHaveText([/Q1: How many patients are there\?/]);
});

test("a thread is exported as one file and imported whole into another browser", async ({ page, browser }) => {
  await openApp(page);
  await configureScriptedLlm(page, server.url);
  await ask(page, "How many orders were placed each year?", PER_YEAR);
  await ask(page, "now only for 2022", ONLY_2022);
  const download = page.waitForEvent("download");
  await thread(page).getByRole("button", { name: "Export thread" }).click();
  const file = await readFile((await (await download).path())!, "utf8");
  const exported = JSON.parse(file) as { kind: string; thread: { questions: unknown[] }; traces: unknown[] };
  expect(exported).toMatchObject({ kind: "querylab-thread" });
  expect(exported.thread.questions).toHaveLength(2);
  expect(exported.traces).toHaveLength(2);

  // A fresh browser (nothing kept): the thread comes back with both questions, each with its trace.
  const context = await browser.newContext();
  const other = await context.newPage();
  await openApp(other);
  await other.getByLabel("Thread file").setInputFiles({ name: "thread.json", mimeType: "application/json", buffer: Buffer.from(file) });
  await expect(thread(other).getByRole("listitem")).toHaveText([/Q1: How many orders/, /Q2: now only for 2022/]);
  await expect(panel(other).locator(".trace-question")).toHaveText("now only for 2022");
  await thread(other).getByRole("button", { name: /^Q1: / }).click();
  await expect(panel(other).getByLabel("Final SQL")).toContainText("GROUP BY year");
  // Imported again: it is already in History, and says so.
  await other.getByLabel("Thread file").setInputFiles({ name: "thread.json", mimeType: "application/json", buffer: Buffer.from(file) });
  await expect(panel(other).getByRole("alert")).toContainText("already in History (2 questions)");
  await context.close();
});
