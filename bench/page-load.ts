// Cold loads of the production build: time until the sample database is ready, and the JavaScript fetched until then.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser, Page, Request } from "@playwright/test";
import { browserProcesses, VIEWPORT } from "./browser";
import { deferredChunks, readChunkGraph } from "./bundle-graph";
import { kilobytes, median, round, roundAll } from "./stats";

const READY_SELECTOR = 'footer [data-state="ready"]';
// Generous: on a loaded two-core machine a cold load has taken over 20 s.
const LOAD_TIMEOUT_MS = 120_000;

/**
 * Runs in the page before its scripts and records performance.now() (ms since navigation start) at the first
 * DOM change after which the schema panel lists `books`, the status line says ready, and both (= ready).
 * A MutationObserver fires in the same task as the change, so unlike polling it adds no frame of delay.
 * The app shows the schema before it stores the database in IndexedDB and only then says ready, so the gap
 * between the two marks is roughly that first save.
 * A string, not a function: tsx compiles functions with name-keeping helpers that do not exist in the page.
 */
const READY_PROBE = `(() => {
  const marks = (window.__benchMarks = {});
  const observer = new MutationObserver(() => {
    if (marks.statusReadyAt === undefined && document.querySelector(${JSON.stringify(READY_SELECTOR)})) marks.statusReadyAt = performance.now();
    if (marks.schemaListedAt === undefined) {
      const schema = document.querySelector('nav[aria-label="Schema"]');
      for (const element of schema ? schema.querySelectorAll("*") : []) {
        if (element.childElementCount === 0 && element.textContent.trim() === "books") {
          marks.schemaListedAt = performance.now();
          break;
        }
      }
    }
    if (marks.statusReadyAt !== undefined && marks.schemaListedAt !== undefined) {
      marks.readyAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
})();`;

interface ReadyMarks {
  schemaListedAt?: number;
  statusReadyAt?: number;
  readyAt?: number;
}

declare global {
  interface Window {
    __benchMarks?: ReadyMarks;
  }
}

interface ColdLoad {
  /** Navigation start to ready, measured in the page. */
  navigationToReadyMs: number;
  /** Navigation start to the schema panel listing `books` (before the first save to IndexedDB). */
  navigationToSchemaMs: number;
  /** page.goto called to Playwright seeing ready: adds Playwright's round trips and polling. */
  gotoToReadyMs: number;
  /** The page's own start marks (app/browser/start-marks.ts), ms since navigation start; none for the floor. */
  steps: Record<string, number>;
  /**
   * CPU time all the browser's processes used from just before the navigation until the bench saw the page ready (it
   * asks every READY_POLL_MS, so a little after the page's own ready; see processCpuMs).
   */
  browserCpuMs: number;
}

/**
 * CPU time so far of each of the browser's processes (CDP SystemInfo.getProcessInfo: the browser, its renderers, GPU and
 * utility processes), in ms by process id. On two cores a cold load keeps both busy, so its time to ready follows the
 * CPU it needs, which this shows page by page; a process that exits before the second reading is left out.
 */
export async function processCpuMs(browser: Browser): Promise<Map<number, number>> {
  return new Map((await browserProcesses(browser)).map((process) => [process.id, process.cpuTime * 1000]));
}

export function cpuUsedSince(before: Map<number, number>, after: Map<number, number>): number {
  let used = 0;
  for (const [id, ms] of after) used += ms - (before.get(id) ?? 0);
  return used;
}

/** The start marks ("querylab:<step>") of a page or worker, as absolute times (its time origin + the mark's time). */
const READ_MARKS = `performance.getEntriesByType("mark").filter((entry) => entry.name.startsWith("querylab:")).map((entry) => [entry.name.slice(9), performance.timeOrigin + entry.startTime])`;

/** The app's User Timing marks of its start by step, the SQLite worker's ("worker-…") included, in ms since navigation. */
async function startSteps(page: Page): Promise<Record<string, number>> {
  const origin = await page.evaluate(() => performance.timeOrigin);
  const marks = (await page.evaluate(READ_MARKS)) as [string, number][];
  for (const worker of page.workers().filter((candidate) => /sqlite\.worker/.test(candidate.url()))) {
    marks.push(...((await worker.evaluate(READ_MARKS).catch(() => [])) as [string, number][]));
  }
  return Object.fromEntries(marks.map(([step, time]) => [step, time - origin]));
}

