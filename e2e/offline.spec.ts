// The built site served from a sub-path keeps working after the server stops (issue #11, static hosting): the production
// build (`vite build --base ./`, service worker on) is served under /some/sub/path/ by a small static server; once the
// service worker controls the page, the server is stopped and the page reloads, opens the sample and runs a query.
// Then a new version: a byte-different sw.js installs and waits, the page announces it and reloads only when asked.
import { execFileSync } from "node:child_process";
import { expect, test, type Page } from "@playwright/test";
import { resultSummary } from "./helpers";
import { staticSite, type StaticSite } from "./static-site-server";

const PORT = Number(process.env.QUERYLAB_E2E_PORT ?? 4174);
// Matches dist-test*/ in .gitignore; one folder per port, like the test build's.
const DIST = `dist-test-${PORT}-offline`;
const PREFIX = "/some/sub/path/";

let site: StaticSite;

test.beforeAll(async () => {
  // The production build, with the service worker the test build leaves out (scripts/vite-offline.ts).
  test.setTimeout(240_000);
  execFileSync("npx", ["vite", "build", "--base", "./", "--outDir", DIST, "--emptyOutDir", "--logLevel", "warn"], { stdio: "inherit" });
  site = await staticSite(DIST, "test-models", PREFIX);
});

test.beforeEach(async () => {
  await site.start();
});

test.afterEach(async () => {
  await site.stop();
});

/** Replaces the editor's text and runs it (the production build has no test hook to wait on). */
async function runQuery(page: Page, sql: string): Promise<void> {
  await page.locator(".monaco-editor").first().click();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.press("Delete");
  await page.keyboard.insertText(sql);
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.press("ControlOrMeta+Enter");
}

async function openUntilControlled(page: Page): Promise<void> {
  await page.goto(site.url);
  await expect(page.getByLabel("Open database")).toHaveText("Bookshop");
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** The URLs in the page's caches (the precache and the runtime caches). */
async function cachedUrls(page: Page): Promise<string[]> {
  return (await cachedEntries(page)).map((entry) => entry.url);
}

/** Each cached URL with the cache that holds it. */
function cachedEntries(page: Page): Promise<{ cache: string; url: string }[]> {
  return page.evaluate(async () => {
    const entries: { cache: string; url: string }[] = [];
    for (const cache of await caches.keys()) for (const request of await (await caches.open(cache)).keys()) entries.push({ cache, url: request.url });
    return entries;
  });
}

test("the built site served from a sub-path keeps working after the server stops", async ({ page }) => {
  await openUntilControlled(page);
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope);
  expect(scope).toBe(site.url);
  // The sample opened before the worker took over is cached once it is active; so is a self-hosted model file.
  await expect.poll(async () => (await cachedUrls(page)).some((url) => url.endsWith("/samples/bookshop.sqlite"))).toBe(true);
  expect(await page.evaluate(async () => (await fetch("./models/querylab/tiny-embed/config.json")).status)).toBe(200);
  await runQuery(page, "SELECT title FROM books ORDER BY book_id LIMIT 3");
  await expect(resultSummary(page)).toHaveText(/^3 rows/);
  // SQLite's WASM came once, under the sub-path, from the page's Link header (relative to the page, as _headers has it).
  const wasmEntries = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .filter((entry) => entry.name.endsWith(".wasm"))
      .map((entry) => [entry.name, (entry as PerformanceResourceTiming).initiatorType]),
  );
  expect(wasmEntries).toHaveLength(1);
  expect(wasmEntries[0]![0]!.startsWith(`${site.url}assets/sql-wasm-browser-`), wasmEntries[0]![0]).toBe(true);
  expect(wasmEntries[0]![1]).toBe("link");

  // Only the site's own files, all under its sub-path, are cached: the shell, SQLite's WASM, the sample, the model.
  const cached = await cachedUrls(page);
  expect(cached.every((url) => url.startsWith(site.url))).toBe(true);
  expect(cached.some((url) => /\/assets\/sql-wasm[^/]*\.wasm$/.test(url))).toBe(true);
  expect(cached.some((url) => url.endsWith("/models/querylab/tiny-embed/config.json"))).toBe(true);
  // onnxruntime's 27 MB WASM waits until a model is used; nothing else above the precache limit is precached either.
  expect(cached.some((url) => /ort-wasm/.test(url))).toBe(false);
  // ELK's layout worker is cached once the worker is active, in a runtime cache for worker scripts, not by the install (where
  // Chromium would compile it whole for a code cache: scripts/vite-offline.ts, LAYOUT_WORKER_GLOB).
  await expect
    .poll(async () => (await cachedEntries(page)).filter((entry) => /\/assets\/elk-worker\.min-[^/]*\.js$/.test(entry.url)).map((entry) => entry.cache))
    .toEqual(["querylab-worker-scripts"]);
  // Monaco's editor worker, which the editor never starts, is in no cache: neither precached nor asked for.
  expect(cached.some((url) => /\/assets\/editor\.worker-[^/]*\.js$/.test(url))).toBe(false);

  // The worker ran under its own policy, as a host sending docs/hosting.md's headers would serve it.
  const worker = await page.request.get(`${site.url}sw.js`);
  expect(worker.headers()["content-security-policy"]).toBe("default-src 'none'; script-src 'self'; connect-src 'self'");

  await site.stop();
  await page.reload();
  await expect(page.getByLabel("Open database")).toHaveText("Bookshop");
  await page.getByRole("button", { name: "Samples" }).click();
  await page.getByRole("dialog", { name: "Sample databases" }).getByRole("button", { name: "Open Bookshop" }).click();
  await expect(page.getByLabel("Open database")).toHaveText("Bookshop");
  await runQuery(page, "SELECT COUNT(*) AS books FROM books");
  await expect(resultSummary(page)).toHaveText(/^1 row/);
  expect(await page.evaluate(async () => (await fetch("./models/querylab/tiny-embed/config.json")).status)).toBe(200);
  // The schema diagram, never opened online, lays the schema out offline.
  await page.getByRole("navigation", { name: "Schema" }).getByRole("button", { name: "Diagram" }).click();
  const diagram = page.getByRole("dialog", { name: "Schema diagram" });
  await expect(diagram.getByRole("application", { name: "Entity-relationship diagram" })).toBeVisible({ timeout: 60_000 });
  await expect(diagram.getByText("books", { exact: true }).first()).toBeVisible();
  await page.keyboard.press("Escape");
  // A page address with a query string opens the cached page too.
  await page.goto(`${site.url}?from=offline`);
  await expect(page.getByLabel("Open database")).toHaveText("Bookshop");
});

