// The result of the last run: row count and time, the grid, copy and export, or the error in words.
import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { shownRun, useQueryStore } from "../../state/query-store";
import { copyText } from "../common/clipboard";
import { formatCount, formatCountOf, formatDuration } from "../../core/format";
import { copyTextOf } from "./cell-text";
import type { CellPosition } from "./results-grid";
import { ReadOnDemandFigure } from "./read-on-demand-figure";
import { fetchChartRows } from "../chart/chart-rows";
import "../chart/results-tabs.css";
import { useIdleAfterStart } from "../common/idle-after-start";
import { ErrorBoundary } from "../common/error-boundary";

// The grid (with @tanstack/react-virtual, about 10 KB gzip) is no part of the first screen: it is fetched once the
// database is open and the page idle, so it is there for the first Run without delaying the first visit's start.
const loadResultsGrid = () => import("./results-grid");
const ResultsGrid = lazy(() => loadResultsGrid().then((module) => ({ default: module.ResultsGrid })));

// The chart (Observable Plot and the chart code) loads when the Chart tab is first opened. Its rows are read through
// fetchChartRows, imported here: the worker connection imported from the lazy chunk made the bundler split the
// connection's modules out of the entry into a dozen shared chunks (+4 KB gzip of initial JS).
const EditorChart = lazy(() => import("../chart/editor-chart"));

/** A part loaded on demand could not be fetched (offline without the service worker, a deploy removed it): say so; the result itself is kept. */
function lazyPartFailed(part: "grid" | "chart", failure: Error): string {
  return `The ${part} could not be loaded (${failure.message}). The result is kept: export it, or reload the page to try again.`;
}

function RunningTimer({ startedAt }: { startedAt: number }) {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(performance.now()), 100);
    return () => clearInterval(timer);
  }, []);
  return <span>Running… {formatDuration(now - startedAt)}</span>;
}

export function ResultsPanel() {
  const idle = useIdleAfterStart();
  useEffect(() => {
    // A failed fetch shows when the grid is needed (the boundary below); here it is only a head start.
    if (idle) loadResultsGrid().catch(() => undefined);
  }, [idle]);
  const result = useQueryStore((state) => state.result);
  const error = useQueryStore((state) => state.error);
  const running = useQueryStore(shownRun);
  const exportResult = useQueryStore((state) => state.exportResult);
  const rowAt = useQueryStore((state) => state.rowAt);
  // A selection belongs to the result it was made in: a new result starts with none (derived, not reset in an effect).
  const [selection, setSelection] = useState<{ result: typeof result; cell: CellPosition } | null>(null);
  const selected = selection && selection.result === result ? selection.cell : null;
  // Stable per result, so the memoized grid is not re-rendered when only the run state changes.
  const setSelected = useCallback((cell: CellPosition | null) => setSelection(cell ? { result, cell } : null), [result]);

  // Grid or chart; the chart stays mounted (hidden) once opened so its choices survive a look at the grid.
  const [view, setView] = useState<"grid" | "chart">("grid");
  const [chartOpened, setChartOpened] = useState(false);
  const withColumns = result && result.columns.length > 0 ? result : null;
  const showView = (next: "grid" | "chart") => {
    setView(next);
    if (next === "chart") setChartOpened(true);
  };

  let summary = "";
  if (result) {
    if (result.columns.length > 0) {
      summary = `${formatCount(result.rowCount)} ${result.rowCount === 1 ? "row" : "rows"}`;
      if (result.truncated) summary += ` (first ${formatCount(result.storedRowCount)} kept)`;
    } else {
      summary = `${formatCountOf(result.statementCount, "statement")} run · ${formatCountOf(result.rowsModified, "row")} changed`;
    }
    summary += ` · ${formatDuration(result.elapsedMs)}`;
  }

  return (
    <section className="results-panel" aria-label="Results">
      <div className="toolbar results-toolbar">
        <div role="tablist" aria-label="Result view" className="results-tabs">
          {(["grid", "chart"] as const).map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              id={`results-tab-${name}`}
              aria-selected={view === name}
              aria-controls="results-view"
              disabled={name === "chart" && !withColumns}
              onClick={() => showView(name)}
            >
              {name === "grid" ? "Grid" : "Chart"}
            </button>
          ))}
        </div>
        <span className="results-summary" role="status" aria-live="polite">
          {running ? (
            <RunningTimer startedAt={running.startedAt} />
          ) : (
            <>
              {summary}
              {result && <ReadOnDemandFigure />}
            </>
          )}
        </span>
        <span className="spacer" />
        <button type="button" disabled={!selected} onClick={() => selected && void copyText(copyTextOf(rowAt(selected.row)?.[selected.column]))}>
          Copy cell
        </button>
        <button type="button" disabled={!result?.resultId} onClick={() => void exportResult("csv")}>
          Export CSV
        </button>
        {/* Export CSV puts ' before text that a spreadsheet would run as a formula; this one keeps values as stored. */}
        <button
          type="button"
          disabled={!result?.resultId}
          title="CSV with text exactly as stored: a spreadsheet may run cells that start with = + - @ as formulas"
          onClick={() => void exportResult("csv", { formulas: "raw" })}
        >
          Export raw CSV
        </button>
        <button type="button" disabled={!result?.resultId} onClick={() => void exportResult("json")}>
          Export JSON
        </button>
      </div>
      {error && (
        <div className={`query-error ${error.kind === "stopped" ? "info" : ""}`} role="alert">
          <strong>{error.kind === "stopped" ? "Stopped" : error.kind === "sql-error" ? "SQLite error" : "Error"}:</strong> {error.message}
          {error.kind === "sql-error" && error.statementIndex !== undefined && error.statementIndex > 0 && (
            <span> (in statement {error.statementIndex + 1}; the statements before it were applied)</span>
          )}
        </div>
      )}
      <div id="results-view" role="tabpanel" aria-labelledby={`results-tab-${view}`} className="results-view">
        {withColumns && view === "grid" && (
          <ErrorBoundary fallback={(failure) => <p className="results-empty">{lazyPartFailed("grid", failure)}</p>}>
            <Suspense fallback={<p className="results-empty">Loading the grid…</p>}>
              <ResultsGrid result={withColumns} selected={selected} onSelect={setSelected} />
            </Suspense>
          </ErrorBoundary>
        )}
        {withColumns && chartOpened && (
          <div className="results-chart" hidden={view !== "chart"}>
            <ErrorBoundary fallback={(failure) => <p className="results-empty">{lazyPartFailed("chart", failure)}</p>}>
              <Suspense fallback={<p className="results-empty">Loading the chart…</p>}>
                <EditorChart key={withColumns.resultId ?? ""} result={withColumns} readRows={fetchChartRows} />
              </Suspense>
            </ErrorBoundary>
          </div>
        )}
        {!withColumns && !error && !running && (
          <p className="results-empty">{result ? "The statement returned no columns." : "Run a query to see its result here."}</p>
        )}
      </div>
    </section>
  );
}
