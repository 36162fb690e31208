// Candidate voting in the page: five candidates at the candidate temperature, three agree on the right rows and two
// differ; the page answers with the three's query, shows the groups (SQL, rows, size, the winner marked) and each candidate.
import { expect, test, type Page } from "@playwright/test";
import { configureScriptedLlm, databaseBytes, openApp } from "./helpers";
import { conversationTurnOf, startScriptedLlmServer, toolCall, type ScriptedServer } from "./llm-server/scripted-llm-server";

let server: ScriptedServer;

test.beforeAll(async () => {
  server = await startScriptedLlmServer({ models: ["scripted-model"], chunkSize: 20 });
});
test.afterAll(async () => {
  await server.close();
});

const RIGHT = "SELECT count(*) AS mystery_books FROM books JOIN genres ON genres.genre_id = books.genre_id WHERE genres.name = 'Mystery'";
const RIGHT_AGAIN = "select count(*) as mystery_books from books join genres on genres.genre_id = books.genre_id where genres.name = 'Mystery';";
const RIGHT_OTHER = "SELECT count(*) FROM books WHERE genre_id IN (SELECT genre_id FROM genres WHERE name = 'Mystery')";
const WRONG_ALL = "SELECT count(*) FROM books";
const WRONG_LIKE = "SELECT count(*) FROM books JOIN genres ON genres.genre_id = books.genre_id WHERE genres.name LIKE '%y%'";
/** RIGHT as either candidate wrote it: the candidates run at once, so which of the two alike is listed depends on
 * which request reached the server first (CI saw both). */
