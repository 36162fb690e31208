// A small read-only grid of an observation's first rows, with the total row count.
import type { ObservedResult } from "../../core/agent/tools";
import { formatCount, formatDuration } from "../../core/format";
import { blobSummary } from "../results/cell-text";

export function SmallResult({ result }: { result: ObservedResult }) {
  return (
    <div className="small-result">
      <table>
        <thead>
          <tr>
            {result.columns.map((column, index) => (
              <th key={index} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {result.rows.map((row, rowIndex) => (
            <tr key={rowIndex}>
              {row.map((value, columnIndex) => (
                <td key={columnIndex} className={typeof value === "number" ? "cell-number" : undefined}>
                  {value === null ? <span className="cell-null">NULL</span> : value instanceof Uint8Array ? blobSummary(value) : String(value)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted">
        {result.rows.length < result.rowCount ? `First ${formatCount(result.rows.length)} of ` : ""}
        {formatCount(result.rowCount)} {result.rowCount === 1 ? "row" : "rows"} · {formatDuration(result.elapsedMs)}
      </p>
    </div>
  );
}
