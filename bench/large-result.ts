// A 1,000,000-row result through the worker: running it (all rows kept for paging) and fetching a page from its middle.
import type { Page } from "@playwright/test";
import { median, round, roundAll } from "./stats";

const MILLION_ROWS = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c LIMIT 1000000) SELECT x, 'row ' || x FROM c";
/** The engine keeps the last 4 results; this many small runs evict a big one so runs do not pile up memory. */
const EVICTING_RUNS = 4;

export interface LargeResultResult {
  rowCount: number;
  executeMedianMs: number;
  executeSamplesMs: number[];
  fetchPageMedianMs: number;
  fetchPageSamplesMs: number[];
}

export async function measureLargeResult(page: Page, runs: number): Promise<LargeResultResult> {
  const sample = await page.evaluate(
    async ({ sql, runs, evictingRuns }) => {
      const engine = window.__querylab!.engine();
      const executeMs: number[] = [];
      const fetchMs: number[] = [];
      let rowCount = 0;
      for (let run = 0; run < runs; run += 1) {
        let started = performance.now();
        const outcome = await engine.execute(sql);
        executeMs.push(performance.now() - started);
        if (!outcome.ok) throw new Error(outcome.error.message);
        if (outcome.resultId === null || outcome.storedRowCount !== 1_000_000)
          throw new Error(`Expected 1,000,000 stored rows, got ${outcome.storedRowCount}.`);
        rowCount = outcome.rowCount;
        started = performance.now();
        const rows = await engine.fetchRows(outcome.resultId, 500_000, 200);
        fetchMs.push(performance.now() - started);
        if (!rows.ok || rows.rows.length !== 200 || rows.rows[0]?.[0] !== 500_001) throw new Error("fetchRows did not return rows 500,001 to 500,200.");
        for (let index = 0; index < evictingRuns; index += 1) await engine.execute("SELECT 1");
      }
      return { rowCount, executeMs, fetchMs };
    },
    { sql: MILLION_ROWS, runs, evictingRuns: EVICTING_RUNS },
  );
  return {
    rowCount: sample.rowCount,
    executeMedianMs: round(median(sample.executeMs)),
    executeSamplesMs: roundAll(sample.executeMs),
    fetchPageMedianMs: round(median(sample.fetchMs), 2),
    fetchPageSamplesMs: roundAll(sample.fetchMs, 2),
  };
}
