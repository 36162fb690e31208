// A first visit takes a bundled sample's column profile and value index from the site (the build's,
// scripts/vite-shipped-samples.ts) rather than computing them in the SQLite worker while the editor loads (issue #14); a
// profile that names other content than the sample opened is left alone, and with no index on the site for the content
// opened the worker indexes it, as for any database.
import { expect, test, type Page } from "@playwright/test";
import { openApp } from "./helpers";

/** Serves the site's profile of the bookshop changed by `change` (the real file, so only the change tells them apart). */
async function serveChangedProfile(page: Page, change: (profile: ShippedProfile) => void): Promise<{ requests: () => number }> {
  let requests = 0;
  await page.route("**/samples/bookshop.sqlite.profile.json", async (route) => {
    requests += 1;
    const response = await route.fetch();
    expect(response.ok()).toBe(true);
    const profile = (await response.json()) as ShippedProfile;
    change(profile);
    await route.fulfill({ response, json: profile });
  });
  return { requests: () => requests };
}

interface ShippedProfile {
  contentKey: string;
  tables: { table: string; columns: { column: string; distinctCount: number }[] }[];
}

/** A count no bookshop column has, to tell the site's file from the worker's own profile. */
const MARKED_DISTINCT = 4242;

function markFormat(profile: ShippedProfile): void {
  const format = profile.tables.find((table) => table.table === "books")?.columns.find((column) => column.column === "format");
  if (!format) throw new Error("The site's profile has no books.format.");
  format.distinctCount = MARKED_DISTINCT;
}

async function profileShown(page: Page): Promise<{ contentKey: string; openKey: string; formatDistinct: number | undefined }> {
  await page.waitForFunction(() => window.__querylab?.descriptions().profile.status === "ready");
  return page.evaluate(async () => {
    const profile = window.__querylab!.descriptions().profile.value!;
    const format = profile.tables.find((table) => table.table === "books")?.columns.find((column) => column.column === "format");
    return { contentKey: profile.contentKey, openKey: await window.__querylab!.engine().contentKey(), formatDistinct: format?.distinctCount };
  });
}

test("a first visit shows the sample's column profile from the site, for the content it opened", async ({ page }) => {
  const site = await serveChangedProfile(page, markFormat);
  await openApp(page);
  const shown = await profileShown(page);
  expect(shown.formatDistinct).toBe(MARKED_DISTINCT);
  expect(shown.contentKey).toBe(shown.openKey);
  expect(site.requests()).toBe(1);
  // The panel shows it as it shows a profile the worker computed.
  await page.getByRole("navigation", { name: "Schema" }).getByText("books", { exact: true }).click();
  await page.getByRole("button", { name: "Profile of books.format" }).click();
  await expect(page.getByRole("group", { name: "Profile of books.format" })).toContainText("4,242 distinct");
});

test("a profile on the site for other content than the sample opened is not used: the worker profiles it", async ({ page }) => {
  const site = await serveChangedProfile(page, (profile) => {
    markFormat(profile);
    profile.contentKey = "0000000000000000-1";
  });
  await openApp(page);
  const shown = await profileShown(page);
  expect(site.requests()).toBe(1);
  expect(shown.contentKey).toBe(shown.openKey);
  expect(shown.formatDistinct).toBeGreaterThan(0);
  expect(shown.formatDistinct).not.toBe(MARKED_DISTINCT);
});

/** The value index's state as the status line shows it, once it is ready. */
async function valueIndexReady(page: Page): Promise<{ source: string | undefined; text: string | null }> {
  const status = page.locator("[data-index-state]");
  await expect(status).toHaveAttribute("data-index-state", "ready", { timeout: 30_000 });
  return { source: (await status.getAttribute("data-source")) ?? undefined, text: await status.textContent() };
}

test("a first visit reads the sample's value index from the site instead of indexing the sample, and questions use it", async ({ page }) => {
  const asked: string[] = [];
  page.on("request", (request) => {
    if (/\/samples\/bookshop\.sqlite\.values-/.test(request.url())) asked.push(new URL(request.url()).pathname);
  });
  await openApp(page);
  const ready = await valueIndexReady(page);
  // Read once the index is ready: until the whole file is in, the sample is read on demand under another key.
  const openKey = await page.evaluate(() => window.__querylab!.engine().contentKey());
  expect(ready.source).toBe("shipped");
  expect(ready.text).toMatch(/^[\d,]+ values · index from the site, read in /);
  // One request, for the content the worker has open.
  expect(asked).toEqual([`/samples/bookshop.sqlite.values-${openKey}.bin`]);
  // The worker holds it: a value of the sample is found for a question.
  const matches = await page.evaluate((key) => window.__querylab!.engine().matchValues(key, "books in the Paperback format", null), openKey);
  expect(matches?.some((match) => match.value === "Paperback")).toBe(true);
});

test("with no index on the site for the content opened, the worker indexes the sample itself", async ({ page }) => {
  await page.route("**/samples/bookshop.sqlite.values-*.bin", (route) => route.fulfill({ status: 404, body: "Not found" }));
  await openApp(page);
  const ready = await valueIndexReady(page);
  expect(ready.source).toBe("built");
  expect(ready.text).toMatch(/ · indexed in /);
});
