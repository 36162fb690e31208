// Opens the test build (which exposes window.__querylab) in a new context and waits until the sample is open, the
// editor loaded and the first save done, so what a bench then measures is the query path, not the page's start-up.
import type { Browser, Page } from "@playwright/test";
import { VIEWPORT } from "./browser";

export async function openTestPage(browser: Browser, url: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForFunction(() => window.__querylab?.database().status === "ready" && window.__querylab.query().running === null, undefined, {
      timeout: 60_000,
    });
    const name = await page.evaluate(() => window.__querylab!.database().current?.name ?? null);
    if (name !== "Bookshop") throw new Error(`Expected the Bookshop sample to open first, but "${name}" is open.`);
    // Monaco loads once the database is ready and compiles on the main thread for a while; measuring during that
    // would time the editor's start-up, not the queries. Wait for it, then for the first save to finish.
    await page.waitForSelector(".monaco-editor", { timeout: 60_000 });
    await page.waitForFunction(() => window.__querylab!.database().current?.saveState === "saved", undefined, { timeout: 60_000 });
    await page.waitForTimeout(1000);
    return { page, close: () => context.close() };
  } catch (error) {
    await context.close();
    throw error;
  }
}
