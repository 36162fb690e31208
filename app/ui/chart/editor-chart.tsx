// The results panel's Chart tab: the editor's last result, its rows fetched from the worker (up to a cap), charted.
import { useEffect, useState } from "react";
import type { QueryResultSummary, SqlValue } from "../../core/db/types";
import { errorMessage } from "../../core/error-message";
import { formatCount } from "../../core/format";
import ChartPanel from "./chart-panel";
import { CHART_ROW_CAP, fetchChartRows } from "./chart-rows";

interface Loaded {
  resultId: string;
  rows: SqlValue[][] | null;
  fetched: number;
  error: string | null;
}

function partNote(result: QueryResultSummary, rows: number): string | undefined {
  if (rows >= result.rowCount) return undefined;
  const why = rows >= CHART_ROW_CAP ? "the chart reads at most" : "the result keeps";
  return `Chart of the first ${formatCount(rows)} of ${formatCount(result.rowCount)} rows (${why} ${formatCount(rows)}).`;
}

export default function EditorChart({ result }: { result: QueryResultSummary }) {
  const resultId = result.resultId;
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    if (!resultId) return;
    let current = true;
    fetchChartRows(
      resultId,
      result.storedRowCount,
      (fetched) => setLoaded({ resultId, rows: null, fetched, error: null }),
      () => current,
    ).then(
      (rows) => rows && setLoaded({ resultId, rows, fetched: rows.length, error: null }),
      (error: unknown) => current && setLoaded({ resultId, rows: null, fetched: 0, error: errorMessage(error) }),
    );
    return () => {
      current = false;
    };
  }, [resultId, result.storedRowCount]);

  if (!resultId) return <p className="chart-loading">This result has no rows to chart.</p>;
  const mine = loaded?.resultId === resultId ? loaded : null;
  if (mine?.error) {
    return (
      <p className="query-error" role="alert">
        The rows for the chart could not be read: {mine.error}
      </p>
    );
  }
  if (!mine?.rows) {
    const wanted = Math.min(result.storedRowCount, CHART_ROW_CAP);
    return (
      <p className="chart-loading" role="status">
        Reading rows for the chart… {mine ? `${formatCount(mine.fetched)} of ${formatCount(wanted)}` : ""}
      </p>
    );
  }
  return (
    <ChartPanel
      key={resultId}
      columns={result.columns}
      rows={mine.rows}
      partNote={partNote(result, mine.rows.length)}
      label="Chart of the result"
      fileName="result-chart"
    />
  );
}
