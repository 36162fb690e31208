// `npx tsx bench/query-path.ts [--no-build | --dir=BUILT_TEST_DIRECTORY] [--only=latency|keys]`: only the query-path
// figures of `npm run bench` (worker ÷ native SQLite over the bench's queries, and key press → rows for the 30 small
// queries), printed as JSON, for working on the query path without the whole bench. --dir measures a test build made
// elsewhere (another commit's, for a before/after on the same machine).
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import { launchBrowser } from "./browser";
import { measureKeyToRows, SMALL_QUERIES } from "./key-to-rows";
import { installFloor } from "./floor-site";
import { BOOKSHOP_QUERIES, measureQueryLatency, openBareWorkerPage } from "./query-latency";
import { buildApp, REPOSITORY_ROOT, startPreview } from "./serve";
import { openTestPage } from "./test-page";

const DIRECTORY = "bench/.dist-query-path";
const SAMPLE_PATH = join(REPOSITORY_ROOT, "public/samples/bookshop.sqlite");
/** The same settings as bench/run.ts, so the figures compare. */
const LATENCY = { warmups: 3, repetitions: 15 };
const KEY_TO_ROWS = { warmups: 1, repetitions: 3 };

const load = () => loadavg().map((value) => Math.round(value * 100) / 100);

async function main(): Promise<void> {
  const only = process.argv.find((argument) => argument.startsWith("--only="))?.slice("--only=".length);
  const directory = process.argv.find((argument) => argument.startsWith("--dir="))?.slice("--dir=".length);
  if (!directory && !process.argv.includes("--no-build")) await buildApp(DIRECTORY, "test");
  // resolve, not join: an absolute --dir stays itself (join put it under the repository, where nothing was served).
  const floorPath = await installFloor(resolve(REPOSITORY_ROOT, directory ?? DIRECTORY));
  const server = await startPreview(directory ?? DIRECTORY);
  const browser = await launchBrowser();
  const report: Record<string, unknown> = { loadAverageAtStart: load() };
  try {
    if (only !== "keys") {
      const { page, close } = await openTestPage(browser, server.url);
      const bare = await openBareWorkerPage(browser, `${server.url}${floorPath}`);
      try {
        const latency = await measureQueryLatency(page, SAMPLE_PATH, BOOKSHOP_QUERIES, LATENCY, bare.page);
        report.queryLatency = {
          medianOfRatios: latency.medianOfRatios,
          ratioOfMedians: latency.ratioOfMedians,
          sqljsInNodeMedianOfRatios: latency.sqljsInNodeMedianOfRatios,
          emptyRoundTripMedianMs: latency.emptyRoundTripMedianMs,
          bareRoundTripMedianMs: latency.bareRoundTripMedianMs,
          perQuery: latency.queries.map(
            (query) =>
              `${query.name}: worker ${query.workerMedianMs} / native ${query.nativeMedianMs} = ${query.ratio}× (in the worker ${query.inWorkerMedianMs}, empty round trip ${query.emptyRoundTripMedianMs}; sql.js in Node ${query.sqljsInNodeMedianMs})`,
          ),
        };
      } finally {
        await bare.close();
        await close();
      }
    }
    if (only !== "latency") {
      const { page, close } = await openTestPage(browser, server.url);
      try {
        // Held as a person holds them (the target's figure), then released at once as Playwright's press() does.
        for (const release of ["held", "at once"] as const) {
          const keys = await measureKeyToRows(page, SAMPLE_PATH, SMALL_QUERIES, { ...KEY_TO_ROWS, release });
          const { queries, ...summary } = keys;
          report[release === "held" ? "keyToRows" : "keyToRowsReleasedAtOnce"] = {
            ...summary,
            perQuery: queries.map(
              (query) =>
                `${query.name}: rows ${query.rowsMedianMs} painted ${query.paintedMedianMs} round trip ${query.roundTripMedianMs} native ${query.nativeMedianMs} · ${Object.entries(
                  query.breakdown,
                )
                  .map(([span, ms]) => `${span} ${ms}`)
                  .join(" ")}`,
            ),
          };
        }
      } finally {
        await close();
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
  report.loadAverageAtEnd = load();
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
}

await main();
