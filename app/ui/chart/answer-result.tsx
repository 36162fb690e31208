// The final answer's rows in the agent panel: a compact grid with "N of M rows", and a chart when the rows suit one.
// The rows are those the trace kept with the answer for the person (the first ones of the result, whatever the
// data-sharing choice let the model see); a trace without them (imported from an older version) says Run shows them.
import { lazy, Suspense } from "react";
import type { AgentEventOf } from "../../core/agent/events";
import { formatCount, formatDuration } from "../../core/format";
import { ResultTable } from "../results/result-table";
import "./answer-result.css";

// Observable Plot and the chart code load only when an answer with rows is shown.
const ChartPanel = lazy(() => import("./chart-panel"));

export type AnswerRows = NonNullable<AgentEventOf<"final">["result"]>;

export function AnswerResult({ result }: { result: AnswerRows | undefined }) {
  if (!result) return <p className="muted answer-rows-note">The rows of this answer are not in the trace: Run shows them.</p>;
  const kept = result.rows.length;
  const partial = kept < result.rowCount;
  return (
    <div className="small-result answer-rows">
      {result.columns.length > 0 && (
        // The box scrolls, so it takes focus: a keyboard can scroll it too (WCAG 2.1.1, axe scrollable-region-focusable).
        <div className="answer-rows-scroll" role="region" aria-label="Answer rows" tabIndex={0}>
          <ResultTable columns={result.columns} rows={result.rows} />
        </div>
      )}
      <p className="muted">
        {partial ? `${formatCount(kept)} of ` : ""}
        {formatCount(result.rowCount)} {result.rowCount === 1 ? "row" : "rows"} · {formatDuration(result.elapsedMs)}
      </p>
      {kept > 0 && (
        <Suspense fallback={null}>
          <ChartPanel
            columns={result.columns}
            rows={result.rows}
            compact
            label="Chart of the answer"
            fileName="answer-chart"
            partNote={
              partial ? `Chart of the first ${formatCount(kept)} of ${formatCount(result.rowCount)} rows: Run, then Chart, for all of them.` : undefined
            }
          />
        </Suspense>
      )}
    </div>
  );
}
