// An observation's first rows, with the total row count and the time.
import type { ObservedResult } from "../../core/agent/tools";
import { formatCount, formatDuration } from "../../core/format";
import { ResultTable } from "../results/result-table";

export function SmallResult({ result }: { result: ObservedResult }) {
  return (
    <div className="small-result">
      <ResultTable columns={result.columns} rows={result.rows} />
      <p className="muted">
        {result.rows.length < result.rowCount ? `First ${formatCount(result.rows.length)} of ` : ""}
        {formatCount(result.rowCount)} {result.rowCount === 1 ? "row" : "rows"} · {formatDuration(result.elapsedMs)}
      </p>
    </div>
  );
}
