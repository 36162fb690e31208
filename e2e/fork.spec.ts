// Forking a trace: a person changes the SQL of one step, the (scripted) model goes on from there, and the original and the
// fork both stay: switched between, compared side by side, kept across a reload and exported with the trace.
import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { configureScriptedLlm, openApp, waitForReady } from "./helpers";
import type { ChatRequest } from "./llm-server/openai-wire-format";
import { startScriptedLlmServer, toolCall, toolTurn, type ScriptedServer, type ScriptedTurn } from "./llm-server/scripted-llm-server";

let server: ScriptedServer;

const BAD_SQL = "SELECT count(*) FROM books WHERE genre = 'Mystery'";
const MYSTERY_SQL = "SELECT count(*) AS books FROM books JOIN genres ON genres.genre_id = books.genre_id WHERE genres.name = 'Mystery'";
const ALL_BOOKS_SQL = "SELECT count(*) AS books FROM books";

/** The last query the conversation ran: the scripted model submits it, so a fork's changed query becomes its answer. */
function lastQueryRun(request: ChatRequest): string | undefined {
  const calls = request.messages.flatMap((message) => message.tool_calls ?? []).filter((call) => call.function.name === "run_sql");
  const last = calls.at(-1);
  return last ? (JSON.parse(last.function.arguments) as { sql: string }).sql : undefined;
}

/** Fails once, corrects itself, then submits whatever it ran last. */
function followingModel(request: ChatRequest, { conversationTurn }: { conversationTurn: number }): ScriptedTurn {
  if (conversationTurn === 0) return toolTurn(toolCall("run_sql", { sql: BAD_SQL }), "Count the books of that genre.");
  if (conversationTurn === 1) return toolTurn(toolCall("run_sql", { sql: MYSTERY_SQL }), "books has no genre column; join genres.");
  return toolTurn(toolCall("submit_sql", { sql: lastQueryRun(request) ?? "SELECT 1" }), "That is the answer.");
}

test.beforeAll(async () => {
  server = await startScriptedLlmServer({ models: ["scripted-model"], script: followingModel });
});
test.afterAll(async () => {
  await server.close();
});

const panel = (page: Page) => page.getByRole("complementary", { name: "Agent trace" });
const branches = (page: Page) => panel(page).getByRole("group", { name: "Branches" });
const finalSql = (page: Page) => panel(page).getByLabel("Final SQL");
const idle = (page: Page) => page.waitForFunction(() => window.__querylab!.agent().running === false);

test("a fork from a changed query: the model goes on, both branches stay, compared, after a reload and in the export", async ({ page }) => {
  // Two agent runs and a reload in one test: more than most specs do.
  test.slow();
  await openApp(page);
  await configureScriptedLlm(page, server.url);
  await page.getByLabel("Question for the agent").fill("How many mystery books are there?");
  await page.getByRole("button", { name: "Ask" }).click();
  await expect(finalSql(page)).toContainText("genres.name = 'Mystery'");
  await idle(page);
  await expect(branches(page)).toHaveCount(0);
  server.reset();

  // Fork at turn 2: its query changed, then the model takes turn 3.
  const turn2 = panel(page).getByRole("listitem", { name: "Turn 2" });
  await turn2.locator("summary").first().click();
  await turn2.getByRole("button", { name: "Fork from here" }).click();
  await turn2.getByLabel("SQL for the fork (turn 2)").fill(ALL_BOOKS_SQL);
  await turn2.getByRole("button", { name: "Continue with the model" }).click();
  await expect(branches(page).getByRole("button", { name: "Fork 1" })).toHaveAttribute("aria-pressed", "true");
  await expect(finalSql(page)).toContainText(ALL_BOOKS_SQL);
  await idle(page);

  // One model call: turn 3, told the changed query and its rows; the earlier turns are the original's, run again.
  const requests = server.chatRequests();
  expect(requests).toHaveLength(1);
  expect(JSON.stringify(requests[0]!.messages)).toContain(ALL_BOOKS_SQL);
  expect(JSON.stringify(requests[0]!.messages)).not.toContain("genres.name = 'Mystery'");
  await expect(panel(page).getByRole("listitem", { name: "Turn 1" })).toContainText("run_sql · error: no such column: genre");
  await expect(panel(page).getByRole("listitem", { name: "Turn 2" })).toContainText("run_sql (changed in this fork)");
  await expect(panel(page).getByRole("listitem", { name: "Turn 3" })).toContainText("submit_sql");

  // The original is still there as it was.
  await branches(page).getByRole("button", { name: "Original" }).click();
  await expect(finalSql(page)).toContainText("genres.name = 'Mystery'");
  await expect(panel(page).getByRole("listitem", { name: "Turn 2" })).not.toContainText("changed in this fork");

  // Side by side: each run's final SQL and rows, and the turn where the fork parts from the original.
  const compareBranches = async () => {
    await branches(page).getByRole("button", { name: "Compare" }).click();
    const comparison = panel(page).getByRole("region", { name: "Compare branches" });
    await expect(comparison.getByLabel("SQL of Original")).toContainText("genres.name = 'Mystery'");
    await expect(comparison.getByLabel("SQL of Fork 1")).toContainText(ALL_BOOKS_SQL);
    await expect(comparison.getByRole("region", { name: "Fork 1" })).toContainText(
      "Forked from Original at turn 2, its SQL changed. It differs from turn 2 on.",
    );
    const rows = comparison.locator(".small-result");
    await expect(rows).toHaveCount(2);
    // Different questions asked of the same books: the fork counts all of them, the original only the mysteries.
    const [mysteries, all] = await Promise.all([rows.nth(0).getByRole("cell").first().textContent(), rows.nth(1).getByRole("cell").first().textContent()]);
    expect(Number(all)).toBeGreaterThan(Number(mysteries));
  };
  await compareBranches();
  await panel(page).scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/fork-compare.png" });

  // Kept with the thread: a reload brings both back.
  await page.reload();
  await waitForReady(page);
  await expect(branches(page).getByRole("button", { name: "Fork 1" })).toBeVisible();
  await expect(finalSql(page)).toContainText("genres.name = 'Mystery'");
  await branches(page).getByRole("button", { name: "Fork 1" }).click();
  await expect(finalSql(page)).toContainText(ALL_BOOKS_SQL);
  await compareBranches();

  // Exported with the trace.
  const download = page.waitForEvent("download");
  await panel(page).getByRole("button", { name: "Export trace" }).click();
  const exported = JSON.parse(await readFile((await (await download).path())!, "utf8")) as {
    branches: { edit: { kind: string; turn: number; sql: string }; events: { type: string; sql?: string }[] }[];
  };
  expect(exported.branches).toHaveLength(1);
  expect(exported.branches[0]!.edit).toMatchObject({ kind: "sql", turn: 2, sql: ALL_BOOKS_SQL });
  expect(exported.branches[0]!.events.find((event) => event.type === "final")?.sql).toBe(ALL_BOOKS_SQL);
});
