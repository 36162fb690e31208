// One side of two results compared (a benchmark's gold and predicted, an exercise's reference and answer): its rows
// with those the other result lacks marked, or the error that left it without rows.
import type { QueryOutcome } from "../../core/eval/query-runner";
import { formatCountOf } from "../../core/format";
import { ResultTable } from "./result-table";

const SHOWN_ROWS = 100;

export function ResultSide({ label, outcome, unmatched }: { label: string; outcome: QueryOutcome | null; unmatched: boolean[] }) {
  if (!outcome) return <p className="muted">{label}: no query.</p>;
  if (!outcome.ok) {
    return (
      <div className="diff-side">
        <h4>{label}</h4>
        <p className="notice error">{outcome.error.message}</p>
      </div>
    );
  }
  return (
    <div className="diff-side">
      <h4>
        {label} · {formatCountOf(outcome.rows.length, "row")}
      </h4>
      <ResultTable columns={outcome.columns} rows={outcome.rows} label={`${label} result`} rowLimit={SHOWN_ROWS} unmatched={unmatched} />
      {outcome.rows.length > SHOWN_ROWS && <p className="muted">First {SHOWN_ROWS} rows shown.</p>}
    </div>
  );
}
