// The results panel's Chart tab: the editor's last result, its rows fetched from the worker (up to a cap), charted.
import { useEffect, useState } from "react";
import type { ResultSummary, SqlValue } from "../../core/db/types";
import { errorMessage } from "../../core/error-message";
import { formatCount } from "../../core/format";
import ChartPanel from "./chart-panel";
// Types only: a lazy chunk that imports a module reaching the worker connection makes the bundler split that
// connection's modules out of the entry chunk (measured: +4 KB gzip of initial JS), so the reader is passed in.
import type { fetchChartRows } from "./chart-rows";

interface Loaded {
  resultId: string;
  rows: SqlValue[][] | null;
  fetched: number;
  wanted: number;
  error: string | null;
}

function partNote(result: ResultSummary, rows: number): string | undefined {
  if (rows >= result.rowCount) return undefined;
  // Fewer rows than the worker keeps: the chart's own cap; otherwise the result itself was cut when it ran.
  const why = rows < result.storedRowCount ? "the chart reads at most" : "the result keeps";
  return `Chart of the first ${formatCount(rows)} of ${formatCount(result.rowCount)} rows (${why} ${formatCount(rows)}).`;
}

/** `readRows` is fetchChartRows, passed in by the results panel (see the import above). */
export default function EditorChart({ result, readRows }: { result: ResultSummary; readRows: typeof fetchChartRows }) {
  const resultId = result.resultId;
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    if (!resultId) return;
    let current = true;
    readRows(
      resultId,
      result.storedRowCount,
      (fetched, wanted) => setLoaded({ resultId, rows: null, fetched, wanted, error: null }),
      () => current,
    ).then(
      (rows) => rows && setLoaded({ resultId, rows, fetched: rows.length, wanted: rows.length, error: null }),
      (error: unknown) => current && setLoaded({ resultId, rows: null, fetched: 0, wanted: 0, error: errorMessage(error) }),
    );
    return () => {
      current = false;
    };
  }, [resultId, result.storedRowCount, readRows]);

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
    return (
      <p className="chart-loading" role="status">
        Reading rows for the chart… {mine ? `${formatCount(mine.fetched)} of ${formatCount(mine.wanted)}` : ""}
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
