// A student works through the bundled Bookshop exercise set: a wrong answer (the results side by side, the diagnosis),
// then a right one; progress kept over a reload; the reference hidden until asked; a hint from the scripted LLM whose
// request never holds the reference; and a set with hints turned off.
import { expect, test, type Page } from "@playwright/test";
import { configureScriptedLlm, openApp, setSql } from "./helpers";
import { startScriptedLlmServer, type ScriptedServer } from "./llm-server/scripted-llm-server";

const SET_ADDRESS = "/?exercises=exercises/bookshop.json";
const REFERENCE = "SELECT name FROM stores WHERE closed_date IS NULL;";
const WRONG = "SELECT name FROM stores WHERE closed_date = NULL";
const HINT = "Look at how your WHERE clause compares closed_date with NULL: such a comparison is never true.";

let server: ScriptedServer;

test.beforeAll(async () => {
  server = await startScriptedLlmServer({ models: ["scripted-model"] });
});
test.afterAll(async () => {
  await server.close();
});

const panel = (page: Page) => page.getByRole("region", { name: "Exercises" });
const verdict = (page: Page) => panel(page).getByRole("region", { name: "Check result" }).getByRole("status");

async function openSet(page: Page): Promise<void> {
  await openApp(page, SET_ADDRESS);
  await expect(panel(page).getByRole("heading", { name: "Bookshop: first steps in SQL" })).toBeVisible();
}

async function openStoresQuestion(page: Page): Promise<void> {
  await panel(page)
    .getByRole("button", { name: /^Question 3,/ })
    .click();
  await expect(panel(page)).toContainText("Which stores are still open?");
}

