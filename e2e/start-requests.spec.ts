// What the page asks for before it is ready: the entry's modules come as one chunk (scripts/vite-start-chunk.ts), so a
// first visit's start is a handful of script requests, not one per shared module; parts loaded on demand stay out. The
// files it waits for come compressed at brotli's best (scripts/precompress.ts).
import { constants, brotliCompressSync } from "node:zlib";
import { expect, test, type Response } from "@playwright/test";
import { openApp, runSql, resultSummary, waitForReady } from "./helpers";

test("a first visit starts with at most six scripts, and what loads later still loads", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (request.resourceType() === "script" || path.endsWith(".js")) scripts.push(path.slice(path.lastIndexOf("/") + 1));
  });
  await openApp(page);
  // The page's own script requests that began before it marked itself ready (its resource timing); what it fetches
  // once idle after that (the service worker, Monaco, the results grid, the trace's code) comes after the mark.
  const pageScriptsBeforeReady = await page.evaluate(() => {
    const ready = performance.getEntriesByName("querylab:ready")[0]?.startTime ?? Number.POSITIVE_INFINITY;
    return performance
      .getEntriesByType("resource")
      .filter((entry) => entry.startTime <= ready && new URL(entry.name).pathname.endsWith(".js"))
      .map((entry) => new URL(entry.name).pathname.split("/").pop()!);
  });
  // The start script, the entry, its one chunk of modules, the bundler's runtime, the SQLite worker's entry and its
  // code (workers/sqlite.worker.ts says why those are two; the worker asks for its code itself, outside the page's
  // timing, so it is counted from the requests seen).
  expect(pageScriptsBeforeReady.some((file) => /^sqlite\.worker-/.test(file))).toBe(true);
  expect(scripts.some((file) => /^sqlite-worker-main-/.test(file))).toBe(true);
  expect(pageScriptsBeforeReady.length + 1, pageScriptsBeforeReady.join(", ")).toBeLessThanOrEqual(6);
  // A part loaded on demand (the results grid) is fetched when needed and works beside the merged chunk.
  await runSql(page, "SELECT title FROM books ORDER BY title LIMIT 3");
  await expect(resultSummary(page)).toHaveText(/^3 rows/);
  expect(scripts.some((file) => /^results-grid-/.test(file))).toBe(true);
});

test("the start's chunk checks with a zod/mini of its own, without full zod's string formats (scripts/vite-start-zod.ts)", async ({ page }) => {
  const appChunks: Response[] = [];
  page.on("response", (response) => {
    if (/\/app-[^/]*\.js$/.test(new URL(response.url()).pathname)) appChunks.push(response);
  });
  await openApp(page);
  expect(appChunks).toHaveLength(1);
  const text = await appChunks[0].text();
  expect(text).toContain("ZodMiniObject");
  // Email, UUID and ISO dates are full zod's (the AI SDK's providers, the agent's tools): they load with those.
  for (const onlyFullZod of ["$ZodEmail", "$ZodUUID", "$ZodISODateTime"]) expect(text).not.toContain(onlyFullZod);
});

test("the files a first visit waits for come with brotli's best compression (scripts/first-visit-files.ts)", async ({ page }) => {
  const responses: Response[] = [];
  page.on("response", (response) => responses.push(response));
  await openApp(page);
  // The page, the app's first chunk and styles, SQLite's WASM, the worker's entry and code, the sample's head and list.
  const firstVisit = /^(|index\.html|app-.*\.(js|css)|sql-wasm-.*\.wasm|sqlite\.worker-.*\.js|sqlite-worker-main-.*\.js|.*-head-.*\.sqlite|manifest\.json)$/;
  const checked: string[] = [];
  for (const response of [...responses]) {
    const file = new URL(response.url()).pathname.split("/").pop()!;
    if (!firstVisit.test(file) || response.headers()["content-encoding"] !== "br") continue;
    const body = await response.body();
    const best = brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_LGWIN]: 24, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength },
    });
    // The bytes on the wire: the copy the server sent, as the build wrote it.
    expect((await response.request().sizes()).responseBodySize, file || "index.html").toBe(best.byteLength);
    checked.push(file || "index.html");
  }
  expect(checked.length, checked.join(", ")).toBeGreaterThanOrEqual(7);
  expect(checked).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^app-.*\.js$/),
      expect.stringMatching(/^sql-wasm-.*\.wasm$/),
      expect.stringMatching(/^sqlite-worker-main-/),
    ]),
  );
});

test("SQLite's WASM is asked for by the page's Link header as the page commits, and fetched once (security-headers.ts)", async ({ page }) => {
  const wasmRequests: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.endsWith(".wasm")) wasmRequests.push(request.url());
  });
  const navigation = await page.goto("/");
  await waitForReady(page);
  // One request: the start script's compile took the preloaded response (a preload its fetch() did not match would
  // be a second download of the same 284 KB), and the one entry is the header's ("fetch" when the start script asked).
  expect(wasmRequests).toHaveLength(1);
  const entries = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .filter((entry) => entry.name.endsWith(".wasm"))
      .map((entry) => (entry as PerformanceResourceTiming).initiatorType),
  );
  expect(entries).toEqual(["link"]);
  // The header names the build's WASM, relative to the page as the start script's URLs are.
  expect(navigation!.headers()["link"]).toMatch(/^<\.\/assets\/sql-wasm-browser-[\w-]+\.wasm>; rel=preload; as=fetch; crossorigin$/);
  // SQLite runs from that module.
  await runSql(page, "SELECT count(*) AS n FROM books");
  await expect(resultSummary(page)).toHaveText(/^1 row/);
});
