// The chart's choices: type, x and y columns, aggregation. Each is a labelled select (the label is its accessible
// name); a choice the type does not use is left out rather than shown disabled.
import { AGGREGATES, CHART_TYPES, needsX, needsY, withType, type Aggregate, type ChartSpec, type ChartType } from "../../core/chart/chart-suggestion";
import type { ColumnKind } from "../../core/chart/column-kinds";

const TYPE_NAMES: Record<ChartType, string> = { bar: "Bar", line: "Line", scatter: "Scatter", value: "Big value", table: "Table" };
const AGGREGATE_NAMES: Record<Aggregate, string> = { none: "None (each row)", sum: "Sum", avg: "Average", count: "Count", min: "Minimum", max: "Maximum" };

interface ChartControlsProps {
  spec: ChartSpec;
  columns: readonly string[];
  kinds: readonly ColumnKind[];
  onChange(spec: ChartSpec): void;
}

function ColumnSelect({
  label,
  value,
  columns,
  usable,
  onChange,
}: {
  label: string;
  value: number | null;
  columns: readonly string[];
  usable(index: number): boolean;
  onChange(index: number): void;
}) {
  return (
    <label>
      {label}{" "}
      <select value={value ?? ""} onChange={(event) => onChange(Number(event.target.value))}>
        {value === null && <option value="">(none)</option>}
        {columns.map((column, index) =>
          usable(index) ? (
            <option key={index} value={index}>
              {column}
            </option>
          ) : null,
        )}
      </select>
    </label>
  );
}

export function ChartControls({ spec, columns, kinds, onChange }: ChartControlsProps) {
  // A scatter needs numbers on both axes; bars and lines take any column that is not a BLOB on x.
  const xUsable = (index: number) => (spec.type === "scatter" ? kinds[index] === "number" : kinds[index] !== "other");
  const yUsable = (index: number) => kinds[index] === "number";
  return (
    <div className="chart-controls">
      <label>
        Chart type{" "}
        <select value={spec.type} onChange={(event) => onChange(withType(spec, event.target.value as ChartType, kinds))}>
          {CHART_TYPES.map((type) => (
            <option key={type} value={type}>
              {TYPE_NAMES[type]}
            </option>
          ))}
        </select>
      </label>
      {needsX(spec.type) && <ColumnSelect label="X axis" value={spec.x} columns={columns} usable={xUsable} onChange={(x) => onChange({ ...spec, x })} />}
      {needsY(spec) && <ColumnSelect label="Y axis" value={spec.y} columns={columns} usable={yUsable} onChange={(y) => onChange({ ...spec, y })} />}
      {spec.type !== "table" && (
        <label>
          Aggregation{" "}
          <select value={spec.aggregate} onChange={(event) => onChange({ ...spec, aggregate: event.target.value as Aggregate })}>
            {AGGREGATES.map((aggregate) => (
              <option key={aggregate} value={aggregate}>
                {AGGREGATE_NAMES[aggregate]}
              </option>
            ))}
          </select>
        </label>
      )}
    </div>
  );
}
