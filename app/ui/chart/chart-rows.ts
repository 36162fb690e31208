// The rows an editor result's chart is drawn from, fetched from the worker where the result is kept: the grid holds
// only the pages it shows, and a million rows must not cross into the page. Up to CHART_ROW_CAP rows, in pages.
import { sqliteConnection } from "../../browser/services";
import type { SqlValue } from "../../core/db/types";

/** Rows a chart reads at most: enough for tens of thousands of points, bounded in memory and transfer time. */
export const CHART_ROW_CAP = 100_000;
/** Rows per request: large enough to be few requests, small enough to show progress. */
const FETCH_ROWS = 20_000;

export async function fetchChartRows(
  resultId: string,
  storedRowCount: number,
  onProgress: (fetched: number, wanted: number) => void,
  isCurrent: () => boolean,
): Promise<SqlValue[][] | null> {
  const wanted = Math.min(storedRowCount, CHART_ROW_CAP);
  const rows: SqlValue[][] = [];
  while (rows.length < wanted) {
    const outcome = await sqliteConnection().engine.fetchRows(resultId, rows.length, Math.min(FETCH_ROWS, wanted - rows.length));
    if (!isCurrent()) return null;
    if (!outcome.ok) throw new Error(outcome.error.message);
    if (outcome.rows.length === 0) break;
    for (const row of outcome.rows) rows.push(row);
    onProgress(rows.length, wanted);
  }
  return rows;
}
