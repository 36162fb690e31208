// The result of the last run: row count and time, the grid, copy and export, or the error in words.
import { useEffect, useState } from "react";
import { useQueryStore } from "../../state/query-store";
import { copyText } from "../common/clipboard";
import { formatCount, formatDuration } from "../../core/format";
import { copyTextOf } from "./cell-text";
import { ResultsGrid, type CellPosition } from "./results-grid";

function RunningTimer({ startedAt }: { startedAt: number }) {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(performance.now()), 100);
    return () => clearInterval(timer);
  }, []);
  return <span>Running… {formatDuration(now - startedAt)}</span>;
}

export function ResultsPanel() {
  const result = useQueryStore((state) => state.result);
  const error = useQueryStore((state) => state.error);
  const running = useQueryStore((state) => state.running);
  const exportResult = useQueryStore((state) => state.exportResult);
  const rowAt = useQueryStore((state) => state.rowAt);
  // A selection belongs to the result it was made in: a new result starts with none (derived, not reset in an effect).
  const [selection, setSelection] = useState<{ result: typeof result; cell: CellPosition } | null>(null);
  const selected = selection && selection.result === result ? selection.cell : null;
  const setSelected = (cell: CellPosition | null) => setSelection(cell ? { result, cell } : null);

  let summary = "";
  if (result) {
    if (result.columns.length > 0) {
      summary = `${formatCount(result.rowCount)} ${result.rowCount === 1 ? "row" : "rows"}`;
      if (result.truncated) summary += ` (first ${formatCount(result.storedRowCount)} kept)`;
    } else {
      summary = `${result.statementCount} ${result.statementCount === 1 ? "statement" : "statements"} run · ${formatCount(result.rowsModified)} rows changed`;
    }
    summary += ` · ${formatDuration(result.elapsedMs)}`;
  }

  return (
    <section className="results-panel" aria-label="Results">
      <div className="toolbar results-toolbar">
        <span className="results-summary" role="status" aria-live="polite">
          {running ? <RunningTimer startedAt={running.startedAt} /> : summary}
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
      {result && result.columns.length > 0 ? (
        <ResultsGrid result={result} selected={selected} onSelect={setSelected} />
      ) : (
        !error && !running && <p className="results-empty">{result ? "The statement returned no columns." : "Run a query to see its result here."}</p>
      )}
    </section>
  );
}
