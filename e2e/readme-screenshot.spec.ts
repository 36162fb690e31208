// The README's picture of the agent answering: a question on the Bookshop sample, the turns (one error corrected),
// the final SQL run in the editor. `UPDATE_SCREENSHOTS=1` writes it to docs/; otherwise to test-results/.
import { expect, test } from "@playwright/test";
import { configureScriptedLlm, openApp, resultSummary } from "./helpers";
import { startScriptedLlmServer, toolCall, toolTurn, type ScriptedServer } from "./llm-server/scripted-llm-server";

let server: ScriptedServer;

const ANSWER = [
  "SELECT g.name AS genre, SUM(oi.quantity) AS copies_sold",
  "FROM order_items AS oi",
  "JOIN orders AS o ON o.order_id = oi.order_id",
  "JOIN books AS b ON b.book_id = oi.book_id",
  "JOIN genres AS g ON g.genre_id = b.genre_id",
  "WHERE o.order_date >= '2024-01-01' AND o.order_date < '2025-01-01'",
  "  AND o.status NOT IN ('Cancelled', 'Returned')",
  "GROUP BY g.name",
  "ORDER BY copies_sold DESC",
  "LIMIT 5",
].join("\n");

test.beforeAll(async () => {
  server = await startScriptedLlmServer({
    chunkSize: 12,
    script: [
      toolTurn(toolCall("sample_values", { table: "orders", column: "status" }), "First, which order statuses count as a sale?"),
      toolTurn(
        toolCall("run_sql", { sql: "SELECT b.genre, SUM(oi.quantity) FROM order_items AS oi JOIN books AS b ON b.book_id = oi.book_id GROUP BY b.genre" }),
        "Sum the copies per genre.",
      ),
      toolTurn(toolCall("run_sql", { sql: ANSWER }), "books has no genre column; the genre name is in genres. Join it and keep 2024's completed orders."),
      toolTurn(toolCall("submit_sql", { sql: ANSWER }), "Five genres, most copies first."),
    ],
  });
});
test.afterAll(async () => {
  await server.close();
});

test("the agent answers a question turn by turn, and its SQL runs in the editor", async ({ page }) => {
  await openApp(page);
  // The README's picture shows the sample as it is kept (read on demand for its first moments, its tables not yet counted).
  await page.waitForFunction(() => window.__querylab?.database().current?.saveState === "saved");
  await configureScriptedLlm(page, server.url);
  await page.getByLabel("Question for the agent").fill("Which five genres sold the most copies in 2024?");
  await page.getByRole("button", { name: "Ask" }).click();
  const trace = page.getByRole("complementary", { name: "Agent trace" });
  await expect(trace.getByRole("listitem", { name: "Turn 2" })).toContainText("no such column: b.genre");
  await expect(trace.getByLabel("Final SQL")).toContainText("copies_sold");
  await trace.getByLabel("Final SQL").getByRole("button", { name: "Run" }).click();
  await expect(resultSummary(page)).toHaveText(/^5 rows/);
  const path = process.env.UPDATE_SCREENSHOTS === "1" ? "docs/agent-answer.png" : "test-results/agent-answer.png";
  await page.screenshot({ path });
});