/** How often waitForReady asks the page whether its ready probe has fired. */
const READY_POLL_MS = 25;

/**
 * Waits until the page's ready probe (READY_PROBE: the status line ready and `books` in the schema panel) has fired,
 * asking the page with a plain expression every READY_POLL_MS. Not with Playwright's selectors: their first use puts
 * Playwright's own script (some 330 KB) into the page, which compiled and ran for 60-170 ms on the page's main thread
 * in the middle of the load it measured (in QueryLab's and the floor's alike). A question is a task of a fraction of a
 * millisecond.
 */
async function waitForReady(page: Page): Promise<void> {
  await waitInPage(page, "window.__benchMarks?.readyAt !== undefined", LOAD_TIMEOUT_MS, READY_POLL_MS, "The ready probe did not fire");
}

/** Asks the page `expression` (awaited: it may be async) every `pollMs` until it is true; `what` names it in the error. */
async function waitInPage(page: Page, expression: string, timeoutMs: number, pollMs: number, what = `${expression} was not true`): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await page.evaluate(expression))) {
    if (performance.now() > deadline) throw new Error(`${what} within ${timeoutMs} ms.`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/** A network profile applied with Chromium's emulation (CDP Network.emulateNetworkConditions) before the page loads. */
export interface NetworkProfile {
  name: string;
  /** Added to each request's round trip. */
  latencyMs: number;
  /** Both directions. */
  bitsPerSecond: number;
}

export const THROTTLED_NETWORK: NetworkProfile = { name: "10 Mbit/s, 40 ms round trip", latencyMs: 40, bitsPerSecond: 10_000_000 };

interface ColdLoadOptions {
  onRequest?: (request: Request) => void;
  /** Refuse Monaco's chunk (the app falls back to its plain editor) to see what loading it costs the database. */
  blockEditor?: boolean;
  /** Loopback when absent. */
  network?: NetworkProfile;
  /**
   * A page on another site the tab shows first (see ARRIVING_FROM_ANOTHER_SITE); absent, the load starts from the new
   * tab's blank page, as the target's figures do.
   */
  arriveFrom?: string;
  /**
   * A returning visit: the page is visited once first (not measured) and, once ready and this expression (evaluated in
   * the page, awaited) is true, visited again in the same context; that second load is measured, with the storage,
   * HTTP cache and service worker the first left behind.
   */
  revisitWhen?: string;
}

/** How long a first visit may take to leave what a returning visit finds (its database kept, its service worker active). */
const REVISIT_SETTLE_TIMEOUT_MS = 60_000;

async function emulateNetwork(page: Page, network: NetworkProfile): Promise<void> {
  const session = await page.context().newCDPSession(page);
  await session.send("Network.enable");
  const bytesPerSecond = network.bitsPerSecond / 8;
  await session.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: network.latencyMs,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: bytesPerSecond,
  });
}

/**
 * One first visit: a new context has empty storage and an empty HTTP cache, so the sample is fetched and opened. With
 * revisitWhen, the visit measured is the context's second (a returning visit).
 */
async function coldLoad(browser: Browser, url: string, options: ColdLoadOptions = {}): Promise<{ load: ColdLoad; page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    if (options.onRequest) context.on("request", options.onRequest);
    if (options.blockEditor) await context.route(/\/assets\/monaco-[^/]*\.js$/, (route) => route.abort());
    await context.addInitScript({ content: READY_PROBE });
    const page = await context.newPage();
    if (options.network) await emulateNetwork(page, options.network);
    if (options.arriveFrom) await page.goto(options.arriveFrom, { timeout: LOAD_TIMEOUT_MS });
    if (options.revisitWhen) {
      await page.goto(url, { timeout: LOAD_TIMEOUT_MS, waitUntil: "commit" });
      await waitForReady(page);
      await waitInPage(page, options.revisitWhen, REVISIT_SETTLE_TIMEOUT_MS, 100);
    }
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));
    const cpuBefore = await processCpuMs(browser);
    const started = performance.now();
    // "commit": the ready probe times the load; waiting for the load event would only add a condition that can stall.
    await page.goto(url, { timeout: LOAD_TIMEOUT_MS, waitUntil: "commit" });
    await waitForReady(page).catch((error: unknown) => {
      throw new Error(`The app did not become ready: ${String(error)}${pageErrors.length ? `\nPage errors: ${pageErrors.join("; ")}` : ""}`);
    });
    const gotoToReadyMs = performance.now() - started;
    const browserCpuMs = cpuUsedSince(cpuBefore, await processCpuMs(browser));
    const marks = await page.evaluate(() => window.__benchMarks ?? {});
    if (marks.readyAt === undefined || marks.schemaListedAt === undefined) {
      throw new Error("The ready probe did not fire although Playwright saw the app ready.");
    }
    const steps = await startSteps(page);
    return {
      load: { navigationToReadyMs: marks.readyAt, navigationToSchemaMs: marks.schemaListedAt, gotoToReadyMs, steps, browserCpuMs },
      page,
      close: () => context.close(),
    };
  } catch (error) {
    await context.close();
    throw error;
  }
}

