// What the page asks for before it is ready: the entry's modules come as one chunk (scripts/vite-start-chunk.ts), so a
// first visit's start is a handful of script requests, not one per shared module; parts loaded on demand stay out.
import { expect, test } from "@playwright/test";
import { openApp, runSql, resultSummary } from "./helpers";

test("a first visit starts with at most six scripts, and what loads later still loads", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (request.resourceType() === "script" || path.endsWith(".js")) scripts.push(path.slice(path.lastIndexOf("/") + 1));
  });
  await openApp(page);
  const atReady = [...scripts];
  // The start script, the entry, its one chunk of modules, the bundler's runtime, the SQLite worker's entry and its
  // code (workers/sqlite.worker.ts says why those are two). Asked for
  // right after ready, so possibly seen before openApp returns: the service worker, Monaco and the results grid.
  const afterReady = /^(sw\.js|workbox-.*|monaco-.*|results-grid-.*)$/;
  expect(atReady.filter((file) => !afterReady.test(file)).length, atReady.join(", ")).toBeLessThanOrEqual(6);
  expect(atReady.some((file) => /^sqlite\.worker-/.test(file))).toBe(true);
  expect(atReady.some((file) => /^sqlite-worker-main-/.test(file))).toBe(true);
  // A part loaded on demand (the results grid) is fetched when needed and works beside the merged chunk.
  await runSql(page, "SELECT title FROM books ORDER BY title LIMIT 3");
  await expect(resultSummary(page)).toHaveText(/^3 rows/);
  expect(scripts.some((file) => /^results-grid-/.test(file))).toBe(true);
});
