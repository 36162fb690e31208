// The value index on screen: built in the SQLite worker once, reused from IndexedDB after a reload (the status line says which), pruning still matches values after the reuse, and a write indexes the new content.
import { expect, test, type Page } from "@playwright/test";
import { configureScriptedLlm, openApp, runSql, waitForReady } from "./helpers";
import { startScriptedLlmServer, toolCall, toolTurn, type ScriptedServer } from "./llm-server/scripted-llm-server";

let server: ScriptedServer;

test.beforeAll(async () => {
  server = await startScriptedLlmServer({ models: ["scripted-model"] });
});
test.afterAll(async () => {
  await server.close();
});

const valueStatus = (page: Page) => page.getByRole("contentinfo", { name: "Status" }).locator(".value-index-status");

async function askAndPrune(page: Page, question: string, sql: string): Promise<void> {
  server.setScript([toolTurn(toolCall("submit_sql", { sql }), "Answer.")]);
  await page.getByLabel("Question for the agent").fill(question);
  await page.getByRole("button", { name: "Ask" }).click();
  await expect(page.getByRole("complementary", { name: "Agent trace" }).getByLabel("Final SQL")).toContainText(sql);
}

test("the value index is built once, reused after a reload, still matches values, and is built again after a write", async ({ page }) => {
  // The site's own index of the sample (e2e/shipped-samples.spec.ts) is kept away: this is the worker's build.
  await page.route("**/samples/bookshop.sqlite.values-*.bin", (route) => route.fulfill({ status: 404, body: "Not found" }));
  await openApp(page);
  // First visit: the worker reads the values and the page keeps the index.
  await expect(valueStatus(page)).toHaveAttribute("data-source", "built", { timeout: 30_000 });
  await expect(valueStatus(page)).toContainText(/^[\d,]+ values · indexed in [\d.]+ s$/);
  const builtText = await valueStatus(page).textContent();
  const count = builtText!.split(" ")[0];

  // The same database after a reload: the index comes from this browser, with the same number of values.
  await page.reload();
  await waitForReady(page);
  await expect(valueStatus(page)).toHaveAttribute("data-source", "kept", { timeout: 30_000 });
  await expect(valueStatus(page)).toContainText(new RegExp(`^${count} values · reused from this browser in [\\d.]+ s$`));

  // Pruning after the reuse still finds 'Gold' among the stored values.
  await configureScriptedLlm(page, server.url);
  await askAndPrune(page, "How many customers are in the gold loyalty tier?", "SELECT count(*) FROM customers WHERE loyalty_tier = 'Gold'");
  const gold = await page.evaluate(() =>
    window.__querylab!.prune().result!.columns.find((column) => column.table === "customers" && column.column === "loyalty_tier"),
  );
  expect(gold).toMatchObject({ kept: true, reasons: expect.arrayContaining(["value"]), matchedValue: "Gold" });

  // A write is new content: its values are read again (not reused), and the new value is matched.
  await runSql(page, "UPDATE customers SET loyalty_tier = 'Obsidian' WHERE customer_id = 1");
  await expect(valueStatus(page)).toHaveAttribute("data-source", "built", { timeout: 30_000 });
  // A new thread, so the earlier question (which names 'gold') is not part of what is pruned.
  await page.getByRole("complementary", { name: "Agent trace" }).getByRole("region", { name: "Thread" }).getByRole("button", { name: "New thread" }).click();
  await askAndPrune(page, "Which customers are obsidian members?", "SELECT * FROM customers WHERE loyalty_tier = 'Obsidian'");
  const obsidian = await page.evaluate(() =>
    window.__querylab!.prune().result!.columns.find((column) => column.table === "customers" && column.column === "loyalty_tier"),
  );
  expect(obsidian).toMatchObject({ kept: true, matchedValue: "Obsidian" });
});
