// A first visit's sample is opened by the SQLite worker (workers/first-sample.ts) while the page loads the app: read on
// demand over its head (its schema pages, a file of the build's that index.html's start script fetches, compressed by
// the host), then downloaded whole by the worker and kept. The first screen does not wait for the download. When the
// head cannot be fetched, the worker reads the file's pages itself; when nothing works there, the app opens the sample
// as usual.
import { expect, test, type Page, type Request } from "@playwright/test";
import { cell, databaseBytes, openApp, runSql, setSql, waitForReady } from "./helpers";

async function startMarks(page: Page): Promise<string[]> {
  return page.evaluate(() => performance.getEntriesByType("mark").map((entry) => entry.name));
}

/** A request for the sample as the server saw it: a range request (the page's head, the worker's pages) or the whole file. */
function describeRequest(request: Request): string {
  return request.headers()["range"] ? `range ${request.headers()["range"]}` : "whole";
}

/**
 * Routes the sample's requests: `answer` gives, per request (in order, described by describeRequest), "pass", a status
 * to refuse it with, "all" (the whole file with 200 whatever was asked), or a promise to hold it until. Records them.
 */
async function routeSample(page: Page, answer: (described: string, index: number) => "pass" | "all" | number | Promise<void>) {
  const seen: string[] = [];
  await page.context().route(/\/samples\/bookshop\.sqlite$/, async (route) => {
    const described = describeRequest(route.request());
    seen.push(described);
    const decision = answer(described, seen.length - 1);
    if (typeof decision === "number") return route.fulfill({ status: decision, body: "busy" });
    if (decision === "all") {
      const whole = await route.fetch({ headers: { ...route.request().headers(), range: "" } });
      return route.fulfill({ status: 200, body: await whole.body(), headers: { "content-type": "application/vnd.sqlite3" } });
    }
    if (decision !== "pass") await decision;
    // A request held here may have been given up meanwhile (the worker ends its download once a range read brought the
    // whole file): there is nothing left to answer then.
    await route.continue().catch((error: unknown) => {
      if (!route.request().failure()) throw error;
    });
  });
  return { seen };
}

const HEAD_FILE = /\/assets\/bookshop-head-[0-9a-f]+\.sqlite$/;

/** Routes the requests for the sample's head file: `answer` gives "pass", a status to refuse it with, or a promise to hold it until. */
async function routeHead(page: Page, answer: (index: number) => "pass" | number | Promise<void>) {
  const seen: string[] = [];
  await page.context().route(HEAD_FILE, async (route) => {
    seen.push(describeRequest(route.request()));
    const decision = answer(seen.length - 1);
    if (typeof decision === "number") return route.fulfill({ status: decision, body: "busy" });
    if (decision !== "pass") await decision;
    await route.continue();
  });
  return { seen };
}

const saveState = (page: Page) => page.evaluate(() => window.__querylab!.database().current?.saveState);

test("the worker opens the first sample read on demand over the head file the page fetched, then downloads it whole; the page queries it, keeps its copy and reopens it after a reload", async ({
  page,
}) => {
  const sample = await routeSample(page, () => "pass");
  const head = await routeHead(page, () => "pass");
  const headEncodings: (string | undefined)[] = [];
  page.on("response", (response) => {
    if (HEAD_FILE.test(response.url())) headEncodings.push(response.headers()["content-encoding"]);
  });
  await openApp(page);
  expect(await startMarks(page)).toContain("querylab:sample-opened-in-worker");
  await expect(page.getByRole("navigation", { name: "Schema" }).getByText("books", { exact: true }).first()).toBeVisible();
  await page.waitForFunction(() => window.__querylab?.database().current?.saveState === "saved");
  // The head file, a plain request the host answered compressed (the schema's pages: the worker needed no range request
  // of its own), then the worker's download.
  expect(head.seen).toEqual(["whole"]);
  expect(headEncodings).toEqual([expect.stringMatching(/^(br|gzip)$/)]);
  expect(sample.seen).toEqual(["whole"]);
  await runSql(page, "SELECT count(*) FROM books");
  await expect(cell(page, 1, 1)).toHaveText(/^\d{3,}$/);
  const count = await cell(page, 1, 1).textContent();
  // The copy kept in the browser is the sample's bytes as the worker moved them to the page.
  await page.reload();
  await waitForReady(page);
  expect(await startMarks(page)).not.toContain("querylab:sample-opened-in-worker");
  await runSql(page, "SELECT count(*) FROM books");
  await expect(cell(page, 1, 1)).toHaveText(count!);
});

