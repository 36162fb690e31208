// Candidate voting in the page: five candidates at the candidate temperature, three agree on the right rows and two
// differ; the page answers with the three's query, shows the groups (SQL, rows, size, the winner marked) and each candidate.
import { expect, test, type Page } from "@playwright/test";
import { configureScriptedLlm, openApp } from "./helpers";
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

async function turnOnVoting(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Settings" }).click();
  const voting = page.getByRole("dialog", { name: "Settings" }).getByRole("region", { name: "Candidate voting" });
  await voting.getByLabel("Candidates per question").fill("5");
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
  await expect(winner.locator(".vote-query").first()).toContainText(`2×${RIGHT}`);
  await expect(winner.locator(".vote-query").nth(1)).toContainText(RIGHT_OTHER);
  await expect(vote.getByRole("listitem", { name: /^Group \d$/ })).toHaveCount(2);
  await expect(vote.getByRole("listitem", { name: "Group 2" })).toContainText("1 candidate");

  // The answer is the winning group's most frequent query, and its rows.
  await expect(trace(page).getByLabel("Final SQL", { exact: true })).toContainText(RIGHT);
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
