// A person configures an LLM endpoint (the scripted server over real HTTP), asks a question, and watches the agent work.
import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { alertWith, cell, openApp, resultSummary, runSql } from "./helpers";
import { SCRIPT_ENDED_TEXT, startScriptedLlmServer, toolCall, toolTurn, type Responder, type ScriptedServer } from "./llm-server/scripted-llm-server";

let server: ScriptedServer;

test.beforeAll(async () => {
  server = await startScriptedLlmServer({ requiredApiKey: "sk-test-secret", models: ["scripted-model"], chunkSize: 6, chunkDelayMs: 15 });
});
test.afterAll(async () => {
  await server.close();
});

const GOOD_SQL = "SELECT count(*) AS mystery_books FROM books JOIN genres ON genres.genre_id = books.genre_id WHERE genres.name = 'Mystery'";

function fullRun() {
  return [
    toolTurn(toolCall("sample_values", { table: "genres", column: "name", like: "%myst%" }), "First, how is the genre written?"),
    toolTurn(toolCall("run_sql", { sql: "SELECT count(*) FROM books WHERE genre = 'Mystery'" }), "Count the books of that genre."),
    toolTurn(toolCall("run_sql", { sql: GOOD_SQL }), "books has no genre column; join genres."),
    toolTurn(toolCall("submit_sql", { sql: GOOD_SQL }), "That is the answer."),
  ];
}

/**
 * fullRun with turn 3's answer held until `release` is called, so the test sees the run mid-way however long a busy
 * machine takes to get there (a fixed delay could run out before the test looked).
 */
function fullRunHoldingTurn3(): { script: Responder; release: () => void } {
  const turns = fullRun();
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const script: Responder = async (_request, { conversationTurn }) => {
    if (conversationTurn === 2) await released;
    return turns[conversationTurn] ?? { text: SCRIPT_ENDED_TEXT };
  };
  return { script, release };
}

async function configure(page: Page, apiKey = "sk-test-secret", chooseSharing = true): Promise<void> {
  await page.getByRole("button", { name: "Settings" }).click();
  const dialog = page.getByRole("dialog", { name: "Settings" });
  await dialog.getByLabel("Provider").selectOption("custom");
  await dialog.getByLabel("Base URL").fill(server.url);
  await dialog.getByRole("combobox", { name: "Model", exact: true }).fill("scripted-model");
  await dialog.getByLabel(/^API key/).fill(apiKey);
  await dialog.getByRole("button", { name: "Test connection" }).click();
  if (apiKey === "sk-test-secret") await expect(dialog.getByRole("status")).toHaveText("Connected: 1 model available.");
  else await expect(dialog.getByRole("alert")).toContainText("refused the API key");
  await dialog.getByRole("button", { name: "Close" }).click();
  if (chooseSharing) await page.getByRole("radio", { name: "Schema + example values + query results" }).check();
}

async function ask(page: Page, question: string): Promise<void> {
  await page.getByLabel("Question for the agent").fill(question);
  await page.getByRole("button", { name: "Ask" }).click();
}

const trace = (page: Page) => page.getByRole("complementary", { name: "Agent trace" });