export interface TimeToReadyResult {
  medianMs: number;
  samplesMs: number[];
  schemaListedMedianMs: number;
  schemaListedSamplesMs: number[];
  gotoToReadyMedianMs: number;
  gotoToReadySamplesMs: number[];
  /**
   * Median time of each start step the page marks (ms since navigation start), in the order of the median, ending with
   * the probe's ready: where the time to ready goes. Steps marked in only some loads (the sample on a first visit) are
   * the median of those.
   */
  stepsMedianMs: Record<string, number>;
  /** CPU time the browser's processes used from the navigation to ready (ColdLoad.browserCpuMs). */
  browserCpuMedianMs: number;
  browserCpuSamplesMs: number[];
}

function medianSteps(loads: readonly ColdLoad[]): Record<string, number> {
  const names = [...new Set(loads.flatMap((load) => Object.keys(load.steps)))];
  const medians = names.map((name) => [name, round(median(loads.flatMap((load) => (name in load.steps ? [load.steps[name]] : []))))] as const);
  return Object.fromEntries([...medians].sort((a, b) => a[1] - b[1]));
}

function summarize(loads: readonly ColdLoad[]): TimeToReadyResult {
  const figures = (pick: (load: ColdLoad) => number) => {
    const samples = loads.map(pick);
    return { median: round(median(samples)), samples: roundAll(samples) };
  };
  const ready = figures((load) => load.navigationToReadyMs);
  const schema = figures((load) => load.navigationToSchemaMs);
  const viaGoto = figures((load) => load.gotoToReadyMs);
  const cpu = figures((load) => load.browserCpuMs);
  return {
    medianMs: ready.median,
    samplesMs: ready.samples,
    schemaListedMedianMs: schema.median,
    schemaListedSamplesMs: schema.samples,
    gotoToReadyMedianMs: viaGoto.median,
    gotoToReadySamplesMs: viaGoto.samples,
    stepsMedianMs: medianSteps(loads),
    browserCpuMedianMs: cpu.median,
    browserCpuSamplesMs: cpu.samples,
  };
}

async function timedColdLoad(browser: Browser, url: string, options: ColdLoadOptions): Promise<ColdLoad> {
  const { load, close } = await coldLoad(browser, url, options);
  await close();
  return load;
}

export async function measureTimeToReady(browser: Browser, url: string, runs: number, options: { blockEditor?: boolean } = {}): Promise<TimeToReadyResult> {
  const loads: ColdLoad[] = [];
  for (let run = 0; run < runs; run += 1) loads.push(await timedColdLoad(browser, url, options));
  return summarize(loads);
}

/**
 * Where a diagnostic load arrives from: a blank page on another site than the page loaded. A new tab's blank page has a
 * renderer process of its own already, and Chromium lets the first site the tab opens take it over, unless the page
 * sends Cross-Origin-Opener-Policy (QueryLab's does: app/browser/security-headers.ts), which puts it in a new browsing
 * context group and so a new process. From another site's page both pages need a new process, as a visit from a
 * link or the address bar does. `baseUrl` is the bench's server on 127.0.0.1; localhost is another site.
 */
export function arrivingFromAnotherSite(baseUrl: string, floorPath: string): string {
  const address = new URL(`${floorPath}${BLANK_PAGE}`, baseUrl);
  if (address.hostname !== "127.0.0.1") throw new Error(`The bench's server is expected on 127.0.0.1, not ${address.hostname}.`);
  address.hostname = "localhost";
  return address.href;
}