const RIGHT_EITHER_SPELLING = new RegExp(RIGHT.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") + ";?", "i");
/** What each candidate submits, by the order its first request arrives: three right (two written alike), two wrong. */
const ANSWERS = [RIGHT, WRONG_ALL, RIGHT_AGAIN, WRONG_LIKE, RIGHT_OTHER];

function scriptVoters(): void {
  let next = 0;
  server.reset();
  server.setScript((request) => {
    if (conversationTurnOf(request) > 0) return { text: "Done." };
    const sql = ANSWERS[next++ % ANSWERS.length]!;
    return { text: "Counting.", toolCalls: [toolCall("submit_sql", { sql })], usage: { prompt_tokens: 1000, completion_tokens: 50 } };
  });
}

const trace = (page: Page) => page.getByRole("complementary", { name: "Agent trace" });

async function turnOnVoting(page: Page, candidates = 5): Promise<void> {
  await page.getByRole("button", { name: "Settings" }).click();
  const voting = page.getByRole("dialog", { name: "Settings" }).getByRole("region", { name: "Candidate voting" });
  await voting.getByLabel("Candidates per question").fill(String(candidates));
  await voting.getByLabel("Candidate temperature").fill("0.8");
  await page.getByRole("dialog", { name: "Settings" }).getByRole("button", { name: "Close" }).click();
}

async function ask(page: Page, question: string): Promise<void> {
  await page.getByLabel("Question for the agent").fill(question);
  await page.getByRole("button", { name: "Ask" }).click();
}

test("five candidates, three agreeing on the right count: the page answers with their query and shows the groups", async ({ page }) => {
  scriptVoters();
  await openApp(page);
  await configureScriptedLlm(page, server.url);
  await turnOnVoting(page);
  // Before any question there is nothing to estimate tokens from; the extra runs are said.
  await expect(page.getByLabel("Voting estimate")).toHaveText(
    "Voting: 5 candidates at temperature 0.8: 4 extra agent runs; their tokens and cost are estimated once a question has been asked with this model.",
  );
  await ask(page, "How many mystery books are there?");

  const vote = trace(page).getByRole("region", { name: "Vote" });
  await expect(vote.getByRole("heading")).toHaveText("Vote of 5 candidates at temperature 0.8");
  await expect(vote).toContainText("Winner: the largest group: 3 of 5 candidates.");
  const winner = vote.getByRole("listitem", { name: "Group 1 (winner)" });
  await expect(winner).toContainText("Winner · 3 candidates");
  await expect(winner).toContainText("1 row · mystery_books");
  // The query two candidates wrote alike stands first; the third's own query is listed under it.
  await expect(winner.locator(".vote-query").first()).toContainText("2×");
  await expect(winner.locator(".vote-query").first()).toContainText(RIGHT_EITHER_SPELLING);
  await expect(winner.locator(".vote-query").nth(1)).toContainText(RIGHT_OTHER);
  await expect(vote.getByRole("listitem", { name: /^Group \d$/ })).toHaveCount(2);
  await expect(vote.getByRole("listitem", { name: "Group 2" })).toContainText("1 candidate");

  // The answer is the winning group's most frequent query, and its rows.
  await expect(trace(page).getByLabel("Final SQL", { exact: true })).toContainText(RIGHT_EITHER_SPELLING);
  // Each candidate is there, collapsed, with where its answer went.
  const candidates = trace(page).getByRole("list", { name: "Candidates" });
  await expect(candidates.getByRole("listitem", { name: /^Candidate \d$/ })).toHaveCount(5);
  await expect(candidates.getByText(/winner's group/)).toHaveCount(3);
  const first = candidates.getByRole("listitem", { name: "Candidate 1" });
  await first.locator("summary").first().click();
  await expect(first.getByRole("listitem", { name: "Turn 1" })).toContainText("submit_sql");
  // Every candidate's tokens count: five runs of 1,000 in and 50 out.
  await expect(trace(page).getByLabel("Totals")).toContainText("5,000 tokens in · 250 out");

  // Every request was made at the candidate temperature.
  expect(server.chatRequests().map((request) => request.temperature)).toEqual([0.8, 0.8, 0.8, 0.8, 0.8]);
  // With a question asked, the next one's extra runs are estimated from it: four runs of 1,000 in and 50 out.
  await expect(page.getByLabel("Voting estimate")).toContainText("about 4,000 tokens in and 200 out more");
  await trace(page).screenshot({ path: "test-results/candidate-voting-trace.png" });
});

test("Stop ends every candidate and no vote is taken", async ({ page }) => {
  server.reset();
  server.setScript([{ fault: { kind: "hang" }, times: "always" }]);
  await openApp(page);
  await configureScriptedLlm(page, server.url);
  await turnOnVoting(page);
  await ask(page, "How many mystery books are there?");
  await expect.poll(() => server.chatRequests().length).toBe(5);
  await expect(trace(page).getByText("Candidates: 0 of 5 finished…")).toBeVisible();
  await page.getByRole("button", { name: "Stop agent" }).click();
  await expect(trace(page).getByText("Stopped.")).toBeVisible();
  await expect(trace(page).getByRole("region", { name: "Vote" })).toHaveCount(0);
  await expect(
    trace(page)
      .getByRole("list", { name: "Candidates" })
      .getByText(/stopped/),
  ).toHaveCount(5);
});

test("the benchmark view puts the accuracy with voting beside candidate 1's alone, over the same questions", async ({ page }) => {
  test.setTimeout(120_000);
  const QUESTIONS = [
    { db_id: "shop", question: "How many items are there?", query: "SELECT count(*) FROM item" },
    { db_id: "shop", question: "Which items cost less than 5?", query: "SELECT name FROM item WHERE price < 5" },
  ];
  // By arrival: every candidate counts right; on the price question two of three write <= (wrong), so the vote is wrong.
  const answers: Record<string, string[]> = {
    [QUESTIONS[0]!.question]: ["SELECT count(*) FROM item"],
    [QUESTIONS[1]!.question]: ["SELECT name FROM item WHERE price <= 5", "SELECT name FROM item WHERE price < 5", "SELECT name FROM item WHERE price <= 5.0"],
  };
  const asked = new Map<string, number>();
  server.reset();
  server.setScript((request) => {
    if (conversationTurnOf(request) > 0) return { text: "Done." };
    const question = QUESTIONS.find((entry) => JSON.stringify(request.messages).includes(entry.question))?.question ?? "";
    const count = asked.get(question) ?? 0;
    asked.set(question, count + 1);
    const list = answers[question] ?? ["SELECT 1"];
    return { toolCalls: [toolCall("submit_sql", { sql: list[count % list.length]! })] };
  });
  const { zipSync } = await import("fflate");
  const database = new Uint8Array(
    await databaseBytes("CREATE TABLE item(id INTEGER PRIMARY KEY, name TEXT, price REAL); INSERT INTO item VALUES (1,'pen',2.5),(2,'book',12),(3,'mug',5);"),
  );
  const zip = Buffer.from(zipSync({ "shop/dev.json": new TextEncoder().encode(JSON.stringify(QUESTIONS)), "shop/database/shop/shop.sqlite": database }));

  await openApp(page);
  await configureScriptedLlm(page, server.url);
  await turnOnVoting(page, 3);
  await page.getByRole("button", { name: "Benchmark" }).click();
  const view = page.getByRole("region", { name: "Benchmark" });
  await view.getByLabel("Benchmark zip").setInputFiles({ name: "shop.zip", mimeType: "application/zip", buffer: zip });
  await expect(view.getByText(/2 questions · 1 database/)).toBeVisible();
  await view.getByLabel("Concurrency").fill("1");
  await view.getByRole("button", { name: "Run benchmark" }).click();
  await expect(view.getByRole("status", { name: "Benchmark status" })).toContainText("done · 2 of 2 · accuracy 50.0% (1/2)", { timeout: 90_000 });
  expect(server.chatRequests()).toHaveLength(6);

  const comparison = view.getByRole("table", { name: "Accuracy with and without voting" });
  const row = comparison.getByRole("row", { name: /scripted-model/ });
  await expect(row.getByRole("rowheader")).toHaveText("scripted-model (3 candidates)");
  await expect(row.getByRole("cell").nth(0)).toHaveText("50.0% (1/2)");
  // Candidate 1 is whichever price answer came first: right (the vote broke it) or wrong (no change).
  const without = await row.getByRole("cell").nth(1).textContent();
  expect(["100.0% (2/2)", "50.0% (1/2)"]).toContain(without);
  await expect(row.getByRole("cell").nth(2)).toHaveText(without === "100.0% (2/2)" ? "+0 / −1" : "+0 / −0");
  await comparison.screenshot({ path: "test-results/candidate-voting-benchmark.png" });

  // The miss opens to its vote: the wrong group of two won over the right one.
  await view.getByRole("table", { name: "Benchmark results" }).getByRole("button", { name: "Details of question 2" }).click();
  const details = view.getByRole("region", { name: "Trace of this question" });
  await expect(details.getByRole("region", { name: "Vote" })).toContainText("Winner: the largest group: 2 of 3 candidates.");
  await expect(details.getByRole("listitem", { name: "Group 1 (winner)" })).toContainText("2 candidates");
  await expect(details.getByRole("list", { name: "Candidates" }).getByRole("listitem", { name: /^Candidate \d$/ })).toHaveCount(3);
});
