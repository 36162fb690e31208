// A small read-only table of result rows (an agent's observation, a benchmark's gold and predicted results), with rows optionally marked.
import type { SqlValue } from "../../core/db/types";
import { blobSummary } from "./cell-text";

function CellText({ value }: { value: SqlValue }) {
  if (value === null) return <span className="cell-null">NULL</span>;
  return <>{value instanceof Uint8Array ? blobSummary(value) : String(value)}</>;
}

export interface ResultTableProps {
  columns: string[];
  rows: SqlValue[][];
  /** The table's accessible name, when a page shows several. */
  label?: string;
  /** Rows shown at most; the caller says what was left out. */
  rowLimit?: number;
  /** Per row, true when it is marked as missing from the result it is compared with. */
  unmatched?: boolean[];
}

export function ResultTable({ columns, rows, label, rowLimit, unmatched }: ResultTableProps) {
  const shown = rowLimit === undefined ? rows : rows.slice(0, rowLimit);
  return (
    <table aria-label={label}>
      <thead>
        <tr>
          {columns.map((column, index) => (
            <th key={index} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {shown.map((row, rowIndex) => (
          <tr
            key={rowIndex}
            className={unmatched?.[rowIndex] ? "diff-unmatched" : undefined}
            aria-label={unmatched?.[rowIndex] ? "Row not in the other result" : undefined}
          >
            {row.map((value, columnIndex) => (
              <td key={columnIndex} className={typeof value === "number" ? "cell-number" : undefined}>
                <CellText value={value} />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
