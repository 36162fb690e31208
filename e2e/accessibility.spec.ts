// The main screens under axe-core (WCAG 2.1 A and AA: contrast, landmarks, labels, names), and keyboard reach:
// the first screen, the agent's answer in the trace, the diagnosis, the settings dialog (also with the in-page model's
// section), a candidate vote in the trace, the benchmark view and the exercise panel.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { configureScriptedLlm, openApp, setSql } from "./helpers";
import { conversationTurnOf, startScriptedLlmServer, toolCall, toolTurn, type ScriptedServer } from "./llm-server/scripted-llm-server";

let server: ScriptedServer;
const ANSWER = "SELECT count(*) AS mystery_books FROM books JOIN genres ON genres.genre_id = books.genre_id WHERE genres.name = 'Mystery'";

test.beforeAll(async () => {
  server = await startScriptedLlmServer({
    script: [
      toolTurn(toolCall("run_sql", { sql: "SELECT count(*) FROM books WHERE genre = 'Mystery'" }), "Count the mystery books."),
      toolTurn(toolCall("submit_sql", { sql: ANSWER }), "books has no genre column; joined genres."),
    ],
  });
});
test.afterAll(async () => {
  await server.close();
});

/** Every WCAG 2.1 A/AA violation on the page as "rule: target", so a failure names what to fix. */
async function violations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  const results = await (include ? builder.include(include) : builder).analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => {
      // Contrast failures carry the colours and ratio found, which is what a fix needs.
      const data = node.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
      const colours = data?.fgColor ? ` ${data.fgColor} on ${data.bgColor} = ${data.contrastRatio}:1` : "";
      return `${violation.id}: ${node.target.join(" ")}${colours} (${violation.help})`;
    }),
  );
}

