// A finished trace is shared as a link (the session compressed in the fragment) and opened in a fresh browser with no
// key: its database loads, the trace steps through with ◀ ▶, the answer's rows are computed there, and nothing but the
// app itself is contacted. A session made under "Schema only" carries no value from the data.
import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { unzlibSync, strFromU8 } from "fflate";
import initSqlJs from "sql.js";
import { alertWith, configureScriptedLlm, openApp, waitForReady } from "./helpers";
import { startScriptedLlmServer, toolCall, toolTurn, type ScriptedServer } from "./llm-server/scripted-llm-server";

const KEY = "sk-share-secret-0123456789";
const LOOK_SQL = "SELECT title FROM books ORDER BY book_id LIMIT 3";
const ANSWER_SQL = "SELECT count(*) AS book_count FROM books";

let server: ScriptedServer;

test.beforeAll(async () => {
  server = await startScriptedLlmServer({ requiredApiKey: KEY, models: ["scripted-model"] });
});
test.afterAll(async () => {
  await server.close();
});

const trace = (page: Page) => page.getByRole("complementary", { name: "Agent trace" });

/** Values only the database holds: the first three titles and the answer, read from the sample file itself. */
async function bookshopFacts(): Promise<{ titles: string[]; bookCount: number }> {
  const SQL = await initSqlJs();
  const database = new SQL.Database(await readFile("public/samples/bookshop.sqlite"));
  const titles = database.exec(LOOK_SQL)[0]!.values.map((row) => String(row[0]));
  const bookCount = Number(database.exec(ANSWER_SQL)[0]!.values[0]![0]);
  database.close();
  return { titles, bookCount };
}

/** Asks the scripted model on the Bookshop sample under a sharing level, then presses Share; returns the link. */
async function shareAnsweredQuestion(page: Page, sharing: "Schema only" | "Schema + example values + query results"): Promise<string> {
  server.setScript([
    toolTurn(toolCall("run_sql", { sql: LOOK_SQL }), "Look at a few books."),
    toolTurn(toolCall("submit_sql", { sql: ANSWER_SQL }), "Count them."),
  ]);
  await openApp(page);
  await configureScriptedLlm(page, server.url, { apiKey: KEY, sharing });
  await page.getByLabel("Question for the agent").fill("How many books are there?");
  await page.getByRole("button", { name: "Ask" }).click();
  await expect(trace(page).getByLabel("Final SQL")).toContainText("book_count");
  await trace(page).getByRole("button", { name: "Share" }).click();
  const dialog = page.getByRole("dialog", { name: "Share this session" });
  const link = await dialog.getByRole("textbox", { name: /Session link/ }).inputValue();
  expect(link).toContain("#session=");
  return link;
}

/** The session a link carries, as JSON text (what anyone holding the link can read). */
function sessionText(link: string): string {
  const payload = link.slice(link.indexOf("#session=") + "#session=".length);
  return strFromU8(unzlibSync(Buffer.from(payload, "base64url")));
}

