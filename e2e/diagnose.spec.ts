// Diagnose on the Bookshop sample: a query whose WHERE returns nothing, its clause stages with row counts, the
// condition at fault marked in words, and the query plan as a tree.
import { expect, test } from "@playwright/test";
import { configureScriptedLlm, openApp, setSql } from "./helpers";
import { startScriptedLlmServer, toolCall, toolTurn } from "./llm-server/scripted-llm-server";

const EMPTY_QUERY =
  "SELECT b.title, p.name FROM books b JOIN publishers p ON p.publisher_id = b.publisher_id WHERE p.country = 'United States' AND b.format = 'Audiobook' ORDER BY b.title";

test("Diagnose shows the clause stages and marks the WHERE condition that leaves no rows", async ({ page }) => {
  await openApp(page);
  await setSql(page, EMPTY_QUERY);
  await page.getByRole("button", { name: "Diagnose" }).click();

  const panel = page.getByRole("region", { name: "Diagnosis" });
  const stages = panel.getByRole("list", { name: "Clause stages" });
  await expect(stages.getByRole("listitem")).toHaveCount(5);
  const counts = await page.evaluate(async (sql) => {
    const engine = window.__querylab!.engine();
    const count = async (text: string) => {
      const outcome = await engine.executeReadOnly(text, { maxRows: 0 });
      return outcome.ok ? outcome.rowCount : -1;
    };
    return {
      join: await count("SELECT * FROM books b JOIN publishers p ON p.publisher_id = b.publisher_id"),
      american: await count("SELECT * FROM books b JOIN publishers p ON p.publisher_id = b.publisher_id WHERE p.country = 'United States'"),
      whole: await count(sql),
    };
  }, EMPTY_QUERY);
  expect(counts.join).toBeGreaterThan(counts.american);
  expect(counts.american).toBeGreaterThan(0);
  expect(counts.whole).toBe(0);

  const stage = (name: string) => stages.getByRole("listitem", { name });
  await expect(stage("Stage 1: FROM/JOIN")).toContainText(`${counts.join.toLocaleString("en-US")} rows`);
  await expect(stage("Stage 2: WHERE p.country = 'United States'")).toContainText(`${counts.american.toLocaleString("en-US")} rows`);
  const atFault = stage("Stage 3: WHERE b.format = 'Audiobook'");
  await expect(atFault).toContainText("0 rows");
  // Marked in words, not by colour alone, and only there.
  await expect(atFault).toContainText("Rows drop to zero here");
  await expect(stages.getByText("Rows drop to zero here")).toHaveCount(1);
  await expect(panel.getByRole("status")).toContainText("rows drop to zero at stage 3: WHERE b.format = 'Audiobook'");

  // The stage's SQL is there to read, and runs as shown.
  await atFault.getByText("Stage SQL").click();
  await expect(atFault.locator("pre")).toHaveText(
    "SELECT * FROM books b JOIN publishers p ON p.publisher_id = b.publisher_id WHERE p.country = 'United States' AND b.format = 'Audiobook'",
  );

  const plan = panel.getByRole("list", { name: "Query plan" });
  await expect(plan).toContainText(/SCAN|SEARCH/);
  await expect(plan.getByRole("listitem").first()).toBeVisible();

  await page.screenshot({ path: "test-results/diagnose.png" });

  await panel.getByRole("button", { name: "Close diagnosis" }).click();
  await expect(panel).toHaveCount(0);
});

test("a statement that is not a SELECT is refused with the reason", async ({ page }) => {
  await openApp(page);
  await setSql(page, "DELETE FROM books WHERE 1 = 0");
  await page.getByRole("button", { name: "Diagnose" }).click();
  await expect(page.getByRole("region", { name: "Diagnosis" }).getByRole("alert")).toContainText(
    "Cannot diagnose: Only SELECT queries can be broken down into clauses; this is DELETE.",
  );
});

test("the agent's final SQL and each turn's SQL can be diagnosed from the trace", async ({ page }) => {
  const server = await startScriptedLlmServer({
    script: [
      toolTurn(toolCall("run_sql", { sql: EMPTY_QUERY }), "Find American audiobooks."),
      toolTurn(toolCall("submit_sql", { sql: EMPTY_QUERY }), "None, it seems."),
    ],
  });
  try {
    await openApp(page);
    await configureScriptedLlm(page, server.url);
    await page.getByLabel("Question for the agent").fill("Which audiobooks come from American publishers?");
    await page.getByRole("button", { name: "Ask" }).click();
    const trace = page.getByRole("complementary", { name: "Agent trace" });
    await trace.getByRole("button", { name: "Diagnose the answer" }).click();
    const panel = page.getByRole("region", { name: "Diagnosis" });
    await expect(panel.getByRole("status")).toContainText("rows drop to zero at stage 3: WHERE b.format = 'Audiobook'");
    await panel.getByRole("button", { name: "Close diagnosis" }).click();

    const turn1 = trace.getByRole("listitem", { name: "Turn 1" });
    await turn1.locator("summary").first().click();
    await turn1.getByRole("button", { name: "Diagnose the query of turn 1" }).click();
    await expect(panel.getByRole("list", { name: "Clause stages" }).getByRole("listitem")).toHaveCount(5);
  } finally {
    await server.close();
  }
});
