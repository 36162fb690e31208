// `npx tsx bench/startup.ts [--no-build]`: only the start-up figures of `npm run bench` (QueryLab beside the floor page,
// loopback and throttled, and the initial JavaScript), printed as JSON, for working on start-up without the whole bench.
import { join } from "node:path";
import { launchBrowser } from "./browser";
import { installFloor } from "./floor-site";
import { compareStartup, measureInitialJavaScript, THROTTLED_NETWORK } from "./page-load";
import { buildApp, REPOSITORY_ROOT, startPreview } from "./serve";

const DIRECTORY = "bench/.dist-startup";
const COLD_LOADS = Number(process.env.COLD_LOADS ?? 7);

async function main(): Promise<void> {
  if (!process.argv.includes("--no-build")) await buildApp(DIRECTORY);
  const floorPath = await installFloor(join(REPOSITORY_ROOT, DIRECTORY));
  const server = await startPreview(DIRECTORY);
  const browser = await launchBrowser();
  try {
    const urls = { queryLab: server.url, floor: `${server.url}${floorPath}` };
    const javascript = await measureInitialJavaScript(browser, server.url, join(REPOSITORY_ROOT, DIRECTORY));
    const loopback = await compareStartup(browser, urls, COLD_LOADS);
    const throttled = await compareStartup(browser, urls, COLD_LOADS, THROTTLED_NETWORK);
    const summary = {
      initialJavaScriptGzipKB: javascript.initial.gzipKB,
      initialFiles: javascript.initial.files.map((file) => `${file.file} ${file.gzipKB}`),
      loopback: {
        queryLabMs: loopback.queryLab.medianMs,
        floorMs: loopback.floor.medianMs,
        ratio: loopback.readyRatio,
        schemaRatio: loopback.schemaListedRatio,
        steps: loopback.queryLab.stepsMedianMs,
      },
      throttled: {
        queryLabMs: throttled.queryLab.medianMs,
        floorMs: throttled.floor.medianMs,
        ratio: throttled.readyRatio,
        schemaRatio: throttled.schemaListedRatio,
        steps: throttled.queryLab.stepsMedianMs,
      },
    };
    process.stdout.write(`${JSON.stringify({ summary, loopback, throttled, timeline: javascript.timeline }, null, 2)}\n`);
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