test("the first screen does not wait for the sample's download: queries run on demand meanwhile, and a change waits for it and is kept", async ({ page }) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const sample = await routeSample(page, (described) => (described === "whole" ? held : "pass"));
  await openApp(page);
  expect(await saveState(page)).toBe("loading-whole");
  await expect(page.getByRole("contentinfo", { name: "Status" })).toContainText("downloading, read on demand until then");
  // books' pages lie among the head's zeroed ones (the head keeps only the schema's): they are read from the file.
  await runSql(page, "SELECT count(*) || ' ' || sum(list_price) FROM books");
  await expect(cell(page, 1, 1)).toHaveText(/^\d+ \d/);
  const readOnDemand = await cell(page, 1, 1).textContent();
  // The grid says what the query read on demand.
  await expect(page.getByRole("region", { name: "Results" })).toContainText(/read (\d[\d,.]* (KB|bytes) in \d+ requests?|nothing new \(cached\))/);
  await setSql(page, "CREATE TABLE kept_notes (note TEXT); INSERT INTO kept_notes VALUES ('made while it downloaded')");
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.press("ControlOrMeta+Enter");
  // The change waits for the file: no read-only refusal.
  await page.waitForFunction(() => window.__querylab!.query().running !== null);
  expect(await page.evaluate(() => window.__querylab!.query().error)).toBeNull();
  expect(sample.seen).toContain("whole");
  release();
  await page.waitForFunction(() => window.__querylab!.query().running === null);
  expect(await page.evaluate(() => window.__querylab!.query().error)).toBeNull();
  await page.waitForFunction(() => window.__querylab?.database().current?.saveState === "saved");
  await runSql(page, "SELECT count(*) || ' ' || sum(list_price) FROM books");
  await expect(cell(page, 1, 1)).toHaveText(readOnDemand!);
  await page.reload();
  await waitForReady(page);
  await runSql(page, "SELECT note FROM kept_notes");
  await expect(cell(page, 1, 1)).toHaveText("made while it downloaded");
});

test("when the sample's download fails, it stays open read-only, read on demand, and says so", async ({ page }) => {
  await routeSample(page, (described) => (described === "whole" ? 503 : "pass"));
  await openApp(page);
  await expect(page.getByRole("alert")).toContainText(/Bookshop could not be downloaded whole \(HTTP 503\), so it stays open read-only, read on demand/);
  expect(await saveState(page)).toBe("read-on-demand");
  await runSql(page, "SELECT count(*) FROM books");
  await expect(cell(page, 1, 1)).toHaveText(/^\d{3,}$/);
});

test("when the page's request for the head fails, the worker reads the sample's pages itself", async ({ page }) => {
  const sample = await routeSample(page, () => "pass");
  await routeHead(page, () => 503);
  await openApp(page);
  expect(await startMarks(page)).toContain("querylab:sample-opened-in-worker");
  await page.waitForFunction(() => window.__querylab?.database().current?.saveState === "saved");
  expect(sample.seen).toEqual(["range bytes=0-131071", "whole"]);
  await runSql(page, "SELECT title FROM books ORDER BY book_id LIMIT 1");
  await expect(cell(page, 1, 1)).not.toBeEmpty();
  await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toHaveCount(0);
});