test("a first visit registers the service worker only once the code editor and the sample's whole file have come", async ({ page }) => {
  // Held back until released: Monaco's chunks, and the sample's whole file (not its head, not a range of it).
  let releaseEditor = () => {};
  const editorHeld = new Promise<void>((resolve) => (releaseEditor = resolve));
  await page.context().route(/\/assets\/monaco-[^/]*\.js$/, async (route) => {
    await editorHeld;
    await route.continue();
  });
  let releaseSample = () => {};
  const sampleHeld = new Promise<void>((resolve) => (releaseSample = resolve));
  await page.context().route(/\/samples\/bookshop\.sqlite$/, async (route) => {
    if (!route.request().headers()["range"]) await sampleHeld;
    await route.continue();
  });
  const registered = () => page.evaluate(async () => (await navigator.serviceWorker.getRegistration()) !== undefined);
  const status = page.getByLabel("Status");
  await page.goto(site.url);
  await expect(status).toContainText("SQLite ready");
  await expect(status).toContainText("downloading, read on demand until then");
  // Idle moments pass meanwhile: before, the worker was registered at the first one, its precache (the whole site)
  // sharing the line with these two downloads.
  await page.waitForTimeout(1500);
  expect(await registered()).toBe(false);
  releaseEditor();
  await expect(page.locator(".monaco-editor").first()).toBeVisible();
  await page.waitForTimeout(1000);
  expect(await registered()).toBe(false);
  releaseSample();
  await expect(status).toContainText("saved in this browser");
  await expect.poll(registered).toBe(true);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  expect(site.requestedPaths.some((path) => path.endsWith("/sw.js"))).toBe(true);
});

test("a returning visit asks the network for the page while the service worker starts, and gets the cached one offline", async ({ page }) => {
  await openUntilControlled(page);
  // The worker's navigation route (scripts/vite-offline.ts): the page's HTML is raced from the network. Without it the
  // worker answered a navigation from its precache alone and the server never saw one.
  const before = site.requestedPaths.length;
  await page.reload();
  await expect(page.getByLabel("Open database")).toHaveText("Bookshop");
  expect(site.requestedPaths.slice(before)).toContain(PREFIX);
  await runQuery(page, "SELECT COUNT(*) AS books FROM books");
  await expect(resultSummary(page)).toHaveText(/^1 row/);

  await site.stop();
  await page.reload();
  await expect(page.getByLabel("Open database")).toHaveText("Bookshop");
  await runQuery(page, "SELECT COUNT(*) AS authors FROM authors");
  await expect(resultSummary(page)).toHaveText(/^1 row/);
});

test("a new version is announced and waits for Reload", async ({ page }) => {
  await openUntilControlled(page);
  const notice = page.getByRole("status").filter({ hasText: "A new version of QueryLab is ready" });
  await expect(notice).toHaveCount(0);

  site.swSuffix = "// a new version";
  // A mark that a reload would wipe: the page must not reload by itself.
  await page.evaluate(() => ((window as { unreloaded?: boolean }).unreloaded = true));
  await page.evaluate(async () => void (await (await navigator.serviceWorker.getRegistration())!.update()));
  await expect(notice).toBeVisible();
  expect(await page.evaluate(() => (window as { unreloaded?: boolean }).unreloaded)).toBe(true);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.waiting !== null)).toBe(true);

  await notice.getByRole("button", { name: "Reload" }).click();
  await page.waitForFunction(() => (window as { unreloaded?: boolean }).unreloaded === undefined);
  await expect(page.getByLabel("Open database")).toHaveText("Bookshop");
  await expect(notice).toHaveCount(0);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.waiting)).toBeNull();
  site.swSuffix = "";
});
