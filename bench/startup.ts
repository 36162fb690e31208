// `npx tsx bench/startup.ts [--no-build]`: only the start-up figures of `npm run bench` (QueryLab beside the floor page,
// loopback and throttled, from a new tab and arriving from another site, a returning visit, and the initial JavaScript), printed as JSON,
// for working on start-up without the whole bench.
import { join } from "node:path";
import { launchBrowser } from "./browser";
import { installFloor } from "./floor-site";
import {
  arrivingFromAnotherSite,
  compareStartup,
  measureInitialJavaScript,
  RETURNING_VISIT,
  THROTTLED_NETWORK,
  WORKER_FLOOR_PAGE,
  type StartupComparison,
} from "./page-load";
import { buildApp, REPOSITORY_ROOT, startPreview } from "./serve";

const DIRECTORY = "bench/.dist-startup";
const COLD_LOADS = Number(process.env.COLD_LOADS ?? 7);
const RETURNING_LOADS = Number(process.env.RETURNING_LOADS ?? 5);

/** The worker floor's figures in a line of the summary (see StartupComparison.workerFloor). */
function workerFloorSummary(comparison: StartupComparison) {
  const { workerFloor } = comparison;
  if (!workerFloor) return null;
  return {
    ms: workerFloor.result.medianMs,
    ratioToFloor: workerFloor.workerFloorRatio,
    queryLabRatio: workerFloor.readyRatioToWorkerFloor,
    cpuMs: workerFloor.result.browserCpuMedianMs,
  };
}

async function main(): Promise<void> {
  if (!process.argv.includes("--no-build")) await buildApp(DIRECTORY);
  const floorPath = await installFloor(join(REPOSITORY_ROOT, DIRECTORY));
  const server = await startPreview(DIRECTORY);
  const browser = await launchBrowser();
  try {
    const urls = { queryLab: server.url, floor: `${server.url}${floorPath}` };
    const javascript = await measureInitialJavaScript(browser, server.url, join(REPOSITORY_ROOT, DIRECTORY));
    const withWorkerFloor = { ...urls, workerFloor: `${urls.floor}${WORKER_FLOOR_PAGE}` };
    const loopback = await compareStartup(browser, withWorkerFloor, COLD_LOADS);
    const throttled = await compareStartup(browser, withWorkerFloor, COLD_LOADS, THROTTLED_NETWORK);
    const anotherSite = arrivingFromAnotherSite(server.url, floorPath);
    const fromAnotherSite = await compareStartup(browser, urls, COLD_LOADS, undefined, anotherSite);
    const fromAnotherSiteThrottled = await compareStartup(browser, urls, COLD_LOADS, THROTTLED_NETWORK, anotherSite);
    const returning = await compareStartup(browser, urls, RETURNING_LOADS, undefined, undefined, RETURNING_VISIT);
    const summary = {
      initialJavaScriptGzipKB: javascript.initial.gzipKB,
      initialFiles: javascript.initial.files.map((file) => `${file.file} ${file.gzipKB}`),
      loopback: {
        queryLabMs: loopback.queryLab.medianMs,
        floorMs: loopback.floor.medianMs,
        ratio: loopback.readyRatio,
        schemaRatio: loopback.schemaListedRatio,
        cpuMs: { queryLab: loopback.queryLab.browserCpuMedianMs, floor: loopback.floor.browserCpuMedianMs },
        workerFloor: workerFloorSummary(loopback),
        steps: loopback.queryLab.stepsMedianMs,
      },
      throttled: {
        queryLabMs: throttled.queryLab.medianMs,
        floorMs: throttled.floor.medianMs,
        ratio: throttled.readyRatio,
        schemaRatio: throttled.schemaListedRatio,
        cpuMs: { queryLab: throttled.queryLab.browserCpuMedianMs, floor: throttled.floor.browserCpuMedianMs },
        workerFloor: workerFloorSummary(throttled),
        steps: throttled.queryLab.stepsMedianMs,
      },
      // A diagnostic: a returning visit, the database kept and the service worker active (bench/page-load.ts: RETURNING_VISIT).
      returningVisit: {
        queryLabMs: returning.queryLab.medianMs,
        floorMs: returning.floor.medianMs,
        ratio: returning.readyRatio,
        steps: returning.queryLab.stepsMedianMs,
      },
      // Diagnostics: the same, arriving from a page on another site (bench/page-load.ts: arrivingFromAnotherSite).
      fromAnotherSite: {
        loopback: { queryLabMs: fromAnotherSite.queryLab.medianMs, floorMs: fromAnotherSite.floor.medianMs, ratio: fromAnotherSite.readyRatio },
        throttled: {
          queryLabMs: fromAnotherSiteThrottled.queryLab.medianMs,
          floorMs: fromAnotherSiteThrottled.floor.medianMs,
          ratio: fromAnotherSiteThrottled.readyRatio,
        },
      },
    };
    process.stdout.write(
      `${JSON.stringify({ summary, loopback, throttled, fromAnotherSite, fromAnotherSiteThrottled, returning, timeline: javascript.timeline }, null, 2)}\n`,
    );
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
