// Schema pruning on screen: ask on the largest sample, see what was kept and dropped and why, pin one, see the prompt change.
import { expect, test, type Page } from "@playwright/test";
import { chooseFolderModel, configureScriptedLlm, loadTinyModel, openApp } from "./helpers";
import { startScriptedLlmServer, toolCall, toolTurn, type ScriptedServer } from "./llm-server/scripted-llm-server";

let server: ScriptedServer;

test.beforeAll(async () => {
  server = await startScriptedLlmServer({ models: ["scripted-model"] });
});
test.afterAll(async () => {
  await server.close();
});

const GOLD_SQL = "SELECT count(*) FROM customers WHERE loyalty_tier = 'Gold'";

async function configure(page: Page): Promise<void> {
  await configureScriptedLlm(page, server.url);
}

async function ask(page: Page, question: string): Promise<void> {
  await page.getByLabel("Question for the agent").fill(question);
  await page.getByRole("button", { name: "Ask" }).click();
  await expect(page.getByRole("complementary", { name: "Agent trace" }).getByLabel("Final SQL")).toContainText("loyalty_tier");
}

const schemaPanel = (page: Page) => page.getByRole("navigation", { name: "Schema" });
const systemPromptOf = (request: { messages: Array<{ role: string; content?: unknown }> }) =>
  String(request.messages.find((message) => message.role === "system")?.content ?? "");

async function expandTable(page: Page, table: string): Promise<void> {
  const details = schemaPanel(page)
    .locator("details")
    .filter({ has: page.locator(".table-name", { hasText: new RegExp(`^${table}$`) }) });
  if (!(await details.evaluate((element) => (element as HTMLDetailsElement).open))) await details.locator("summary").click();
}

function columnRow(page: Page, table: string, column: string) {
  return schemaPanel(page)
    .getByRole("list", { name: `Columns of ${table}` })
    .locator(".column-row")
    .filter({ has: page.locator(".column-name", { hasText: new RegExp(`^${column}$`) }) });
}