/** A blank page in the floor's folder (bench/floor-site.ts writes it). */
export const BLANK_PAGE = "blank.html";

export interface StartupComparison {
  network: string;
  queryLab: TimeToReadyResult;
  floor: TimeToReadyResult;
  /** QueryLab's median time to ready ÷ the floor's: the issue's target is ≤ 1. */
  readyRatio: number;
  /** The same for the schema listed (QueryLab's first screen, before its first save). */
  schemaListedRatio: number;
  /**
   * A diagnostic, when its page was given: the floor page with sql.js in a worker (bench/floor/worker.html), loaded in
   * the same rounds. How much of the time to ready a worker itself costs (workerFloorRatio: it ÷ the floor), and how
   * far QueryLab is from a page with its design but nothing else (readyRatioToWorkerFloor: QueryLab ÷ it).
   */
  workerFloor?: { result: TimeToReadyResult; workerFloorRatio: number; readyRatioToWorkerFloor: number };
  /** Loads that did not become ready within the timeout, left out of the medians. */
  notReady: string[];
}

/** The worker floor page, beside the floor page's index.html in its folder (bench/floor-site.ts copies it there). */
export const WORKER_FLOOR_PAGE = "worker.html";

/**
 * When a returning visit comes back to each page (compareStartup's revisitWhen): QueryLab once its database is kept in
 * the browser (the status line says so) and its service worker is active (the production build's; it precaches the
 * site), as a person comes back to it another day; the floor page keeps nothing but what the HTTP cache holds.
 */
export const RETURNING_VISIT = {
  queryLab: `(async () => (document.querySelector("footer")?.textContent ?? "").includes("saved in this browser") && Boolean((await navigator.serviceWorker.getRegistration())?.active))()`,
  floor: "true",
};

/**
 * QueryLab and the floor page (bench/floor: sql.js on the main thread, a 1 KB database) loaded cold in turn, the
 * order rotating each round, so both see the same machine load and the ratio means something on a busy machine; with
 * `urls.workerFloor`, the worker floor page too, in the same rounds.
 */
export async function compareStartup(
  browser: Browser,
  urls: { queryLab: string; floor: string; workerFloor?: string },
  runs: number,
  network?: NetworkProfile,
  arriveFrom?: string,
  /** Returning visits instead of first ones (ColdLoadOptions.revisitWhen), with each page's condition for coming back. */
  revisitWhen?: { queryLab: string; floor: string },
): Promise<StartupComparison> {
  const loads = { queryLab: [] as ColdLoad[], floor: [] as ColdLoad[], workerFloor: [] as ColdLoad[] };
  const pages = urls.workerFloor === undefined ? (["queryLab", "floor"] as const) : (["queryLab", "floor", "workerFloor"] as const);
  const notReady: string[] = [];
  for (let run = 0; run < runs; run += 1) {
    // Each page goes first in turn (with two pages: the order alternates).
    const order = pages.map((_, index) => pages[(index + run) % pages.length]);
    for (const page of order) {
      const url = urls[page];
      if (url === undefined) continue;
      // The worker floor keeps nothing a returning visit could find but the HTTP cache, like the floor page.
      const cameBack = revisitWhen === undefined ? undefined : page === "queryLab" ? revisitWhen.queryLab : revisitWhen.floor;
      // On a saturated machine one load can miss the timeout; it is reported, and the median is of the others.
      const load = await timedColdLoad(browser, url, { network, arriveFrom, revisitWhen: cameBack }).catch((error: unknown) => {
        notReady.push(`${page} run ${run + 1}: ${String(error).split("\n")[0]}`);
        return null;
      });
      if (load) loads[page].push(load);
    }
  }
  if (loads.queryLab.length === 0 || loads.floor.length === 0) throw new Error(`No load became ready: ${notReady.join("; ")}`);
  const ours = summarize(loads.queryLab);
  const theirs = summarize(loads.floor);
  const inWorker = loads.workerFloor.length > 0 ? summarize(loads.workerFloor) : null;
  return {
    network: network?.name ?? "loopback",
    queryLab: ours,
    floor: theirs,
    readyRatio: round(ours.medianMs / theirs.medianMs, 2),
    schemaListedRatio: round(ours.schemaListedMedianMs / theirs.schemaListedMedianMs, 2),
    ...(inWorker && {
      workerFloor: {
        result: inWorker,
        workerFloorRatio: round(inWorker.medianMs / theirs.medianMs, 2),
        readyRatioToWorkerFloor: round(ours.medianMs / inWorker.medianMs, 2),
      },
    }),
    notReady,
  };
}

