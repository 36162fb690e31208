// A chart of a result's rows: starts from the suggestion for its columns, lets the person change type, axes and
// aggregation, says when the drawing is a sample or a part of the rows, and exports PNG and SVG. Loaded lazily
// (with Observable Plot) by the results panel's Chart tab and the agent's answer card.
import { useCallback, useMemo, useState } from "react";
import { chartData } from "../../core/chart/chart-data";
import { columnKinds } from "../../core/chart/column-kinds";
import { suggestChart, type ChartSpec } from "../../core/chart/chart-suggestion";
import type { SqlValue } from "../../core/db/types";
import { errorMessage } from "../../core/error-message";
import { formatCount } from "../../core/format";
import { ChartControls } from "./chart-controls";
import { downloadPng, downloadSvg } from "./chart-export";
import { PlotChart } from "./plot-chart";
import "./chart.css";

export interface ChartPanelProps {
  columns: string[];
  rows: SqlValue[][];
  /** Said under the chart when the rows are not the whole result (e.g. "the first 20 of 1,234 rows"). */
  partNote?: string;
  /** The answer card: smaller, and nothing at all when the result suits no chart. */
  compact?: boolean;
  /** The chart group's accessible name, different for each chart on the page. */
  label: string;
  /** Downloaded files are named from this. */
  fileName: string;
}

function yLabelOf(spec: ChartSpec, columns: readonly string[]): string {
  if (spec.aggregate === "count") return "count";
  const name = spec.y === null ? "" : (columns[spec.y] ?? "");
  return spec.aggregate === "none" ? name : `${spec.aggregate}(${name})`;
}

function formatValue(value: number): string {
  return Number.isInteger(value) ? formatCount(value) : value.toLocaleString("en-US", { maximumFractionDigits: 4 });
}

function reductionText(data: ReturnType<typeof chartData>): string | null {
  const { reduction } = data;
  if (!reduction) return null;
  return reduction.how === "sampled"
    ? `Showing ${formatCount(reduction.shown)} of ${formatCount(reduction.total)} points, sampled evenly.`
    : `Showing the ${formatCount(reduction.shown)} largest of ${formatCount(reduction.total)} bars.`;
}

export default function ChartPanel({ columns, rows, partNote, compact = false, label, fileName }: ChartPanelProps) {
  const kinds = useMemo(() => columnKinds(columns, rows), [columns, rows]);
  const suggested = useMemo(() => suggestChart(columns, rows, kinds), [columns, rows, kinds]);
  // A choice belongs to the rows it was made for: other rows start again from their own suggestion.
  const [chosen, setChosen] = useState<{ rows: SqlValue[][]; spec: ChartSpec } | null>(null);
  const spec = chosen && chosen.rows === rows ? chosen.spec : suggested;
  const choose = useCallback((next: ChartSpec) => setChosen({ rows, spec: next }), [rows]);
  const data = useMemo(() => chartData(spec, rows, kinds), [spec, rows, kinds]);
  const [svg, setSvg] = useState<SVGSVGElement | null>(null);
  const onDrawn = useCallback((drawn: SVGSVGElement | null) => setSvg(drawn), []);
  const [exportError, setExportError] = useState<string | null>(null);

  if (compact && suggested.type === "table") return null;

  const xLabel = spec.x === null ? "" : (columns[spec.x] ?? "");
  const yLabel = yLabelOf(spec, columns);
  const background = () => getComputedStyle(document.body).backgroundColor || "#ffffff";
  const exportAs = (format: "png" | "svg") => {
    if (!svg) return;
    setExportError(null);
    if (format === "svg") downloadSvg(svg, background(), fileName);
    else void downloadPng(svg, background(), fileName).catch((error: unknown) => setExportError(`PNG export failed: ${errorMessage(error)}`));
  };
  const drawn = spec.type === "bar" || spec.type === "line" || spec.type === "scatter";
  const notes = [
    reductionText(data),
    data.skippedRows > 0 ? `${formatCount(data.skippedRows)} ${data.skippedRows === 1 ? "row" : "rows"} without a value on an axis left out.` : null,
    partNote ?? null,
  ].filter((note): note is string => note !== null);

  return (
    <div className={`chart-panel${compact ? " compact" : ""}`} role="group" aria-label={label}>
      <div className="chart-toolbar">
        <ChartControls spec={spec} columns={columns} kinds={kinds} onChange={choose} />
        <span className="spacer" />
        <button type="button" disabled={!drawn || !svg} onClick={() => exportAs("png")}>
          Export PNG
        </button>
        <button type="button" disabled={!drawn || !svg} onClick={() => exportAs("svg")}>
          Export SVG
        </button>
      </div>
      {drawn && data.points.length > 0 && (
        <PlotChart
          type={spec.type as "bar" | "line" | "scatter"}
          data={data}
          xLabel={xLabel}
          yLabel={yLabel}
          height={compact ? 200 : 300}
          label={`${label}: ${spec.type} of ${yLabel} by ${xLabel}`}
          onDrawn={onDrawn}
        />
      )}
      {drawn && data.points.length === 0 && <p className="chart-note">No rows have values for both axes.</p>}
      {spec.type === "value" && (
        <p className="chart-value" aria-label={`${yLabel}: ${data.value === null ? "no value" : formatValue(data.value)}`}>
          <span className="chart-value-number">{data.value === null ? "NULL" : formatValue(data.value)}</span>
          <span className="chart-value-label">{yLabel}</span>
        </p>
      )}
      {spec.type === "table" && <p className="chart-note">No chart: the grid shows this result. Choose a chart type to draw one.</p>}
      {notes.map((note) => (
        <p key={note} className="chart-note" role="status">
          {note}
        </p>
      ))}
      {exportError && (
        <p className="chart-note error" role="alert">
          {exportError}
        </p>
      )}
    </div>
  );
}
