// The CPU a first visit costs the machine, start-up and what follows it: from the navigation until 5 s after the editor
// appeared, all the browser's processes. The page keeps working once it is ready (the editor loads, the sample's whole
// file comes in, the schema context is made ready for a first question); on two cores that work competes with what a
// person does first. A fixed window, so builds compare by the CPU used in it.
import type { Browser } from "@playwright/test";
import { VIEWPORT } from "./browser";
import { cpuUsedSince, processCpuMs } from "./page-load";
import { median, round } from "./stats";

const SETTLE_MS = 5000;

export interface FirstVisitCpu {
  runs: number;
  settleMs: number;
  cpuMedianMs: number;
  cpuSamplesMs: number[];
  /** Where each visit's value index came from by the window's end ("shipped", "built", or its state when not ready). */
  valueIndexSources: string[];
  /**
   * The page's longest main-thread task in the same window (the browser's long-task entries), median over the visits:
   * what a key or click waits for at worst in a first visit's first seconds (Monaco's evaluation was the longest).
   */
  longestTaskMedianMs: number;
  longestTaskSamplesMs: number[];
}

/** Records the page's long tasks from its start (a string: tsx's helpers do not exist in the page). */
const LONG_TASK_PROBE = `window.__benchLongTasks = []; new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.__benchLongTasks.push(entry.duration); }).observe({ type: "longtask", buffered: true });`;

export async function measureFirstVisitCpu(browser: Browser, url: string, runs: number): Promise<FirstVisitCpu> {
  const samples: number[] = [];
  const sources: string[] = [];
  const longestTasks: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const context = await browser.newContext({ viewport: VIEWPORT });
    try {
      await context.addInitScript({ content: LONG_TASK_PROBE });
      const page = await context.newPage();
      const before = await processCpuMs(browser);
      await page.goto(url, { waitUntil: "commit" });
      await page.waitForSelector('footer [data-state="ready"]', { timeout: 60_000 });
      await page.waitForSelector(".monaco-editor", { timeout: 60_000 });
      await page.waitForTimeout(SETTLE_MS);
      // Read before the context closes: a process that has exited is no longer listed.
      samples.push(cpuUsedSince(before, await processCpuMs(browser)));
      longestTasks.push((await page.evaluate("Math.max(0, ...window.__benchLongTasks)")) as number);
      const status = page.locator("[data-index-state]");
      sources.push((await status.getAttribute("data-source").catch(() => null)) ?? (await status.getAttribute("data-index-state").catch(() => null)) ?? "none");
    } finally {
      await context.close();
    }
  }
  return {
    runs,
    settleMs: SETTLE_MS,
    cpuMedianMs: round(median(samples), 0),
    cpuSamplesMs: samples.map((ms) => round(ms, 0)),
    valueIndexSources: sources,
    longestTaskMedianMs: round(median(longestTasks), 0),
    longestTaskSamplesMs: longestTasks.map((ms) => round(ms, 0)),
  };
}
