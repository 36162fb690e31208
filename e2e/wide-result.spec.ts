// A result far wider than the window scrolls inside the grid: the page never grows wider than the window, and no
// panel ends up over another's buttons.
import { expect, test, type Page } from "@playwright/test";
import { openApp, runSql } from "./helpers";

/** Whether a point at the button's centre lands on the button (not on a panel drawn over it). */
async function reachable(page: Page, name: RegExp): Promise<boolean> {
  const button = page.getByRole("button", { name });
  await button.scrollIntoViewIfNeeded();
  const box = (await button.boundingBox())!;
  return button.evaluate((element, [x, y]) => element.contains(document.elementFromPoint(x!, y!)), [box.x + box.width / 2, box.y + box.height / 2]);
}

for (const viewport of [
  { width: 1400, height: 900 },
  { width: 700, height: 900 },
]) {
  test(`a result of 60 columns scrolls inside the grid at ${viewport.width} px; the page stays as wide as the window and Run and Ask stay clickable`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await openApp(page);
    const columns = Array.from({ length: 60 }, (_, index) => `'a value wide enough to matter ${index + 1}' AS column_${index + 1}`);
    await runSql(page, `SELECT ${columns.join(", ")} UNION ALL SELECT ${columns.map((_, index) => index).join(", ")}`);
    const grid = page.getByRole("grid", { name: "Query result" });
    await expect(grid.getByRole("columnheader", { name: "column_60" })).toBeAttached();

    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
    expect(widths.page).toBeLessThanOrEqual(widths.window);
    const scrolled = await grid.evaluate((element) => {
      element.scrollLeft = element.scrollWidth;
      return { overflow: element.scrollWidth - element.clientWidth, left: element.scrollLeft, right: element.getBoundingClientRect().right };
    });
    expect(scrolled.overflow).toBeGreaterThan(1000);
    expect(scrolled.left).toBeGreaterThan(1000);
    expect(scrolled.right).toBeLessThanOrEqual(viewport.width);
    if (viewport.width === 1400) await page.screenshot({ path: "test-results/wide-result.png" });

    expect(await reachable(page, /^Run/)).toBe(true);
    expect(await reachable(page, /^Ask$/)).toBe(true);
    await page.getByRole("button", { name: /^Run/ }).click();
    await page.waitForFunction(() => window.__querylab!.query().running === null);
    await expect(grid.getByRole("columnheader", { name: "column_60" })).toBeAttached();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
}
