// Nothing from a database, a file name, an LLM reply or an imported trace is rendered as HTML or run as code.
import { expect, test, type Page } from "@playwright/test";
import { alertWith, configureScriptedLlm, databaseBytes, openApp, runSql } from "./helpers";
import { startScriptedLlmServer, toolCall, toolTurn, type ScriptedServer } from "./llm-server/scripted-llm-server";

const HOSTILE = `<img src=x onerror="window.__pwned=(window.__pwned||0)+1">`;
const quoted = HOSTILE.replaceAll('"', '""');

let server: ScriptedServer;
test.beforeAll(async () => {
  server = await startScriptedLlmServer({
    script: [
      toolTurn(toolCall("run_sql", { sql: `SELECT "${quoted}" FROM "${quoted}"` }), `Thinking ${HOSTILE} <script>window.__pwned=99</script>`),
      toolTurn(toolCall("submit_sql", { sql: `SELECT '${HOSTILE.replaceAll("'", "''")}' AS x` }), HOSTILE),
    ],
  });
});
test.afterAll(async () => {
  await server.close();
});

async function pwned(page: Page): Promise<unknown> {
  return page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned);
}

test("hostile table names, column names, comments, cells, model output and traces stay text", async ({ page }) => {
  const bytes = await databaseBytes(`CREATE TABLE "${quoted}" (
  "${quoted}" TEXT -- ${HOSTILE}
);
INSERT INTO "${quoted}" VALUES ('${HOSTILE.replaceAll("'", "''")}');`);
  await openApp(page);
  await page.getByLabel("Database file").setInputFiles({ name: `${HOSTILE}.sqlite`, mimeType: "application/octet-stream", buffer: bytes });
  await expect(page.getByLabel("Open database")).toHaveText(`${HOSTILE}.sqlite`);
  const schema = page.getByRole("navigation", { name: "Schema" });
  await schema.getByText(HOSTILE, { exact: true }).first().click();
  await expect(schema.getByText(HOSTILE, { exact: true })).toHaveCount(3); // table, column, comment
  await runSql(page, `SELECT * FROM "${quoted}"`);
  await expect(page.getByRole("grid", { name: "Query result" }).getByRole("gridcell", { name: HOSTILE })).toBeVisible();

  // The agent's thought, its SQL, the observation and the final answer carry the same text.
  await configureScriptedLlm(page, server.url);
  await page.getByLabel("Question for the agent").fill(`What is in ${HOSTILE}?`);
  await page.getByRole("button", { name: "Ask" }).click();
  const trace = page.getByRole("complementary", { name: "Agent trace" });
  await expect(trace.getByLabel("Totals")).toContainText("2 turns");
  const turn1 = trace.getByRole("listitem", { name: "Turn 1" });
  if (!(await turn1.locator("details").first().getAttribute("open"))) await turn1.locator("summary").first().click();
  await expect(turn1.getByText(`Thinking ${HOSTILE} <script>window.__pwned=99</script>`)).toBeVisible();
  await expect(trace.getByRole("heading", { name: `What is in ${HOSTILE}?` })).toBeVisible();

  // An imported trace with hostile text is shown as text too.
  const hostileTrace = {
    version: 1,
    id: "t",
    question: HOSTILE,
    databaseName: HOSTILE,
    model: HOSTILE,
    baseUrl: "http://x",
    createdAt: 1,
    events: [
      { type: "run-start", runId: "r", question: HOSTILE, model: HOSTILE, baseUrl: "http://x", protocol: "tools", systemPrompt: "", startedAt: 1 },
      { type: "turn-start", turn: 1 },
      { type: "text-delta", turn: 1, text: HOSTILE },
      { type: "tool-call", turn: 1, toolCallId: "a", tool: HOSTILE, input: { sql: HOSTILE } },
      { type: "observation", turn: 1, toolCallId: "a", tool: HOSTILE, ok: false, text: HOSTILE },
    ],
  };
  await page
    .getByLabel("Trace file")
    .setInputFiles({ name: `${HOSTILE}.json`, mimeType: "application/json", buffer: Buffer.from(JSON.stringify(hostileTrace)) });
  // Exact: the run's own heading ("What is in …?") holds the same text, and the import must have ended.
  await expect(trace.getByRole("heading", { name: HOSTILE, exact: true })).toBeVisible();
  // And a rejected file's name appears as text in the message.
  await page.getByLabel("Trace file").setInputFiles({ name: `${HOSTILE}.json`, mimeType: "application/json", buffer: Buffer.from("{}") });
  await expect(alertWith(page, `${HOSTILE}.json: The file is not a QueryLab trace`)).toBeVisible();

  expect(await pwned(page)).toBeUndefined();
  expect(await page.locator("img[src=x]").count()).toBe(0);
  expect(await page.locator("#root script").count()).toBe(0);
});