test("the first screen, an answered question and a diagnosis have no WCAG A/AA violations", async ({ page }) => {
  await openApp(page);
  expect(await violations(page)).toEqual([]);

  await configureScriptedLlm(page, server.url);
  await page.getByLabel("Question for the agent").fill("How many mystery books are there?");
  await page.getByRole("button", { name: "Ask" }).click();
  const trace = page.getByRole("complementary", { name: "Agent trace" });
  await expect(trace.getByLabel("Final SQL")).toContainText("mystery_books");
  await trace.getByRole("listitem", { name: "Turn 1" }).locator("summary").first().click();
  expect(await violations(page)).toEqual([]);

  await setSql(page, "SELECT title FROM books WHERE format = 'Vinyl record'");
  await page.getByRole("button", { name: "Diagnose", exact: true }).click();
  await expect(page.getByRole("region", { name: "Diagnosis" }).getByRole("status")).toContainText("rows drop to zero");
  expect(await violations(page)).toEqual([]);

  await page.getByRole("button", { name: "Settings" }).click();
  await expect(page.getByRole("dialog", { name: "Settings" })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test("the settings dialog with the provider In this browser has no WCAG A/AA violations", async ({ page }) => {
  await openApp(page);
  await page.getByRole("button", { name: "Settings" }).click();
  const dialog = page.getByRole("dialog", { name: "Settings" });
  await dialog.getByLabel("Provider").selectOption("in-page");
  // The default hub model: the section and its download question (nothing is downloaded before Download is pressed).
  await expect(dialog.getByRole("region", { name: "In-page model download" })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  // The site's own folder: no question, the section says where the files come from.
  await dialog.getByLabel("Base URL").fill("./models/");
  await dialog.getByRole("combobox", { name: "Model", exact: true }).fill("querylab/tiny-chat");
  await expect(dialog.getByRole("region", { name: "In-page model" })).toContainText("Its files come from /models/querylab/tiny-chat/");
  expect(await violations(page)).toEqual([]);
});

test("a candidate vote in the trace has no WCAG A/AA violations", async ({ page }) => {
  // Three candidates: two submit the right count, one a wrong one, so the vote has a winner and a second group.
  const answers = [ANSWER, "SELECT count(*) FROM books", ANSWER];
  const voters = await startScriptedLlmServer({ models: ["scripted-model"] });
  let next = 0;
  voters.setScript((request) => {
    if (conversationTurnOf(request) > 0) return { text: "Done." };
    return { text: "Counting.", toolCalls: [toolCall("submit_sql", { sql: answers[next++ % answers.length]! })] };
  });
  try {
    await openApp(page);
    await configureScriptedLlm(page, voters.url);
    await page.getByRole("button", { name: "Settings" }).click();
    const dialog = page.getByRole("dialog", { name: "Settings" });
    await dialog.getByRole("region", { name: "Candidate voting" }).getByLabel("Candidates per question").fill("3");
    expect(await violations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Close" }).click();
    await page.getByLabel("Question for the agent").fill("How many mystery books are there?");
    await page.getByRole("button", { name: "Ask" }).click();
    const trace = page.getByRole("complementary", { name: "Agent trace" });
    await expect(trace.getByRole("region", { name: "Vote" })).toContainText("Winner: the largest group: 2 of 3 candidates.");
    await trace.getByRole("list", { name: "Candidates" }).getByRole("listitem", { name: "Candidate 1" }).locator("summary").first().click();
    expect(await violations(page)).toEqual([]);
  } finally {
    await voters.close();
  }
});

test("the benchmark view has no WCAG A/AA violations", async ({ page }) => {
  await openApp(page);
  await page.getByRole("button", { name: "Benchmark" }).click();
  await expect(page.getByRole("region", { name: "Benchmark" }).locator("strong", { hasText: "Teaching benchmark" })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test("the main controls are reachable by keyboard, in order, with a visible focus", async ({ page }) => {
  await openApp(page);
  const reached: string[] = [];
  for (let press = 0; press < 60; press += 1) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return null;
      const style = getComputedStyle(element);
      const visible = style.outlineStyle !== "none" || style.boxShadow !== "none";
      return { name: element.getAttribute("aria-label") ?? element.textContent?.trim() ?? "", visible };
    });
    if (!focused) continue;
    expect(focused.visible, `focus is visible on ${focused.name}`).toBe(true);
    reached.push(focused.name);
  }
  // Ask is disabled until a question is typed; the editor lets Tab move on (Ctrl+M makes Tab indent instead).
  for (const control of ["Workspace", "Benchmark", "Question for the agent", "Run", "Diagnose", "Format", "SQL editor", "Settings"]) {
    expect(
      reached.some((name) => name.startsWith(control)),
      `${control} reached by Tab (reached: ${reached.join(" | ")})`,
    ).toBe(true);
  }
});

test("the exercise panel, a wrong answer checked and the reference shown have no WCAG A/AA violations", async ({ page }) => {
  // An axe run over the whole page, a check and a diagnosis: slow on a busy machine.
  test.setTimeout(120_000);
  await openApp(page, "/?exercises=exercises/bookshop.json");
  const exercises = page.getByRole("region", { name: "Exercises" });
  await expect(exercises.getByRole("heading", { name: "Bookshop: first steps in SQL" })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  // Question 1 asks for Oregon's stores; Washington's are as many rows with other values, so both sides have marked rows.
  await setSql(page, "SELECT name, city FROM stores WHERE state = 'WA' ORDER BY name");
  await exercises.getByRole("button", { name: "Check", exact: true }).click();
  await expect(exercises.getByRole("region", { name: "Check result" }).getByRole("status")).toContainText("Not yet");
  await expect(page.getByRole("region", { name: "Diagnosis" }).getByRole("status")).toContainText("every stage returns rows");
  await exercises.getByRole("button", { name: "Show reference" }).click();
  await expect(exercises.getByRole("region", { name: "Reference answer" })).toBeVisible();
  // The rest of the page was checked above; this time the panel alone (an axe run over the whole page takes long).
  expect(await violations(page, ".exercise-panel")).toEqual([]);
});
