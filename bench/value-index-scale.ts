// The value index at scale: a database of a million distinct text values opened in the page (headless Chromium); the longest
// main-thread task while its values are indexed in the SQLite worker, the indexing time, and the time to reuse the index from
// IndexedDB after a reload. `npx tsx bench/value-index-scale.ts` runs this part alone (it builds the test app first).
import { existsSync, mkdirSync, renameSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import type { Browser, Page } from "@playwright/test";
import { launchBrowser, VIEWPORT } from "./browser";
import { buildApp, startPreview } from "./serve";
import { round } from "./stats";

const ROWS_PER_TABLE = 250_000;
/** Bumped when the generated database changes, so a cached file of an older shape is not measured. */
const GENERATION = 1;
const DATABASE_PATH = join(tmpdir(), "querylab-bench", `million-values-v${GENERATION}.sqlite`);
const TIMEOUT_MS = 600_000;

const ADJECTIVES = ["amber", "brisk", "coral", "dusky", "eager", "fabled", "gilded", "hollow", "ivory", "jagged", "keen", "lunar", "misty", "noble"];
const NOUNS = ["anchor", "beacon", "canyon", "dagger", "ember", "falcon", "garnet", "harbor", "island", "juniper", "kettle", "lantern", "meadow"];
const CITIES = Array.from({ length: 200 }, (_unused, index) => `City ${ADJECTIVES[index % ADJECTIVES.length]} ${NOUNS[index % NOUNS.length]} ${index}`);
const STATUSES = ["ordered", "packed", "shipped", "in transit", "delivered", "returned"];

/**
 * Four tables of 250,000 rows: product SKUs and names, customer e-mails and shipment tracking codes are each distinct
 * (1,000,000 distinct text values), beside columns of few values (category, city, status) as real tables have.
 * Deterministic, and kept in the temp directory between runs.
 */
export function millionValuesDatabase(): { path: string; distinctValues: number } {
  if (!existsSync(DATABASE_PATH)) {
    mkdirSync(join(tmpdir(), "querylab-bench"), { recursive: true });
    const database = new Database(`${DATABASE_PATH}.partial`);
    database.exec(`
      CREATE TABLE products (product_id INTEGER PRIMARY KEY, sku TEXT NOT NULL, name TEXT NOT NULL, category TEXT NOT NULL, price_cents INTEGER);
      CREATE TABLE customers (customer_id INTEGER PRIMARY KEY, email TEXT NOT NULL, city TEXT NOT NULL);
      CREATE TABLE shipments (shipment_id INTEGER PRIMARY KEY, tracking_code TEXT NOT NULL, status TEXT NOT NULL, customer_id INTEGER REFERENCES customers(customer_id));`);
    let seed = 20_261_201;
    const random = () => (seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0) / 2 ** 32;
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    const code = (prefix: string, index: number) => `${prefix}-${(index * 7_919 + 104_729).toString(36).toUpperCase().padStart(6, "0")}`;
    const insertProduct = database.prepare("INSERT INTO products VALUES (?, ?, ?, ?, ?)");
    const insertCustomer = database.prepare("INSERT INTO customers VALUES (?, ?, ?)");
    const insertShipment = database.prepare("INSERT INTO shipments VALUES (?, ?, ?, ?)");
    database.transaction(() => {
      for (let index = 1; index <= ROWS_PER_TABLE; index += 1) {
        insertProduct.run(
          index,
          code("SKU", index),
          `${pick(ADJECTIVES)} ${pick(NOUNS)} model ${index}`,
          `category ${index % 40}`,
          Math.floor(random() * 100_000),
        );
        insertCustomer.run(index, `${pick(NOUNS)}.${pick(ADJECTIVES)}${index}@example.org`, pick(CITIES));
        insertShipment.run(index, code("TRK", index), pick(STATUSES), 1 + Math.floor(random() * index));
      }
    })();
    database.close();
    // Renamed only once complete, so an interrupted run never leaves a short file to be measured next time.
    renameSync(`${DATABASE_PATH}.partial`, DATABASE_PATH);
  }
  return { path: DATABASE_PATH, distinctValues: 4 * ROWS_PER_TABLE };
}

/**
 * Runs in the page before its scripts: records every long task (≥ 50 ms, the Long Tasks API) and long animation frame,
 * and when the value index's status changes state. A string: tsx's helpers do not exist in the page.
 */
const PROBE = `(() => {
  const probe = (window.__valueIndexProbe = { tasks: [], states: [] });
  for (const type of ["longtask", "long-animation-frame"]) {
    try {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          const scripts = (entry.scripts || []).map((script) => (script.invoker || "") + " " + (script.sourceFunctionName || "") + " " + (script.sourceURL || "").split("/").pop() + " " + Math.round(script.duration) + "ms").slice(0, 4);
          probe.tasks.push({ type, start: entry.startTime, duration: entry.duration, scripts });
        }
      }).observe({ type, buffered: true });
    } catch {}
  }
  let last = null;
  new MutationObserver(() => {
    const element = document.querySelector("footer .value-index-status");
    const state = element ? element.getAttribute("data-index-state") + ":" + (element.getAttribute("data-source") || "") : null;
    if (state !== last) {
      last = state;
      probe.states.push({ state, at: performance.now(), text: element ? element.textContent : null });
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
})();`;

interface Probe {
  tasks: Array<{ type: string; start: number; duration: number; scripts?: string[] }>;
  states: Array<{ state: string | null; at: number; text: string | null }>;
}

declare global {
  interface Window {
    __valueIndexProbe?: Probe;
  }
}

export interface ValueIndexWindow {
  /** From the status first saying it reads (a kept index) or indexes, to it saying ready. */
  ms: number;
  /** The longest main-thread task or animation frame of 50 ms or more in that window; 0 when there was none. */
  longestTaskMs: number;
  longTasks: number;
  statusText: string;
  /** The longest few, with what ran in them (long animation frames name their scripts), to see what to fix. */
  longest: Array<{ type: string; ms: number; atMs: number; scripts: string[] }>;
}

export interface ValueIndexScaleResult {
  distinctValues: number;
  databaseMB: number;
  /** The first open: values read and indexed in the worker. */
  indexing: ValueIndexWindow;
  /** From choosing the file to the index ready: also the page's own work of opening and saving the file. */
  openAndIndex: { longestTaskMs: number; longTasks: number };
  /** After a reload: the kept index read from IndexedDB and loaded into the worker. */
  reuse: ValueIndexWindow;
}

async function waitForIndexState(page: Page, source: "built" | "kept" | "shipped", after: number): Promise<void> {
  await page.waitForFunction(
    ({ source, after }) => window.__valueIndexProbe!.states.some((entry) => entry.at > after && entry.state === `ready:${source}`),
    { source, after },
    { timeout: TIMEOUT_MS, polling: 500 },
  );
}

function windowOf(probe: Probe, after: number, source: "built" | "kept"): ValueIndexWindow {
  const later = probe.states.filter((entry) => entry.at > after);
  const start = later.find((entry) => entry.state?.startsWith("reading") || entry.state?.startsWith("indexing"));
  const ready = later.find((entry) => entry.state === `ready:${source}`);
  if (!start || !ready) throw new Error(`The value index status never went from reading/indexing to ready (${source}): ${JSON.stringify(later)}`);
  const tasks = probe.tasks.filter((task) => task.start + task.duration > start.at && task.start < ready.at);
  return {
    ms: round(ready.at - start.at),
    longestTaskMs: round(Math.max(0, ...tasks.map((task) => task.duration))),
    longTasks: tasks.length,
    statusText: ready.text ?? "",
    longest: tasks
      .sort((a, b) => b.duration - a.duration)
      .slice(0, 5)
      .map((task) => ({ type: task.type, ms: round(task.duration), atMs: round(task.start - start.at), scripts: task.scripts ?? [] })),
  };
}

export async function measureValueIndexScale(browser: Browser, url: string): Promise<ValueIndexScaleResult> {
  const { path, distinctValues } = millionValuesDatabase();
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    await context.addInitScript({ content: PROBE });
    const page = await context.newPage();
    await page.goto(url);
    // The sample opens first and its index is read (the build's, which comes with the site); then the page is quiet.
    await page.waitForFunction(() => window.__querylab?.database().status === "ready", undefined, { timeout: TIMEOUT_MS });
    await waitForIndexState(page, "shipped", 0);
    await page.waitForTimeout(1000);

    const chosenAt = await page.evaluate(() => performance.now());
    await page.getByLabel("Database file").setInputFiles(path);
    await page.waitForFunction(() => window.__querylab!.database().current?.name.startsWith("million-values") === true, undefined, { timeout: TIMEOUT_MS });
    await waitForIndexState(page, "built", chosenAt);
    const first = (await page.evaluate(() => window.__valueIndexProbe!))!;
    const indexing = windowOf(first, chosenAt, "built");
    const openTasks = first.tasks.filter((task) => task.start + task.duration > chosenAt);
    // Let the index reach IndexedDB before reloading.
    await page.waitForTimeout(3000);

    await page.reload();
    await waitForIndexState(page, "kept", 0);
    const second = (await page.evaluate(() => window.__valueIndexProbe!))!;
    const reuse = windowOf(second, 0, "kept");
    const name = await page.evaluate(() => window.__querylab!.database().current?.name ?? "");
    if (!name.startsWith("million-values")) throw new Error(`After the reload "${name}" is open, not the million-value database.`);
    return {
      distinctValues,
      databaseMB: round(statSync(path).size / 1024 / 1024),
      indexing,
      openAndIndex: { longestTaskMs: round(Math.max(0, ...openTasks.map((task) => task.duration))), longTasks: openTasks.length },
      reuse,
    };
  } finally {
    await context.close();
  }
}

/** This part alone: builds the test app, serves it, measures, prints the figures as JSON. */
async function main(): Promise<void> {
  const directory = "bench/.dist-test";
  await buildApp(directory, "test");
  const server = await startPreview(directory);
  const browser = await launchBrowser();
  try {
    process.stdout.write(`${JSON.stringify(await measureValueIndexScale(browser, server.url), null, 2)}\n`);
  } finally {
    await browser.close();
    await server.close();
  }
}

if (process.argv[1]?.endsWith("value-index-scale.ts")) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  });
}