test("a question is answered turn by turn, and the final SQL runs in the editor", async ({ page, baseURL }) => {
  const held = fullRunHoldingTurn3();
  server.setScript(held.script);
  // Every request the page makes, to prove nothing goes anywhere but the app itself and the configured endpoint.
  const requested: { origin: string; bytes: number }[] = [];
  page.on("request", (request) => requested.push({ origin: new URL(request.url()).origin, bytes: request.postDataBuffer()?.byteLength ?? 0 }));
  await openApp(page);
  await configure(page);
  await ask(page, "How many mystery books are there?");

  // Turns appear as they happen: the first two are on screen while the third is still being answered.
  await expect(trace(page).getByRole("listitem", { name: "Turn 2" })).toContainText("run_sql · error: no such column: genre");
  await expect(trace(page).getByRole("listitem", { name: "Turn 3" })).toContainText("thinking…");
  expect(await page.evaluate(() => window.__querylab!.agent().running)).toBe(true);
  await expect(trace(page).getByRole("listitem", { name: "Turn 1" })).toContainText("sample_values genres.name LIKE %myst%");
  held.release();

  await expect(trace(page).getByLabel("Final SQL")).toContainText("mystery_books");
  await expect(trace(page).getByLabel("Totals")).toContainText("4 turns");
  await expect(trace(page).getByRole("listitem", { name: "Turn 3" })).toContainText("1 row");

  // Each turn opens to the raw request and response; the key is not in them.
  const turn1 = trace(page).getByRole("listitem", { name: "Turn 1" });
  await turn1.locator("summary").first().click();
  await turn1.getByText("Raw request and response").click();
  await expect(turn1.locator(".raw")).toContainText('"tools"');
  await expect(turn1.locator(".raw")).not.toContainText("sk-test-secret");

  await trace(page).getByLabel("Final SQL").getByRole("button", { name: "Run" }).click();
  await expect(resultSummary(page)).toHaveText(/^1 row/);
  const count = await page.evaluate(() => window.__querylab!.editor().text);
  expect(count).toBe(GOOD_SQL);
  await expect(cell(page, 1, 1)).toHaveText(/^\d+$/);
  await page.screenshot({ path: "test-results/agent-trace.png" });

  const allowed = new Set([new URL(baseURL!).origin, server.origin]);
  const elsewhere = requested.filter((request) => !allowed.has(request.origin) && !request.origin.startsWith("blob:") && request.origin !== "null");
  expect(elsewhere).toEqual([]);
  expect(requested.filter((request) => request.origin === server.origin).reduce((sum, request) => sum + request.bytes, 0)).toBeGreaterThan(0);

  // The model was told the error of turn 2 and sent the key only to the endpoint.
  const requests = server.chatRequests();
  expect(JSON.stringify(requests[2]!.messages)).toContain("no such column: genre");
  expect(
    server.requests
      .filter((request) => request.method === "POST" && request.path.endsWith("/chat/completions"))
      .every((request) => request.headers.authorization === "Bearer sk-test-secret"),
  ).toBe(true);
});

test("Stop ends a run at once and the app stays usable", async ({ page }) => {
  server.setScript([toolTurn(toolCall("list_tables"), "Looking at the tables."), { fault: { kind: "hang" }, times: "always" }]);
  await openApp(page);
  await configure(page);
  await ask(page, "Which store sells the most?");
  await expect(trace(page).getByRole("listitem", { name: "Turn 2" })).toContainText("waiting for the model");
  await page.getByRole("button", { name: "Stop agent" }).click();
  await expect(trace(page).getByText("Stopped.")).toBeVisible();
  await page.waitForFunction(() => window.__querylab!.agent().running === false);
  await expect(page.getByRole("button", { name: "Ask" })).toBeEnabled();
});

test("a bad key gives a clear error in the trace", async ({ page }) => {
  server.setScript(fullRun());
  await openApp(page);
  await configure(page, "sk-wrong");
  await ask(page, "How many mystery books are there?");
  await expect(alertWith(page, "The provider refused the API key (HTTP 401). Check the key in Settings.")).toBeVisible();
  await page.waitForFunction(() => window.__querylab!.agent().running === false);
});

test("when the trace's code cannot be fetched, the panel says so, the run is still kept, and the editor still runs", async ({ page }) => {
  // The trace's cards load on demand (agent/trace-body.tsx): a deploy that removed the file, or offline without the
  // service worker. The aborted request stands for both.
  await page.route(/\/assets\/trace-body-[^/]*\.js$/, (route) => route.abort());
  server.setScript(fullRun());
  await openApp(page);
  await configure(page);
  await ask(page, "How many mystery books are there?");
  await expect(alertWith(page, "The trace could not be loaded")).toContainText("It is kept in History: reload the page to see it.");
  await page.waitForFunction(() => window.__querylab!.agent().running === false);
  // Kept once the run has ended (History is read again after the save).
  await expect
    .poll(() => page.evaluate(() => window.__querylab!.agent().history.map((entry) => entry.question)))
    .toContain("How many mystery books are there?");
  await runSql(page, "SELECT count(*) AS n FROM books");
  await expect(resultSummary(page)).toHaveText(/^1 row/);
});

