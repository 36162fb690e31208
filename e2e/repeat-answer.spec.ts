// A model that answers in prose and never calls submit_sql: the query it ran twice is taken as the answer, and the
// trace says so in the turn that repeated it.
import { expect, test } from "@playwright/test";
import { configureScriptedLlm, openApp } from "./helpers";
import { startScriptedLlmServer, textTurn, type ScriptedServer } from "./llm-server/scripted-llm-server";

let server: ScriptedServer;

test.beforeAll(async () => {
  server = await startScriptedLlmServer({ models: ["scripted-model"], chunkSize: 8 });
});
test.afterAll(async () => {
  await server.close();
});

const SQL = "SELECT count(*) AS books FROM books";

test("a query run twice without a submission is taken as the answer, and the turn card says so", async ({ page }) => {
  // The same prose reply every turn, as a model that ignores the tools does.
  server.setScript(() => textTurn(`Counting the books:\n\n\`\`\`sql\n${SQL}\n\`\`\`\n\nThat should do it.`));
  await openApp(page);
  await configureScriptedLlm(page, server.url);
  await page.getByLabel("Question for the agent").fill("How many books are there?");
  await page.getByRole("button", { name: "Ask" }).click();

  const trace = page.getByRole("complementary", { name: "Agent trace" });
  await expect(trace.getByLabel("Final SQL")).toContainText("count(*) AS books");
  const turn2 = trace.getByRole("listitem", { name: "Turn 2" });
  await expect(turn2).toContainText("submit_sql (taken by QueryLab)");
  await turn2.locator("summary").first().click();
  await expect(turn2.getByRole("status")).toHaveText("Taken as the answer: the model ran this query without error in turns 1 and 2 and did not submit it.");
  await expect(trace.getByRole("listitem", { name: "Turn 3" })).toHaveCount(0);
  expect(server.chatRequests()).toHaveLength(2);
});