interface FileSize {
  file: string;
  rawKB: number;
  gzipKB: number;
}

interface FileSet {
  rawKB: number;
  gzipKB: number;
  files: FileSize[];
}

export interface InitialJavaScriptResult {
  /** Scripts fetched before ready, minus the deferred editor code. */
  initial: FileSet;
  /** Monaco's editor chunk, its worker and chunks only they import (fetched, or not, before ready). */
  deferred: FileSet & { fetchedBeforeReady: string[] };
  /** Chunks of the build not requested before ready. */
  notLoadedBeforeReady: string[];
  /** sql-formatter must wait for the first Format; true would be a regression. */
  sqlFormatterLoadedBeforeReady: boolean;
  wasm: FileSet;
  rule: string;
  /** When each file the page itself fetched finished (ms since navigation start), to see what ready waited on. Worker fetches are not in the page's timeline. */
  timeline: { readyAtMs: number; resources: { file: string; startMs: number; endMs: number }[] };
}

function sizeOf(file: string, bytes: Buffer): FileSize {
  return { file, rawKB: kilobytes(bytes.byteLength), gzipKB: kilobytes(gzipSync(bytes, { level: 9 }).byteLength) };
}

function fileSet(sizes: FileSize[]): FileSet {
  const sorted = [...sizes].sort((a, b) => b.gzipKB - a.gzipKB);
  return {
    rawKB: round(sorted.reduce((sum, size) => sum + size.rawKB, 0)),
    gzipKB: round(sorted.reduce((sum, size) => sum + size.gzipKB, 0)),
    files: sorted,
  };
}

export const INITIAL_JS_RULE =
  "Initial = every script response (resource type 'script' or URL ending in .js) that the page, its workers or its service worker " +
  "started before ready (the browser's request start time against the page's ready mark, not when the bench noticed ready), " +
  "excluding the service worker's own fetch() calls (its precache, and its copies of requests the page makes, which are counted as " +
  "the page's) and deferred chunks. Deferred = files named monaco-* (Monaco's chunks) or editor.worker-*, plus chunks reachable from them in " +
  "the build's reference graph (static imports, import(), worker URLs) that index.html cannot reach without passing through them. " +
  "React.lazy requests Monaco right after first render, racing the database load; it is not needed to show a ready database. " +
  "Scripts inlined in index.html (the start script) are counted as one more file.";

/** How long a recorded request may take to answer before its start is taken from when the bench saw it instead. */
const RESPONSE_WAIT_MS = 15_000;

interface RecordedRequest {
  request: Request;
  /** Date.now() when Playwright reported it: later than the browser's own start time, never earlier. */
  notedAtMs: number;
}

/** The browser's start time of the request (epoch ms), known once its response arrives; null when it failed. */
async function startTimeOf({ request, notedAtMs }: RecordedRequest): Promise<number | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const noAnswer = new Promise<"no answer">((resolve) => {
    timer = setTimeout(() => resolve("no answer"), RESPONSE_WAIT_MS);
  });
  try {
    const response = await Promise.race([request.response().catch(() => null), noAnswer]);
    if (response === null) return null;
    // Playwright does not always report a response for a service worker's main script (sw.js); when it says nothing,
    // the time it reported the request stands in, which can only place the request later, not earlier, than it was.
    return response === "no answer" ? notedAtMs : request.timing().startTime;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The requests, of those recorded, that the browser started before the page's ready mark (epoch ms) and that fetched
 * something. A request's start time is the browser's own (Playwright's timing().startTime, epoch ms, like the page's
 * performance.timeOrigin), so a request started after ready does not count because the bench noticed ready late (that
 * let the service worker's registration, made once the page is idle after ready, into the figure). A service worker's
 * fetch() calls do not count: Workbox's precache fills its cache with the whole site (the editor, the agent, every lazy
 * chunk) as soon as it installs, and once it controls the page it fetches what the page asks for, which is counted as
 * the page's own request. Its own scripts (sw.js, Workbox's runtime) do count when started before ready.
 */
