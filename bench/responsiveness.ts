// The page during a long query: the longest gap between frames while a 3-million-row recursive query runs, in QueryLab
// (SQLite in its worker, run as the editor's Run does) beside the floor page (sql.js on the main thread, run as a small
// playground's Run button does). Issue #14 measured ~22 ms for QueryLab and a ~500 ms freeze for the main-thread
// playground, and asks to keep that; this keeps it measured.
import type { Page } from "@playwright/test";
import { median, round, roundAll } from "./stats";

/** Three million rows made one by one by a recursive CTE; one row out, so showing the result costs nothing. */
export const LONG_QUERY = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 3000000) SELECT count(*) AS n FROM c";
const EXPECTED_COUNT = 3_000_000;

interface FramedRun {
  /** The longest interval between two animation frames that overlaps the query. */
  longestGapMs: number;
  /** From the call to the rows being there. */
  queryMs: number;
}

/**
 * Runs `runQuery` (an expression of the page that returns a promise of the count) while requestAnimationFrame records
 * every frame. Frames are already flowing when it starts, and two more are awaited after it, so the gap that spans its
 * end is seen whole.
 */
async function framedRun(page: Page, runQuery: string): Promise<FramedRun> {
  const sample = (await page.evaluate(`(async () => {
    const frames = [];
    let watching = true;
    const tick = (time) => {
      frames.push(time);
      if (watching) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = performance.now();
    const count = await (${runQuery});
    const ended = performance.now();
    const seen = frames.length;
    await new Promise((resolve) => { const wait = () => (frames.length >= seen + 2 ? resolve() : setTimeout(wait, 5)); wait(); });
    watching = false;
    let longestGapMs = 0;
    for (let index = 1; index < frames.length; index += 1) {
      const [before, after] = [frames[index - 1], frames[index]];
      if (after >= started && before <= ended) longestGapMs = Math.max(longestGapMs, after - before);
    }
    return { count, longestGapMs, queryMs: ended - started };
  })()`)) as FramedRun & { count: unknown };
  if (Number(sample.count) !== EXPECTED_COUNT) throw new Error(`The long query counted ${String(sample.count)} rows, not ${EXPECTED_COUNT}.`);
  return { longestGapMs: sample.longestGapMs, queryMs: sample.queryMs };
}

/** QueryLab's editor Run (the query store), the count read from the stored result. */
const QUERYLAB_RUN = `(async () => {
  const hook = window.__querylab;
  await hook.query().run(${JSON.stringify(LONG_QUERY)});
  const state = hook.query();
  if (state.error) throw new Error(state.error.message);
  return state.rowAt(0)?.[0];
})()`;

/** The floor's Run, from a task of its own as a button's click would call it; it returns the rows it showed. */
const FLOOR_RUN = `new Promise((resolve, reject) => setTimeout(() => {
  try { resolve(window.runFloorQuery(${JSON.stringify(LONG_QUERY)})[0][0]); } catch (error) { reject(error); }
}))`;

export interface PageDuringQuery {
  longestGapMedianMs: number;
  longestGapSamplesMs: number[];
  queryMedianMs: number;
}

export interface ResponsivenessResult {
  query: string;
  queryLab: PageDuringQuery;
  floor: PageDuringQuery;
}

function summarize(runs: FramedRun[]): PageDuringQuery {
  return {
    longestGapMedianMs: round(median(runs.map((run) => run.longestGapMs)), 1),
    longestGapSamplesMs: roundAll(
      runs.map((run) => run.longestGapMs),
      1,
    ),
    queryMedianMs: round(median(runs.map((run) => run.queryMs))),
  };
}

/**
 * `queryLabPage`: the test build with the sample open (bench/test-page.ts); `floorPage`: the floor page, ready. The two
 * take turns run by run, so a change in the machine's load weighs on both.
 */
export async function measureResponsiveness(queryLabPage: Page, floorPage: Page, runs: number): Promise<ResponsivenessResult> {
  await floorPage.waitForFunction(() => typeof (window as unknown as { runFloorQuery?: unknown }).runFloorQuery === "function", undefined, { timeout: 30_000 });
  const queryLab: FramedRun[] = [];
  const floor: FramedRun[] = [];
  for (let run = 0; run < runs; run += 1) {
    queryLab.push(await framedRun(queryLabPage, QUERYLAB_RUN));
    floor.push(await framedRun(floorPage, FLOOR_RUN));
  }
  return { query: LONG_QUERY, queryLab: summarize(queryLab), floor: summarize(floor) };
}