test("asking on the largest sample shows kept and dropped columns with reasons; a pin changes the agent's prompt", async ({ page }) => {
  server.setScript([
    toolTurn(toolCall("submit_sql", { sql: GOLD_SQL }), "Count the gold customers."),
    toolTurn(toolCall("submit_sql", { sql: GOLD_SQL }), "Again."),
  ]);
  server.reset();
  await openApp(page);
  await configure(page);
  await ask(page, "How many customers are in the gold loyalty tier?");

  // The summary: the bookshop sample has 92 columns; the agent got a part of them, ranked without a model (off in test builds).
  const summary = schemaPanel(page).getByRole("region", { name: "Schema for the question" });
  await expect(summary.getByRole("status").first()).toContainText(
    /For “How many customers are in the gold loyalty tier\?”: \d+ of 92 columns in \d+ of 14 tables, ≈[\d,]+ of [\d,]+ tokens\. Ranked by lexical, value\./,
  );
  const pruning = await page.evaluate(() => window.__querylab!.prune().result!);
  expect(pruning.tokensKept).toBeLessThan(pruning.tokensFull / 2);
  expect(pruning.kept.customers).toEqual(expect.arrayContaining(["customer_id", "loyalty_tier"]));
  expect(pruning.kept.publishers).toBeUndefined();

  // Per column: kept with score and reasons (the value 'Gold' matched), keys kept as keys, the rest dropped.
  await expandTable(page, "customers");
  await expect(columnRow(page, "customers", "loyalty_tier").locator(".prune-mark")).toHaveAttribute(
    "aria-label",
    /^kept, score [\d.]+, .*value match.*matches 'Gold'/,
  );
  await expect(columnRow(page, "customers", "customer_id").locator(".prune-mark")).toHaveAttribute("aria-label", /^kept, .*key/);
  await expandTable(page, "publishers");
  await expect(columnRow(page, "publishers", "founded_year").locator(".prune-mark")).toHaveAttribute("aria-label", /^dropped, score/);
  await expect(schemaPanel(page).locator("li.is-dropped .table-name", { hasText: /^publishers$/ })).toBeVisible();

  // What the model received is exactly the pruned text: loyalty_tier is there, publishers is not.
  const first = systemPromptOf(server.chatRequests()[0]!);
  expect(first).toContain(pruning.schemaText);
  expect(first).toContain("loyalty_tier");
  expect(first).not.toContain("CREATE TABLE publishers");
  await page.screenshot({ path: "test-results/prune-kept-dropped.png" });

  // Pin a dropped column and exclude a kept one; the next run's prompt follows.
  await columnRow(page, "publishers", "founded_year").getByRole("button", { name: "Pin publishers.founded_year" }).click();
  await columnRow(page, "customers", "email").getByRole("button", { name: "Exclude customers.email" }).click();
  await expect(columnRow(page, "publishers", "founded_year").getByRole("button", { name: "Pin publishers.founded_year" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await ask(page, "How many customers are in the gold loyalty tier?");
  await expect.poll(() => server.chatRequests().length).toBeGreaterThanOrEqual(2);
  const second = systemPromptOf(server.chatRequests().at(-1)!);
  expect(second).toContain("CREATE TABLE publishers");
  expect(second).toContain("founded_year");
  expect(second).not.toMatch(/\bemail\b.*-- /);
  await expect(columnRow(page, "publishers", "founded_year").locator(".prune-mark")).toHaveAttribute("aria-label", /^kept, .*pinned/);
  await expect(columnRow(page, "customers", "email").locator(".prune-mark")).toHaveAttribute("aria-label", /^dropped, .*excluded/);

  // The trace says what was sent, and pins survive a reload.
  await expect(page.getByRole("complementary", { name: "Agent trace" }).getByText(/Schema sent: \d+ of 92 columns/)).toBeVisible();
  await page.reload();
  await openApp(page);
  expect(await page.evaluate(() => window.__querylab!.prune().overrides)).toEqual({ pinned: ["publishers.founded_year"], excluded: ["customers.email"] });
});

test("a budget change and a preview prune without asking the model; a model that cannot load falls back and says so", async ({ page }) => {
  server.reset();
  await openApp(page);
  await page.getByLabel("Question for the agent").fill("Which books were published by Foxglove Press?");
  const summary = schemaPanel(page).getByRole("region", { name: "Schema for the question" });
  await summary.getByLabel("Schema budget (tokens)").fill("300");
  await summary.getByLabel("Schema budget (tokens)").press("Enter");
  await summary.getByRole("button", { name: "Preview for the question" }).click();
  await expect(summary.getByRole("status").first()).toContainText("For “Which books were published by Foxglove Press?”");
  const small = await page.evaluate(() => window.__querylab!.prune().result!);
  // The budget set is a floor that grows with the schema (a share of what the schema has beyond it).
  expect(small.budget).toBeGreaterThan(300);
  expect(small.budget).toBeLessThan(small.tokensFull);
  // …and the panel says what it came to, so a person who typed 300 is not left wondering why more was kept.
  await expect(summary.getByText(`≈${small.budget.toLocaleString("en-US")} tokens for this one (300 at least)`)).toBeVisible();
  expect(small.tokensKept).toBeLessThanOrEqual(small.budget * 1.1); // the page counts with an estimate within 10% of o200k
  expect(small.kept.books).toEqual(expect.arrayContaining(["title", "publisher_id"]));
  expect(small.kept.publishers).toEqual(expect.arrayContaining(["publisher_id", "name"]));
  expect(server.chatRequests()).toHaveLength(0);
  await summary.getByText("Schema text the agent gets").click();
  await expect(summary.getByLabel("Schema text the agent gets")).toContainText("CREATE TABLE books");

  // A model folder that does not exist: the preview still prunes, by names and values, and says why.
  const section = await chooseFolderModel(page, "./no-models-here/", "querylab/tiny-embed");
  await section.getByRole("button", { name: "Load model" }).click();
  await expect(section.getByRole("alert")).toContainText("could not be loaded", { timeout: 60_000 });
  await page.getByRole("dialog", { name: "Settings" }).getByRole("button", { name: "Close" }).click();
  await summary.getByRole("button", { name: "Preview for the question" }).click();
  await expect(summary.getByText(/ranked by names, descriptions and values only/)).toBeVisible();
  const fallback = await page.evaluate(() => window.__querylab!.prune().result!);
  expect(fallback.stagesUsed).toEqual(["lexical", "value"]);
  expect(fallback.kept.publishers).toBeDefined();
});

test("the panel names why a column is kept when its small table is kept whole", async ({ page }) => {
  server.reset();
  await openApp(page);
  await page.getByLabel("Question for the agent").fill("Which books were published by Foxglove Press?");
  const summary = schemaPanel(page).getByRole("region", { name: "Schema for the question" });
  await summary.getByLabel("Schema budget (tokens)").fill("300");
  await summary.getByLabel("Schema budget (tokens)").press("Enter");
  await summary.getByRole("button", { name: "Preview for the question" }).click();
  await expect(summary.getByRole("status").first()).toContainText("For “Which books were published by Foxglove Press?”");
  const result = await page.evaluate(() => window.__querylab!.prune().result!);
  // publishers is small and the question is about it: every column kept, city for no reason of its own but that.
  expect(result.kept.publishers).toEqual(expect.arrayContaining(["publisher_id", "name", "city", "country"]));
  expect(result.tables.find((table) => table.table === "publishers")!.reasons).toContain("whole-table");
  await expandTable(page, "publishers");
  const city = columnRow(page, "publishers", "city").locator(".prune-mark");
  await expect(city).toHaveAttribute("aria-label", /^kept, score [\d.]+, .*whole table/);
  await expect(city.locator(".reason-whole-table")).toHaveText("whole table");
  await expect(city.locator(".reason-whole-table")).toHaveAttribute(
    "title",
    "Kept with all its columns: a small table the question is about, or a kept table the budget had room for",
  );
  await page.screenshot({ path: "test-results/prune-whole-table.png" });
});

test("the panel names why an amount is kept when the question asks how much something cost", async ({ page }) => {
  server.reset();
  await openApp(page);
  await page.getByLabel("Question for the agent").fill("How much did Foxglove Press books cost?");
  const summary = schemaPanel(page).getByRole("region", { name: "Schema for the question" });
  await summary.getByLabel("Schema budget (tokens)").fill("300");
  await summary.getByLabel("Schema budget (tokens)").press("Enter");
  // A preview pressed while the schema is still being indexed shows nothing (on a busy machine indexing takes seconds).
  await expect(summary.getByRole("status").first()).toContainText("Ask a question (or preview one)", { timeout: 60_000 });
  await summary.getByRole("button", { name: "Preview for the question" }).click();
  await expect(summary.getByRole("status").first()).toContainText("For “How much did Foxglove Press books cost?”");
  const result = await page.evaluate(() => window.__querylab!.prune().result!);
  // No word of the question names books.list_price; "cost" asks for an amount of money, and books is what it is about.
  expect(result.kept.books).toContain("list_price");
  await expandTable(page, "books");
  const price = columnRow(page, "books", "list_price").locator(".prune-mark");
  await expect(price).toHaveAttribute("aria-label", /^kept, score [\d.]+, .*measure/);
  await expect(price.locator(".reason-measure")).toHaveText("measure");
  await expect(price.locator(".reason-measure")).toHaveAttribute(
    "title",
    "The question asks for the kind of figure its name says it holds (an amount of money, a rating, a quantity, an area)",
  );
});

test("with the tiny model loaded, the dense stage ranks too and is named as a reason", async ({ page }) => {
  test.setTimeout(150_000);
  await openApp(page);
  await loadTinyModel(page);

  await page.getByLabel("Question for the agent").fill("Which employees earn the highest salary?");
  const summary = schemaPanel(page).getByRole("region", { name: "Schema for the question" });
  await summary.getByRole("button", { name: "Preview for the question" }).click();
  await expect(summary.getByRole("status").first()).toContainText("Ranked by dense, lexical, value.");
  const result = await page.evaluate(() => window.__querylab!.prune().result!);
  expect(result.denseUnavailable).toBeUndefined();
  expect(result.kept.employees).toEqual(expect.arrayContaining(["salary"]));
  expect(result.columns.some((column) => column.reasons.includes("dense"))).toBe(true);
  expect(result.columns.every((column) => column.stages.dense !== undefined)).toBe(true);
});
