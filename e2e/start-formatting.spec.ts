// The first number or date a page formats with the runtime's Intl loads its locale data: 13-38 ms traced on the page's
// main thread, in the render that showed the page ready (the sample list's row counts, built while its dialog was
// closed). Until the page shows ready, a first visit and a returning one (a database kept, so the recent list has an
// entry with a date) format nothing through Intl.
import { expect, test, type Page } from "@playwright/test";
import { openApp, waitForReady } from "./helpers";
import { TRACE } from "./sample-trace";

/** Counts every use of Intl's formatters (and the methods built on them) and notes when the page first showed ready. */
const COUNT_INTL_USES = `(() => {
  const uses = (window.__intlUses = []);
  const note = (name) => uses.push({ name, at: performance.now(), shownReady: window.__shownReadyAt !== undefined });
  for (const name of ["NumberFormat", "DateTimeFormat", "PluralRules", "RelativeTimeFormat", "ListFormat", "Collator", "DisplayNames", "Segmenter"]) {
    const Original = Intl[name];
    if (typeof Original !== "function") continue;
    Intl[name] = new Proxy(Original, {
      construct(target, args, newTarget) {
        note("Intl." + name);
        return Reflect.construct(target, args, newTarget);
      },
      apply(target, self, args) {
        note("Intl." + name);
        return Reflect.apply(target, self, args);
      },
    });
  }
  const methods = [
    [Number.prototype, "Number", ["toLocaleString"]],
    [BigInt.prototype, "BigInt", ["toLocaleString"]],
    [Date.prototype, "Date", ["toLocaleString", "toLocaleDateString", "toLocaleTimeString"]],
    [String.prototype, "String", ["localeCompare"]],
  ];
  for (const [owner, ownerName, names] of methods) {
    for (const name of names) {
      const original = owner[name];
      owner[name] = function (...args) {
        note(ownerName + "." + name);
        return original.apply(this, args);
      };
    }
  }
  const observer = new MutationObserver(() => {
    if (document.querySelector('footer [data-state="ready"]')) {
      window.__shownReadyAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true });
})();`;

interface IntlUse {
  name: string;
  at: number;
  shownReady: boolean;
}

async function usesBeforeReady(page: Page): Promise<IntlUse[]> {
  await waitForReady(page);
  await expect.poll(() => page.evaluate(() => (window as { __shownReadyAt?: number }).__shownReadyAt !== undefined)).toBe(true);
  const uses = await page.evaluate(() => (window as { __intlUses?: IntlUse[] }).__intlUses ?? []);
  return uses.filter((use) => !use.shownReady);
}

test("the start formats nothing through Intl until the page shows ready, on a first visit and a returning one", async ({ page }) => {
  await page.addInitScript({ content: COUNT_INTL_USES });
  await page.goto("/");
  expect(await usesBeforeReady(page)).toEqual([]);
  // Kept in this browser: the next visit lists it among the recent databases, with the date it changed.
  await expect(page.locator("footer")).toContainText("saved in this browser", { timeout: 30_000 });
  await page.reload();
  expect(await usesBeforeReady(page)).toEqual([]);
  // The recent list is known once storage has answered (after ready); while its dialog is closed no date is formatted
  // for it (the menu built the closed dialogs' content on each of its renders), and once opened it shows the date.
  await expect.poll(() => page.evaluate(() => window.__querylab!.database().recent.length)).toBeGreaterThan(0);
  const whileClosed = await page.evaluate(() => (window as { __intlUses?: IntlUse[] }).__intlUses ?? []);
  expect(whileClosed.filter((use) => use.name.startsWith("Date.")).map((use) => use.name)).toEqual([]);
  await page.getByRole("button", { name: "Recent", exact: true }).click();
  const recent = page.getByRole("dialog", { name: "Recent databases" });
  await expect(recent).toContainText("changed");
  const used = await page.evaluate(() => (window as { __intlUses?: IntlUse[] }).__intlUses ?? []);
  expect(used.some((use) => use.name === "Date.toLocaleString")).toBe(true);
});

test("a closed history formats no dates for its entries; opened, it lists them with their dates", async ({ page }) => {
  await openApp(page);
  await page.getByLabel("Trace file").setInputFiles({ name: "trace.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(TRACE)) });
  const history = page.getByRole("complementary", { name: "Agent trace" }).getByText(/^History \(\d+\)$/);
  await expect(history).toHaveText("History (1)");
  await page.addInitScript({ content: COUNT_INTL_USES });
  await page.reload();
  await waitForReady(page);
  await expect(history).toHaveText("History (1)");
  const dates = () =>
    page.evaluate(() => ((window as { __intlUses?: IntlUse[] }).__intlUses ?? []).filter((use) => use.name.startsWith("Date.")).map((use) => use.name));
  expect(await dates()).toEqual([]);
  await history.click();
  const runs = page.getByRole("list", { name: "Past runs" });
  await expect(runs).toContainText(TRACE.question);
  expect(await dates()).toContain("Date.toLocaleString");
});