test("on a server that ignores ranges the sample opens over its head file and is held whole once downloaded: one request for the sample", async ({ page }) => {
  const sample = await routeSample(page, () => "all");
  await openApp(page);
  expect(await startMarks(page)).toContain("querylab:sample-opened-in-worker");
  await page.waitForFunction(() => window.__querylab?.database().current?.saveState === "saved");
  expect(sample.seen).toEqual(["whole"]);
  await runSql(page, "SELECT count(*) FROM books");
  await expect(cell(page, 1, 1)).toHaveText(/^\d{3,}$/);
});

test("on a server that ignores ranges, a query that needs pages past the head runs before the download ends: the worker reads them from the whole file the server sent, which is the download too", async ({
  page,
}) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  // The worker's range request gets the whole file with 200, as from Python's http.server; its download is held.
  const sample = await routeSample(page, (described) => (described === "whole" ? held : "all"));
  await openApp(page);
  expect(await saveState(page)).toBe("loading-whole");
  // order_items is the sample's largest table: its pages lie far past the head's (the schema's) first 116 KB.
  await runSql(page, "SELECT count(*) FROM order_items");
  await expect(cell(page, 1, 1)).toHaveText(/^\d{1,3}(,\d{3})+$|^\d{4,}$/);
  expect(await page.evaluate(() => window.__querylab!.query().error)).toBeNull();
  // One range request, answered whole; the reads after it need none.
  await runSql(page, "SELECT max(unit_price) FROM order_items");
  await expect(cell(page, 1, 1)).toHaveText(/^\d/);
  expect(sample.seen.filter((described) => described.startsWith("range"))).toHaveLength(1);
  // That answer was the whole file: the worker ends its own download (held here, never answered) and holds the sample
  // whole from it, and the page keeps it; the file is not sent a second time.
  await page.waitForFunction(() => window.__querylab?.database().current?.saveState === "saved");
  release();
  await runSql(page, "INSERT INTO genres (name, description) VALUES ('Held whole', 'A change to the sample held whole')");
  await page.waitForFunction(() => window.__querylab?.database().current?.saveState === "saved");
  await runSql(page, "SELECT count(*) FROM genres WHERE name = 'Held whole'");
  await expect(cell(page, 1, 1)).toHaveText("1");
});

test("when neither the page's request, the worker's reads nor its download work, the app downloads and opens the sample itself", async ({ page }) => {
  const sample = await routeSample(page, (_described, index) => (index < 2 ? 503 : "pass"));
  await routeHead(page, () => 503);
  await openApp(page);
  // The worker's own first read (refused: it downloads instead), its download; then the app's.
  expect(sample.seen).toEqual(["range bytes=0-131071", "whole", "whole"]);
  expect(await startMarks(page)).not.toContain("querylab:sample-opened-in-worker");
  await runSql(page, "SELECT title FROM books ORDER BY book_id LIMIT 1");
  await expect(cell(page, 1, 1)).not.toBeEmpty();
  // No notice: the failed first tries are the start's, and the app's own download went through.
  await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toHaveCount(0);
});

test("a database the person opens before the sample's download has ended is the one left open, and the start ends", async ({ page }) => {
  // The page's request for the sample's head is held until the person's file is open: the worker is then asked for the
  // sample after the page opened another database, and must still answer, or the start never ends.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await routeHead(page, (index) => (index === 0 ? held : "pass"));
  await page.goto("/");
  await page.waitForFunction(() => window.__querylab !== undefined);
  await page.getByLabel("Database file").setInputFiles({
    name: "mine.sqlite",
    mimeType: "application/vnd.sqlite3",
    buffer: await databaseBytes("CREATE TABLE mine (x); INSERT INTO mine VALUES (42);"),
  });
  await page.waitForFunction(() => window.__querylab!.database().current?.name === "mine.sqlite");
  release();
  await page.waitForFunction(() => window.__querylab!.database().status === "ready");
  expect(await page.evaluate(() => window.__querylab!.database().current?.name)).toBe("mine.sqlite");
  await runSql(page, "SELECT x FROM mine");
  await expect(cell(page, 1, 1)).toHaveText("42");
});
