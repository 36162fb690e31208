// Stop latency: how long after Stop an endless query is gone and the database answers again (the worker is replaced).
import type { Page } from "@playwright/test";
import { median, round, roundAll } from "./stats";

const ENDLESS_QUERY = "WITH RECURSIVE f(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM f) SELECT count(*) FROM f";
const FOLLOW_UP_QUERY = "SELECT count(*) FROM books";

export interface StopLatencyResult {
  /** Stop pressed → database ready and a follow-up query answered. */
  medianMs: number;
  samplesMs: number[];
  /** Stop pressed → stop() resolved (worker replaced, database reopened, schema read). */
  stopResolvedMedianMs: number;
  stopResolvedSamplesMs: number[];
  message: string | null;
}

/** Runs through the query store, the path the Stop button takes, so the reload of the database is included. */
export async function measureStopLatency(page: Page, runs: number, runningForMs = 300): Promise<StopLatencyResult> {
  const totals: number[] = [];
  const stopResolved: number[] = [];
  let message: string | null = null;
  for (let run = 0; run < runs; run += 1) {
    const sample = await page.evaluate(
      async ({ endless, followUp, runningForMs }) => {
        const hook = window.__querylab!;
        void hook.query().run(endless);
        await new Promise((resolve) => setTimeout(resolve, runningForMs));
        if (hook.query().running === null) throw new Error("The endless query was not running after the wait; it cannot be stopped.");
        const started = performance.now();
        await hook.query().stop();
        const resolvedAfter = performance.now() - started;
        while (hook.database().status !== "ready") await new Promise((resolve) => setTimeout(resolve, 5));
        const outcome = await hook.engine().execute(followUp);
        const total = performance.now() - started;
        if (!outcome.ok) throw new Error(`The query after Stop failed: ${outcome.error.message}`);
        return { total, resolvedAfter, message: hook.query().error?.message ?? null };
      },
      { endless: ENDLESS_QUERY, followUp: FOLLOW_UP_QUERY, runningForMs },
    );
    totals.push(sample.total);
    stopResolved.push(sample.resolvedAfter);
    message = sample.message;
  }
  return {
    medianMs: round(median(totals)),
    samplesMs: roundAll(totals),
    stopResolvedMedianMs: round(median(stopResolved)),
    stopResolvedSamplesMs: roundAll(stopResolved),
    message,
  };
}