test("a shared link opens in a fresh browser with no key: the sample loads, the trace steps with ◀ ▶, the answer runs there", async ({ page, browser }) => {
  // Two browser contexts, an agent run and a replay: slow on a busy machine.
  test.slow();
  const { titles, bookCount } = await bookshopFacts();
  const link = await shareAnsweredQuestion(page, "Schema + example values + query results");
  // The database is named in the address (a sample), the session in the fragment; the key is nowhere in it.
  expect(new URL(link).searchParams.get("sample")).toBe("bookshop");
  const shared = sessionText(link);
  expect(shared).not.toContain(KEY);
  expect(shared).toContain(titles[0]); // + query results: the rows of the agent's query travel
  const dialog = page.getByRole("dialog", { name: "Share this session" });
  await expect(dialog).toContainText("Nothing was left out.");
  test.info().annotations.push({ type: "link characters", description: String(link.length) });
  // The same session as a file, to host: it opens through ?session=URL.
  const download = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Save session file" }).click();
  const fileText = await readFile(await (await download).path());

  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  const origins = new Set<string>();
  other.on("request", (request) => /^https?:/.test(request.url()) && origins.add(new URL(request.url()).origin));
  const modelCallsBefore = server.requests.length;
  await other.goto(link);
  await waitForReady(other);

  const banner = trace(other).getByRole("region", { name: "Shared session" });
  await expect(banner).toContainText("Schema + example values + query results");
  await expect(trace(other).getByRole("heading", { name: "How many books are there?" })).toBeVisible();
  const replay = trace(other).getByRole("group", { name: "Replay" });
  await expect(replay).toContainText(/Step 1 of \d+/);
  await expect(trace(other).getByLabel("Final SQL")).toHaveCount(0);
  const next = replay.getByRole("button", { name: "Next step" });
  while (await next.isEnabled()) await next.click();
  await expect(trace(other).getByRole("listitem", { name: "Turn 1" })).toContainText("run_sql");
  // The answer's rows come from this browser's copy of the database, not from the link.
  const answer = trace(other).getByLabel("Final SQL");
  await expect(answer).toContainText(ANSWER_SQL);
  await expect(answer).toContainText(String(bookCount));
  // Back past the end and the answer: the answer leaves the screen again.
  await replay.getByRole("button", { name: "Previous step" }).click();
  await replay.getByRole("button", { name: "Previous step" }).click();
  await expect(trace(other).getByLabel("Final SQL")).toHaveCount(0);
  expect(await other.evaluate(() => window.__querylab!.editor().text)).toBe(ANSWER_SQL);
  // Opened once: a reload comes back to the person's work, not to the session.
  expect(new URL(other.url()).hash).toBe("");

  // No model was called and nothing but the app itself was contacted.
  expect(server.requests.length).toBe(modelCallsBefore);
  expect([...origins]).toEqual([new URL(link).origin]);

  // A damaged link (one character changed) says so and opens nothing.
  const hashAt = link.indexOf("#session=") + "#session=".length + 20;
  const tampered = link.slice(0, hashAt) + (link[hashAt] === "A" ? "B" : "A") + link.slice(hashAt + 1);
  await other.goto(tampered);
  await waitForReady(other);
  await expect(alertWith(other, /The link is damaged|could not be opened/)).toBeVisible();
  await expect(trace(other).getByRole("region", { name: "Shared session" })).toHaveCount(0);

  // A hosted session file (here served beside the app) opens the same way, its database named beside it.
  await other.route("**/shared/session.json", (route) => route.fulfill({ body: fileText, contentType: "application/json" }));
  await other.goto(`${new URL(link).origin}/?sample=bookshop&session=shared/session.json`);
  await waitForReady(other);
  await expect(trace(other).getByRole("region", { name: "Shared session" })).toBeVisible();
  await expect(replay).toContainText(/Step 1 of \d+/);
  expect(server.requests.length).toBe(modelCallsBefore);
  expect([...origins]).toEqual([new URL(link).origin]);
  await fresh.close();
});

test("a session made under 'Schema only' carries no value from the data, and says what it left out", async ({ page }) => {
  const { titles, bookCount } = await bookshopFacts();
  const link = await shareAnsweredQuestion(page, "Schema only");
  const dialog = page.getByRole("dialog", { name: "Share this session" });
  await expect(dialog.getByRole("list", { name: "Left out of the session" })).toContainText("rows of 3 query results (columns and row counts kept)");
  const shared = sessionText(link);
  const session = JSON.parse(shared) as { sharing: string; trace: { events: { type: string; result?: { rows: unknown[] } }[] } };
  expect(session.sharing).toBe("schema");
  for (const title of titles) expect(shared).not.toContain(title);
  for (const event of session.trace.events) if (event.result) expect(event.result.rows).toEqual([]);
  // The page itself still showed the rows to the person who asked; they just do not travel.
  await page.keyboard.press("Escape");
  await expect(trace(page).getByLabel("Final SQL")).toContainText(String(bookCount));
  expect(shared).not.toContain(KEY);
});