test("a finished trace replays step by step, is kept across a reload, and exports without the key", async ({ page }) => {
  server.setScript(fullRun());
  await openApp(page);
  await configure(page);
  await ask(page, "How many mystery books are there?");
  await expect(trace(page).getByLabel("Totals")).toContainText("4 turns");

  await trace(page).getByRole("button", { name: "Replay" }).click();
  await expect(trace(page).getByText(/^Step 1 of \d+$/)).toBeVisible();
  await expect(trace(page).getByRole("listitem", { name: "Turn 1" })).toHaveCount(0);
  await trace(page).getByRole("button", { name: "Next step" }).click();
  await expect(trace(page).getByRole("listitem", { name: "Turn 1" })).toContainText("First, how is the genre written?");
  await expect(trace(page).getByRole("listitem", { name: "Turn 1" })).not.toContainText("sample_values");
  await trace(page).getByRole("button", { name: "Next step" }).click();
  await expect(trace(page).getByRole("listitem", { name: "Turn 1" })).toContainText("sample_values");
  await trace(page).getByRole("button", { name: "Previous step" }).click();
  await expect(trace(page).getByRole("listitem", { name: "Turn 1" })).not.toContainText("sample_values");
  await trace(page).getByRole("button", { name: "Show all" }).click();

  const download = page.waitForEvent("download");
  await trace(page).getByRole("button", { name: "Export trace" }).click();
  const exported = await readFile((await (await download).path())!, "utf8");
  expect(exported).toContain("submit_sql");
  expect(exported).not.toContain("sk-test-secret");

  await page.reload();
  await openApp(page);
  await trace(page)
    .getByText(/^History \(\d+\)$/)
    .click();
  await trace(page).getByRole("list", { name: "Past runs" }).getByRole("button", { name: "How many mystery books are there?" }).first().click();
  await expect(trace(page).getByLabel("Totals")).toContainText("4 turns");

  // Importing a file that is not a trace is refused with a reason.
  await page.getByLabel("Trace file").setInputFiles({ name: "nonsense.json", mimeType: "application/json", buffer: Buffer.from('{"hello": 1}') });
  await expect(alertWith(page, "nonsense.json: The file is not a QueryLab trace")).toBeVisible();
  // And a real one comes back.
  await page.getByLabel("Trace file").setInputFiles({ name: "trace.json", mimeType: "application/json", buffer: Buffer.from(exported) });
  await expect(trace(page).getByLabel("Totals")).toContainText("4 turns");
});

test("nothing is sent before a data-sharing choice, and 'Schema only' sends no value from the data", async ({ page }) => {
  const SQL = await (await import("sql.js")).default();
  const database = new SQL.Database(await readFile("public/samples/bookshop.sqlite"));
  const firstTitle = String(database.exec("SELECT title FROM books LIMIT 1")[0]!.values[0]![0]);
  const mysteryCount = String(database.exec(GOOD_SQL)[0]!.values[0]![0]);
  database.close();

  server.setScript(fullRun());
  server.reset();
  await openApp(page);
  await configure(page, "sk-test-secret", false);
  await ask(page, "How many mystery books are there?");
  await expect(alertWith(page, "Choose what may be sent to the model")).toBeVisible();
  expect(server.chatRequests()).toHaveLength(0);

  await page.getByRole("radio", { name: "Schema only" }).check();
  await page.getByRole("button", { name: "Ask" }).click();
  await expect(trace(page).getByLabel("Totals")).toContainText("4 turns");
  const sent = JSON.stringify(server.chatRequests());
  expect(sent).toContain("CREATE TABLE books");
  expect(sent).not.toContain(firstTitle);
  expect(sent).toContain("values withheld by the person's data-sharing setting");
  // The person still sees the rows in the page; only the model did not.
  await expect(trace(page).getByRole("listitem", { name: "Turn 3" })).toContainText("1 row");
  expect(sent).not.toContain(`"${mysteryCount}"`);
  await page.reload();
  await openApp(page);
  await expect(page.getByRole("radio", { name: "Schema only" })).toBeChecked();
});
