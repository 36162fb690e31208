// `?embed=1` in an iframe of a course site (issue #11, static hosting). The test build is served by a static host that
// sends app/browser/security-headers.ts's headers with one course site allowed to frame the page (as
// QUERYLAB_FRAME_ANCESTORS does); a page of that site frames the compact layout, a question is asked of the scripted
// LLM, and the trace and the answer's rows show inside the frame; "Open in QueryLab" opens the full app on the same
// database and question. A site that is not listed cannot frame it. Axe checks the embed layout with the answer shown.
import { createServer, type Server } from "node:http";
import AxeBuilder from "@axe-core/playwright";
import Database from "better-sqlite3";
import { expect, test, type FrameLocator } from "@playwright/test";
import { startScriptedLlmServer, toolCall, toolTurn, type ScriptedServer } from "./llm-server/scripted-llm-server";
import { staticSite, type StaticSite } from "./static-site-server";

const PORT = Number(process.env.QUERYLAB_E2E_PORT ?? 4174);
// The test build the web server of playwright.config.ts made for this port.
const DIST = PORT === 4174 ? "dist-test" : `dist-test-${PORT}`;
const QUESTION = "How many flights were cancelled?";
const ANSWER_SQL = "SELECT count(*) AS cancelled_flights FROM flights WHERE status = 'Cancelled'";

interface CourseSite {
  origin: string;
  /** The address of a lesson page that frames `src`. */
  lesson(src: string): string;
  close(): Promise<void>;
}

/** Another site with one page, /lesson.html?src=…, that frames the given address (a course site). */
async function courseSite(): Promise<CourseSite> {
  const server: Server = createServer((request, response) => {
    const src = new URL(request.url ?? "/", "http://site").searchParams.get("src") ?? "";
    const attribute = src.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(
      `<!doctype html><html lang="en"><head><title>Lesson 1</title></head><body><main><h1>Lesson 1</h1>` +
        `<iframe title="QueryLab" src="${attribute}" style="width: 900px; height: 700px"></iframe></main></body></html>`,
    );
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const address = server.address();
  const origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  return {
    origin,
    lesson: (src) => `${origin}/lesson.html?src=${encodeURIComponent(src)}`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

let llm: ScriptedServer;
let listed: CourseSite;
let unlisted: CourseSite;
let site: StaticSite;

test.beforeAll(async () => {
  llm = await startScriptedLlmServer({
    script: [
      toolTurn(toolCall("run_sql", { sql: "SELECT DISTINCT status FROM flights" }), "How is a cancelled flight written?"),
      toolTurn(toolCall("submit_sql", { sql: ANSWER_SQL }), "Count them."),
    ],
  });
  [listed, unlisted] = await Promise.all([courseSite(), courseSite()]);
  site = await staticSite(DIST, "test-models", "/querylab/", { frameAncestors: [listed.origin] });
  await site.start();
});

test.afterAll(async () => {
  await Promise.all([llm.close(), listed.close(), unlisted.close(), site.stop()]);
});

/** Points the framed page at the scripted LLM (its own settings: a framed page may have its own storage). */
async function configureInFrame(frame: FrameLocator): Promise<void> {
  await frame.getByRole("button", { name: "Settings" }).click();
  const dialog = frame.getByRole("dialog", { name: "Settings" });
  await dialog.getByLabel("Provider").selectOption("custom");
  await dialog.getByLabel("Base URL").fill(llm.url);
  await dialog.getByRole("combobox", { name: "Model", exact: true }).fill("scripted-model");
  await dialog.getByRole("button", { name: "Close" }).click();
  await frame.getByRole("radio", { name: "Schema + example values + query results", exact: true }).check();
}

function cancelledFlights(): number {
  const database = new Database("public/samples/flights.sqlite", { readonly: true });
  try {
    return (database.prepare(ANSWER_SQL).get() as { cancelled_flights: number }).cancelled_flights;
  } finally {
    database.close();
  }
}

test("a listed course site frames ?embed=1: a question, its trace and rows, then Open in QueryLab", async ({ page, context }) => {
  const embedded = `${site.url}?embed=1&sample=flights`;
  await page.goto(listed.lesson(embedded));
  const frame = page.frameLocator("iframe");
  await expect(frame.getByLabel("Open database")).toHaveText("Flights");
  // The compact layout: no schema, editor, menus or benchmark.
  await expect(frame.getByRole("heading", { name: "Schema" })).toHaveCount(0);
  await expect(frame.getByRole("textbox", { name: "SQL editor" })).toHaveCount(0);
  await expect(frame.getByRole("button", { name: "Samples" })).toHaveCount(0);
  await expect(frame.getByRole("navigation", { name: "Views" })).toHaveCount(0);

  await configureInFrame(frame);
  await frame.getByLabel("Question for the agent").fill(QUESTION);
  await frame.getByRole("button", { name: "Ask" }).click();
  const trace = frame.getByRole("region", { name: "Agent trace" });
  await expect(trace.getByRole("listitem", { name: "Turn 1" })).toContainText("run_sql");
  const answer = trace.getByLabel("Final SQL");
  await expect(answer).toContainText("cancelled_flights");
  await expect(answer.getByRole("cell").first()).toHaveText(String(cancelledFlights()));
  await expect(answer).toContainText("1 row");

  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(results.violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(" ")} (${violation.help})`))).toEqual([]);
  await page.screenshot({ path: "test-results/embed.png" });

  // The full app in a new tab, on the same database with the question in its box.
  const link = frame.getByRole("link", { name: "Open in QueryLab" });
  const href = new URL((await link.getAttribute("href"))!);
  expect(href.origin + href.pathname).toBe(site.url);
  expect(Object.fromEntries(href.searchParams)).toEqual({ sample: "flights", question: QUESTION });
  const opened = context.waitForEvent("page");
  await link.click();
  const full = await opened;
  await expect(full.getByLabel("Open database")).toHaveText("Flights");
  await expect(full.getByLabel("Question for the agent")).toHaveValue(QUESTION);
  await expect(full.getByRole("textbox", { name: "SQL editor" })).toBeAttached();
  await full.close();
});

test("a site that is not listed cannot frame it", async ({ page }) => {
  await page.goto(unlisted.lesson(`${site.url}?embed=1`), { waitUntil: "load" });
  const framed = page.frames().find((frame) => frame !== page.mainFrame())!;
  expect(await framed.locator("#root").count()).toBe(0);
  // The same page framed by the listed site does load (the refusal above is the policy's, not a broken frame).
  await page.goto(listed.lesson(`${site.url}?embed=1`));
  await expect(page.frameLocator("iframe").getByRole("button", { name: "Ask" })).toBeVisible();
});