async function fetchedBeforeReady(recorded: readonly RecordedRequest[], readyEpochMs: number): Promise<{ url: string; resourceType: string }[]> {
  const counted = recorded.filter(({ request }) => !(request.serviceWorker() && request.resourceType() === "fetch"));
  const starts = await Promise.all(counted.map(startTimeOf));
  return counted
    .filter((_, index) => starts[index] !== null && starts[index] < readyEpochMs)
    .map(({ request }) => ({ url: request.url(), resourceType: request.resourceType() }));
}

/**
 * One cold load with every request recorded. Sizes come from the served files on disk (vite preview sends them
 * unmodified), so a worker response whose body Playwright cannot read is still counted.
 */
export async function measureInitialJavaScript(browser: Browser, url: string, distDirectory: string): Promise<InitialJavaScriptResult> {
  const graph = readChunkGraph(distDirectory);
  const deferred = deferredChunks(graph);
  const recorded: RecordedRequest[] = [];
  let recording = true;
  const { load, page, close } = await coldLoad(browser, url, {
    onRequest: (request) => {
      // Until Playwright sees ready, which is later than the page's ready mark: the start times below make the cut exact.
      if (recording) recorded.push({ request, notedAtMs: Date.now() });
    },
  });
  recording = false;
  let requested: { url: string; resourceType: string }[];
  let resources: { file: string; startMs: number; endMs: number }[];
  try {
    const readyEpochMs = await page.evaluate((readyAt) => performance.timeOrigin + readyAt, load.navigationToReadyMs);
    requested = await fetchedBeforeReady(recorded, readyEpochMs);
    resources = await page.evaluate(() =>
      performance.getEntriesByType("resource").map((entry) => ({
        file: entry.name.slice(entry.name.lastIndexOf("/") + 1),
        startMs: Math.round(entry.startTime),
        endMs: Math.round((entry as PerformanceResourceTiming).responseEnd),
      })),
    );
  } finally {
    await close();
  }

  const origin = new URL(url);
  const servedFile = (address: string): string | null => {
    const parsed = new URL(address);
    if (parsed.origin !== origin.origin) return null;
    return decodeURIComponent(parsed.pathname.slice(origin.pathname.length));
  };
  const scripts = new Set<string>();
  const wasm = new Set<string>();
  for (const request of requested) {
    const path = servedFile(request.url);
    if (!path) continue;
    if (path.endsWith(".wasm")) wasm.add(path);
    else if (request.resourceType === "script" || path.endsWith(".js")) scripts.add(path);
  }
  const baseName = (path: string) => path.slice(path.lastIndexOf("/") + 1);
  const bytesOf = (path: string) => readFileSync(join(distDirectory, path));

  const initial: FileSize[] = [];
  const deferredFetched: string[] = [];
  for (const path of scripts) {
    if (deferred.has(baseName(path))) deferredFetched.push(baseName(path));
    else initial.push(sizeOf(baseName(path), bytesOf(path)));
  }
  // Scripts inlined in index.html (the start script) run before anything else: they count as the page's JavaScript too.
  const html = readFileSync(join(distDirectory, "index.html"), "utf8");
  for (const [, body] of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    if (body.trim()) initial.push(sizeOf("index.html (inline script)", Buffer.from(body)));
  }
  const fetchedNames = new Set([...scripts].map(baseName));
  const sqlFormatterChunks = [...graph.chunks.values()].filter((chunk) => chunk.source?.includes("sql-formatter")).map((chunk) => chunk.file);
  return {
    initial: fileSet(initial),
    deferred: {
      ...fileSet([...deferred].map((file) => sizeOf(file, graph.chunks.get(file)!.bytes))),
      fetchedBeforeReady: deferredFetched.sort(),
    },
    notLoadedBeforeReady: [...graph.chunks.keys()].filter((file) => !fetchedNames.has(file)).sort(),
    sqlFormatterLoadedBeforeReady: sqlFormatterChunks.some((file) => fetchedNames.has(file)),
    wasm: fileSet([...wasm].map((path) => sizeOf(baseName(path), bytesOf(path)))),
    rule: INITIAL_JS_RULE,
    timeline: { readyAtMs: round(load.navigationToReadyMs), resources: resources.sort((a, b) => a.endMs - b.endMs) },
  };
}
