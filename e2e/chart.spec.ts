// Charts of a result under the page's real CSP (the test build serves its headers): the results panel's Chart tab
// (suggested type, type and axis changed, PNG and SVG exported, a large result sampled and said so) and the agent's
// answer card (rows with "N of M rows" and a chart) with the scripted LLM.
import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { START_SCRIPT_HASH } from "../app/browser/start-script-hash";
import { configureScriptedLlm, openApp, resultSummary, runSql } from "./helpers";
import { startScriptedLlmServer, toolCall, toolTurn, type ScriptedServer } from "./llm-server/scripted-llm-server";

const BY_GENRE = `SELECT g.name AS genre, count(*) AS books, round(avg(b.list_price), 2) AS avg_price
FROM books b JOIN genres g ON g.genre_id = b.genre_id GROUP BY 1 ORDER BY books DESC`;

let server: ScriptedServer;

test.beforeAll(async () => {
  server = await startScriptedLlmServer({
    script: [toolTurn(toolCall("submit_sql", { sql: BY_GENRE }), "Books per genre, with their average price.")],
  });
});
test.afterAll(async () => {
  await server.close();
});

/** Fails the test on any CSP report: Plot must draw without eval, inline script or other sources. */
function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

/** WCAG 2.1 A/AA violations inside one part of the page (labels of the chart's controls, contrast of its text). */
async function violationsIn(page: Page, selector: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include(selector).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(" ")} (${violation.help})`));
}

const resultChart = (page: Page) => page.getByRole("group", { name: "Chart of the result" });

test("a grouped result is drawn as bars, changed to a scatter on other axes, and exported as PNG and SVG", async ({ page }) => {
  const violations = watchCsp(page);
  await openApp(page);
  // The policy in force allows WASM compilation and no eval (DevTools evaluation is exempt, so it is read, not tried).
  const policy = await page.evaluate(() => document.querySelector<HTMLMetaElement>('meta[http-equiv="Content-Security-Policy"]')?.content ?? "");
  expect(policy).toContain(`script-src 'self' 'wasm-unsafe-eval' ${START_SCRIPT_HASH};`);
  await runSql(page, BY_GENRE);
  await expect(resultSummary(page)).toHaveText(/^20 rows/);

  await page.getByRole("tab", { name: "Chart" }).click();
  await expect(page.getByRole("tab", { name: "Chart" })).toHaveAttribute("aria-selected", "true");
  const chart = resultChart(page);
  await expect(chart.getByLabel("Chart type")).toHaveValue("bar");
  const svg = chart.locator("svg[role=img]");
  await expect(svg).toHaveAttribute("aria-label", "Chart of the result: bar of books by genre");
  // One bar per genre, in the result's order (largest first), labelled by genre.
  await expect(svg.locator('g[data-mark="bar"] rect')).toHaveCount(20);
  await expect(svg.locator('g[data-mark="x-axis tick label"] text').first()).toBeVisible();
  await page.screenshot({ path: "test-results/chart-bar.png" });
  expect(await violationsIn(page, 'section[aria-label="Results"]')).toEqual([]);

  // The y axis to the average price: the bars follow.
  await chart.getByLabel("Y axis").selectOption({ label: "avg_price" });
  await expect(svg).toHaveAttribute("aria-label", "Chart of the result: bar of avg_price by genre");

  // Another type: a scatter takes numbers on both axes (x moves off the genre to a number).
  await chart.getByLabel("Chart type").selectOption("scatter");
  await expect(chart.getByLabel("X axis")).toHaveValue("1");
  await expect(svg).toHaveAttribute("aria-label", "Chart of the result: scatter of avg_price by books");
  await expect(svg.locator('g[data-mark="dot"] circle')).toHaveCount(20);
  await chart.getByLabel("Chart type").selectOption("bar");
  await chart.getByLabel("X axis").selectOption({ label: "genre" });
  await chart.getByLabel("Aggregation").selectOption("count");
  await expect(svg).toHaveAttribute("aria-label", "Chart of the result: bar of count by genre");
  await chart.getByLabel("Aggregation").selectOption("none");
  await chart.getByLabel("Y axis").selectOption({ label: "books" });

  // Exports are real files: PNG by its signature and size, SVG as a standalone document with the bars in it.
  const [png] = await Promise.all([page.waitForEvent("download"), chart.getByRole("button", { name: "Export PNG" }).click()]);
  expect(png.suggestedFilename()).toBe("result-chart.png");
  const pngBytes = await readFile((await png.path())!);
  expect([...pngBytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  // IHDR: width and height at twice the drawn size.
  const drawnWidth = Number(await svg.getAttribute("width"));
  expect(pngBytes.readUInt32BE(16)).toBe(drawnWidth * 2);
  expect(pngBytes.length).toBeGreaterThan(5_000);

  const [svgFile] = await Promise.all([page.waitForEvent("download"), chart.getByRole("button", { name: "Export SVG" }).click()]);
  expect(svgFile.suggestedFilename()).toBe("result-chart.svg");
  const svgText = await readFile((await svgFile.path())!, "utf8");
  expect(svgText.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<svg')).toBe(true);
  expect(svgText).toContain('xmlns="http://www.w3.org/2000/svg"');
  expect(svgText.match(/<rect /g)!.length).toBeGreaterThanOrEqual(21); // the background and 20 bars
  // Colours resolved when drawn: no page variable the file would not have (Plot's own --plot-background is defined inside).
  expect(svgText).not.toMatch(/var\(--(?!plot-)/);

  // The grid is a click away and the chart keeps its choices.
  await page.getByRole("tab", { name: "Grid" }).click();
  await expect(page.getByRole("grid")).toBeVisible();
  await page.getByRole("tab", { name: "Chart" }).click();
  await expect(chart.getByLabel("Y axis")).toHaveValue("1");
  expect(violations).toEqual([]);
});

test("48,000 rows are fetched from the worker, sampled to 2,000 points, and the chart says so", async ({ page }) => {
  const violations = watchCsp(page);
  await openApp(page);
  await runSql(page, "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 48000) SELECT i AS x, (i * 7919) % 1000 AS y FROM n");
  await expect(resultSummary(page)).toHaveText(/^48,000 rows/);
  await page.getByRole("tab", { name: "Chart" }).click();
  const chart = resultChart(page);
  await expect(chart.getByLabel("Chart type")).toHaveValue("scatter");
  await expect(chart.getByRole("status")).toHaveText("Showing 2,000 of 48,000 points, sampled evenly.");
  await expect(chart.locator('svg g[data-mark="dot"] circle')).toHaveCount(2_000);
  // A switch of type draws a line through the sampled 2,000 points, not through all 48,000 rows (what keeps the page
  // responsive; a wall-clock limit here would measure the machine's load instead).
  await chart.getByLabel("Chart type").selectOption("line");
  await expect(chart.locator('svg g[data-mark="line"] path')).toHaveCount(1);
  await expect(chart.getByRole("status")).toHaveText("Showing 2,000 of 48,000 points, sampled evenly.");
  const linePoints = await chart.locator('svg g[data-mark="line"] path').evaluate((path) => path.getAttribute("d")!.split(/[ML]/).filter(Boolean).length);
  expect(linePoints).toBe(2_000);
  await page.screenshot({ path: "test-results/chart-sampled.png" });
  expect(violations).toEqual([]);
});

test("the answer card shows the answer's rows and its chart", async ({ page }) => {
  const violations = watchCsp(page);
  await openApp(page);
  await configureScriptedLlm(page, server.url, { sharing: "Schema only" });
  await page.getByLabel("Question for the agent").fill("How many books are there per genre, and at what average price?");
  await page.getByRole("button", { name: "Ask" }).click();
  const answer = page.getByRole("complementary", { name: "Agent trace" }).getByLabel("Final SQL");
  // Schema only: the model saw no values, but the person's page has the rows.
  await expect(answer.getByRole("region", { name: "Answer rows" }).locator("tbody tr")).toHaveCount(20);
  await expect(answer).toContainText("20 rows");
  const chart = answer.getByRole("group", { name: "Chart of the answer" });
  await expect(chart.locator("svg[role=img]")).toHaveAttribute("aria-label", "Chart of the answer: bar of books by genre");
  await expect(chart.locator('svg g[data-mark="bar"] rect')).toHaveCount(20);
  await expect(answer.getByRole("button", { name: "Open in editor" })).toBeVisible();
  await expect(answer.getByRole("button", { name: "Run" })).toBeVisible();
  await answer.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/chart-answer-card.png" });
  expect(await violationsIn(page, '[aria-label="Final SQL"]')).toEqual([]);
  expect(violations).toEqual([]);
});

test("months and a count are a line over time, drawn again in the page's colours when the theme turns dark", async ({ page }) => {
  const violations = watchCsp(page);
  await openApp(page);
  await runSql(page, "SELECT strftime('%Y-%m', order_date) AS month, count(*) AS orders FROM orders GROUP BY 1");
  await page.getByRole("tab", { name: "Chart" }).click();
  const chart = resultChart(page);
  await expect(chart.getByLabel("Chart type")).toHaveValue("line");
  const svg = chart.locator("svg[role=img]");
  await expect(svg).toHaveAttribute("aria-label", "Chart of the result: line of orders by month");
  await expect(svg.locator('g[data-mark="line"] path')).toHaveCount(1);
  const textColour = () => svg.evaluate((element) => getComputedStyle(element).color);
  const light = await textColour();
  await page.emulateMedia({ colorScheme: "dark" });
  await expect.poll(textColour).not.toBe(light);
  expect(await violationsIn(page, 'section[aria-label="Results"]')).toEqual([]);
  await page.screenshot({ path: "test-results/chart-line-dark.png" });
  expect(violations).toEqual([]);
});