test("a reload with a set open reopens it when the sample list comes after the kept database", async ({ page }) => {
  await openSet(page);
  await page.waitForFunction(() => window.__querylab!.database().current?.saveState === "saved");
  // On a reload the kept database is open (ready) at once; the sample list, held here, comes later. The set's sample
  // was then looked up in an empty list: "…the sample "bookshop", which this page does not have (it has: )." (CI, once).
  await page.route(/\/samples\/manifest\.json$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.reload();
  await expect(panel(page).getByRole("heading", { name: "Bookshop: first steps in SQL" })).toBeVisible();
  await expect(panel(page).getByRole("alert")).toHaveCount(0);
});

test("a wrong answer shows both results and the diagnosis, a right one is solved, and progress survives a reload", async ({ page }) => {
  // Two checks, a diagnosis, a reload and an export: more steps than most specs, each waiting on the page's state.
  test.setTimeout(120_000);
  await openSet(page);
  await openStoresQuestion(page);
  // The reference is in the page's data, not on screen, until the student asks for it.
  await expect(page.getByRole("region", { name: "Reference answer" })).toHaveCount(0);
  await expect(page.getByText("closed_date IS NULL")).toHaveCount(0);

  await setSql(page, WRONG);
  await panel(page).getByRole("button", { name: "Check", exact: true }).click();
  await expect(verdict(page)).toHaveText("✗ Not yet: the reference returns 9 rows, yours 0 rows.");
  const reference = panel(page).getByRole("table", { name: "Reference result" });
  await expect(reference.getByRole("row", { name: "Row not in the other result" })).toHaveCount(9);
  await expect(panel(page).getByRole("table", { name: "Your query result" }).locator("tbody tr")).toHaveCount(0);
  // The diagnosis of the student's query points at the WHERE condition.
  const diagnosis = page.getByRole("region", { name: "Diagnosis" });
  await expect(diagnosis.getByRole("status")).toContainText("rows drop to zero at stage 2: WHERE closed_date = NULL");
  await expect(panel(page)).toContainText("0 of 9 solved");

  await setSql(page, "SELECT name AS store FROM stores WHERE closed_date IS NULL");
  await panel(page).getByRole("button", { name: "Check", exact: true }).click();
  await expect(verdict(page)).toHaveText("✓ Correct: your query returns the same result as the reference.");
  await expect(diagnosis).toHaveCount(0);
  await expect(panel(page)).toContainText("1 of 9 solved");
  await expect(panel(page).getByRole("button", { name: "Question 3, solved" })).toBeVisible();

  await page.reload();
  await expect(panel(page).getByRole("heading", { name: "Bookshop: first steps in SQL" })).toBeVisible();
  await expect(panel(page)).toContainText("1 of 9 solved");
  await expect(panel(page).getByRole("button", { name: "Question 3, solved" })).toBeVisible();
  await expect(panel(page).getByRole("button", { name: "Question 1, not tried" })).toBeVisible();
  await openStoresQuestion(page);
  await expect(panel(page)).toContainText("(2 attempts, solved)");
  // Back on the question, the last attempt is in the editor.
  await expect.poll(() => page.evaluate(() => window.__querylab!.editor().text)).toBe("SELECT name AS store FROM stores WHERE closed_date IS NULL");

  await expect(page.getByRole("region", { name: "Reference answer" })).toHaveCount(0);
  await panel(page).getByRole("button", { name: "Show reference" }).click();
  const shown = page.getByRole("region", { name: "Reference answer" });
  await expect(shown).toContainText("For practice, not for exams");
  await expect(shown.locator("pre")).toHaveText(REFERENCE);

  // The export is the documented file (docs/exercises.md).
  const download = page.waitForEvent("download");
  await panel(page).getByRole("button", { name: "Export progress" }).click();
  const exported = JSON.parse(await (await (await download).createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString("utf8")));
  expect(exported).toMatchObject({
    format: "querylab-exercise-progress",
    set: { title: "Bookshop: first steps in SQL" },
    questions: { "open-stores": { attempts: 2, solved: true, lastSql: "SELECT name AS store FROM stores WHERE closed_date IS NULL" } },
  });
  expect(exported.set.source).toMatch(/\/exercises\/bookshop\.json$/);
});

test("a hint comes from the configured model, and its request holds the student's query but never the reference", async ({ page }) => {
  server.setScript([{ text: HINT }]);
  server.reset();
  await openSet(page);
  await configureScriptedLlm(page, server.url, { sharing: "Schema only" });
  await openStoresQuestion(page);
  await setSql(page, WRONG);
  await panel(page).getByRole("button", { name: "Check", exact: true }).click();
  await expect(verdict(page)).toContainText("Not yet");
  // The hint also carries the diagnosis's row counts, once it is there.
  await expect(page.getByRole("region", { name: "Diagnosis" }).getByRole("status")).toContainText("rows drop to zero");

  await panel(page).getByRole("button", { name: "Hint" }).click();
  await expect(panel(page).getByRole("region", { name: "Hint" })).toHaveText(HINT);

  const requests = server.chatRequests();
  expect(requests).toHaveLength(1);
  const sent = JSON.stringify(requests[0]!.messages);
  expect(sent).toContain("Do not give the answer away");
  expect(sent).toContain("Which stores are still open?");
  expect(sent).toContain(WRONG);
  expect(sent).toContain("the reference returns 9 rows, yours 0 rows");
  expect(sent).toContain("WHERE closed_date = NULL: 0 rows");
  expect(sent).not.toContain("closed_date IS NULL");
  // Nor the teacher's notes, nor a stored value (a store's name) under "Schema only".
  expect(sent).not.toContain("use IS NULL");
  expect(sent).not.toContain("Harbor & Quill");
});

test("a set from a file with hints turned off has no Hint button, and a broken set says what is wrong", async ({ page }) => {
  await openApp(page);
  const set = {
    title: "No hints here",
    database: "bookshop",
    hints: false,
    questions: [{ id: "count-stores", question: "How many stores are there?", reference: "SELECT COUNT(*) FROM stores" }],
  };
  await page.getByRole("button", { name: "Exercises", exact: true }).click();
  await page.getByLabel("Exercise set file").setInputFiles({ name: "no-hints.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(set)) });
  await expect(panel(page).getByRole("heading", { name: "No hints here" })).toBeVisible();
  await expect(panel(page).getByRole("button", { name: "Check", exact: true })).toBeVisible();
  await expect(panel(page).getByRole("button", { name: "Hint" })).toHaveCount(0);

  await setSql(page, "SELECT COUNT(store_id) AS stores FROM stores");
  await panel(page).getByRole("button", { name: "Check", exact: true }).click();
  await expect(verdict(page)).toContainText("Correct");

  await page.getByRole("button", { name: "Exercises", exact: true }).click();
  const broken = { ...set, hint: true, questions: [{ id: "q", question: "Q" }] };
  await page.getByLabel("Exercise set file").setInputFiles({ name: "broken.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(broken)) });
  const alert = panel(page).getByRole("alert");
  await expect(alert).toContainText("This is not a valid exercise set");
  await expect(alert).toContainText("The set has a field the format does not know: 'hint'.");
  await expect(alert).toContainText("questions[0].reference is missing.");
});
