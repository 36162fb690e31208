// Draws chart data with Observable Plot into an SVG that fills its box's width and redraws when the box resizes.
//
// Why Observable Plot and not Vega-Lite: Plot builds the SVG directly with d3 and never compiles code at run time,
// so it works under the page's CSP (script-src without 'unsafe-eval'); Vega parses its expressions with
// new Function unless it is rebuilt around vega-interpreter, a second code path to keep working. Plot is also a
// fraction of Vega's size (the lazy chunk stays small), and its output is a plain SVG element, which is exactly the
// SVG export and, drawn on a canvas, the PNG export.
import * as Plot from "@observablehq/plot";
import { useEffect, useRef, useState } from "react";
import type { ChartData, ChartPoint } from "../../core/chart/chart-data";
import type { ChartType } from "../../core/chart/chart-suggestion";

export interface PlotChartProps {
  type: Exclude<ChartType, "value" | "table">;
  data: ChartData;
  xLabel: string;
  yLabel: string;
  height: number;
  /** The SVG's accessible name. */
  label: string;
  /** Called with the drawn SVG (null when there is none), for the exports. */
  onDrawn(svg: SVGSVGElement | null): void;
}

/** Long category labels are cut so the bars keep their room; the full text is in the tooltip. */
const LABEL_CHARACTERS = 16;
/** Past this many bars, labels are turned to fit under narrow bars. */
const BARS_BEFORE_TURNING = 8;
/** Small lines show their points; dense ones would be a smear of dots. */
const DOTS_ON_LINE_BELOW = 60;

function shortLabel(value: unknown): string {
  const text = String(value);
  return text.length > LABEL_CHARACTERS ? `${text.slice(0, LABEL_CHARACTERS - 1)}…` : text;
}

function colors(element: Element): { accent: string; text: string } {
  // Resolved values, not var(--…): the exported SVG must carry its colours without the page's stylesheet.
  const style = getComputedStyle(element);
  return { accent: style.getPropertyValue("--accent").trim() || "#2563eb", text: style.color || "#1c2128" };
}

function marks(type: PlotChartProps["type"], points: ChartPoint[], accent: string): Plot.Markish[] {
  switch (type) {
    case "bar":
      return [Plot.barY(points, { x: "x", y: "y", fill: accent, tip: true }), Plot.ruleY([0])];
    case "line":
      return [
        Plot.lineY(points, { x: "x", y: "y", stroke: accent, strokeWidth: 2 }),
        ...(points.length < DOTS_ON_LINE_BELOW ? [Plot.dot(points, { x: "x", y: "y", fill: accent, r: 3 })] : []),
        Plot.tip(points, Plot.pointerX({ x: "x", y: "y" })),
      ];
    case "scatter":
      return [Plot.dot(points, { x: "x", y: "y", fill: accent, fillOpacity: 0.65, r: 3, tip: true })];
  }
}

type Drawing = Omit<PlotChartProps, "onDrawn">;

function draw({ type, data, xLabel, yLabel, height, label }: Drawing, width: number, box: Element): SVGSVGElement {
  const { accent, text } = colors(box);
  const turned = type === "bar" && data.points.length > BARS_BEFORE_TURNING;
  const xScale: Plot.ScaleOptions =
    data.xKind === "date"
      ? { type: "utc", label: xLabel }
      : data.xKind === "number"
        ? { type: "linear", label: xLabel }
        : {
            type: type === "bar" ? "band" : "point",
            // The result's own order, not alphabetical: an ORDER BY still reads left to right.
            domain: data.points.map((point) => point.x),
            label: xLabel,
            tickFormat: shortLabel,
            tickRotate: turned ? -40 : 0,
          };
  const chart = Plot.plot({
    width,
    height,
    marginLeft: 56,
    marginBottom: turned ? 80 : 36,
    style: { color: text, background: "transparent", fontSize: "11px" },
    ariaLabel: label,
    x: xScale,
    y: { label: yLabel, grid: true, nice: true, zero: type === "bar" },
    marks: marks(type, data.points, accent),
  });
  // Plot returns the SVG itself when there is no legend or title; a <figure> otherwise.
  return (chart instanceof SVGSVGElement ? chart : chart.querySelector("svg")) as SVGSVGElement;
}

export function PlotChart(props: PlotChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);

  useEffect(() => {
    const element = box.current!;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry!.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // Colours are resolved when drawn (for the export), so a switch of the system theme draws again.
  const [dark, setDark] = useState(() => matchMedia("(prefers-color-scheme: dark)").matches);
  useEffect(() => {
    const query = matchMedia("(prefers-color-scheme: dark)");
    const changed = () => setDark(query.matches);
    query.addEventListener("change", changed);
    return () => query.removeEventListener("change", changed);
  }, []);

  const { type, data, xLabel, yLabel, height, label, onDrawn } = props;
  useEffect(() => {
    const element = box.current!;
    if (width === 0) return;
    const svg = draw({ type, data, xLabel, yLabel, height, label }, width, element);
    svg.setAttribute("role", "img");
    // Plot names each mark's <g> with aria-label; on a group without a role that is a prohibited attribute (axe),
    // and inside role="img" nobody reads it. The name is kept as data-mark (tests find the marks by it).
    for (const named of svg.querySelectorAll("[aria-label]")) {
      named.setAttribute("data-mark", named.getAttribute("aria-label")!);
      named.removeAttribute("aria-label");
    }
    element.replaceChildren(svg);
    onDrawn(svg);
    return () => {
      svg.remove();
      onDrawn(null);
    };
  }, [type, data, xLabel, yLabel, height, label, onDrawn, width, dark]);

  return <div className="plot-chart" ref={box} style={{ minHeight: height }} />;
}
