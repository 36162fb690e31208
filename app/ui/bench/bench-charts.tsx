// Summary charts of a benchmark run (Chart.js): accuracy by database and by difficulty, models side by side, and
// the distributions of turns and tokens. The tables beside them carry the same numbers for screen readers.
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from "chart.js";
import { useEffect, useRef } from "react";
import type { RunResult } from "../../state/benchmark-store";

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

const COLORS = ["#2563eb", "#d97706", "#059669", "#dc2626", "#7c3aed", "#0891b2"];

interface Series {
  label: string;
  values: number[];
}

/** Room for one category's bars and its label; below this Chart.js would drop labels to make them fit. */
const PIXELS_PER_CATEGORY = 34;
const MIN_WIDTH = 320;

function BarChart({ title, labels, series, percent }: { title: string; labels: string[]; series: Series[]; percent?: boolean }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  // Every category keeps its label: the chart grows with them and scrolls inside its box (bench-chart-scroll).
  const width = Math.max(MIN_WIDTH, labels.length * PIXELS_PER_CATEGORY * Math.max(1, Math.ceil(series.length / 2)));
  useEffect(() => {
    const chart = new Chart(canvas.current!, {
      type: "bar",
      data: { labels, datasets: series.map((entry, index) => ({ label: entry.label, data: entry.values, backgroundColor: COLORS[index % COLORS.length] })) },
      options: {
        animation: false,
        responsive: false,
        plugins: { legend: { display: series.length > 1 }, title: { display: false } },
        scales: {
          x: { ticks: { autoSkip: false, maxRotation: 60, minRotation: 0 } },
          y: { beginAtZero: true, ...(percent ? { max: 100, ticks: { callback: (value) => `${value}%` } } : {}) },
        },
      },
    });
    // How many category labels were drawn, for the tests (a canvas has no text to read).
    canvas.current!.dataset.labelsDrawn = String(chart.scales.x?.ticks.length ?? 0);
    return () => chart.destroy();
  }, [labels, series, percent]);
  return (
    <figure className="bench-chart">
      <div className="bench-chart-scroll">
        <canvas ref={canvas} width={width} height={220} role="img" aria-label={title} data-labels={labels.length} />
      </div>
      <figcaption>{title}</figcaption>
    </figure>
  );
}

function accuracyBy(results: RunResult[], key: (result: RunResult) => string, models: string[]): { labels: string[]; series: Series[] } {
  const labels = [...new Set(results.map(key))].sort();
  return {
    labels,
    series: models.map((model) => ({
      label: model,
      values: labels.map((label) => {
        const group = results.filter((result) => result.model === model && key(result) === label);
        return group.length === 0 ? 0 : Math.round((group.filter((result) => result.match).length / group.length) * 1000) / 10;
      }),
    })),
  };
}

function histogram(results: RunResult[], value: (result: RunResult) => number, models: string[], buckets: number): { labels: string[]; series: Series[] } {
  const values = results.map(value);
  const max = Math.max(1, ...values);
  const width = Math.max(1, Math.ceil((max + 1) / buckets));
  const count = Math.ceil((max + 1) / width);
  const labels = Array.from({ length: count }, (_, index) => (width === 1 ? String(index) : `${index * width}–${(index + 1) * width - 1}`));
  return {
    labels,
    series: models.map((model) => {
      const counts = new Array<number>(count).fill(0);
      for (const result of results.filter((candidate) => candidate.model === model)) counts[Math.floor(value(result) / width)]! += 1;
      return { label: model, values: counts };
    }),
  };
}

export function BenchCharts({ results, models }: { results: RunResult[]; models: string[] }) {
  const byDatabase = accuracyBy(results, (result) => result.db_id, models);
  const byDifficulty = accuracyBy(results, (result) => result.difficulty ?? "unlabelled", models);
  const turns = histogram(results, (result) => result.turns, models, 10);
  const tokens = histogram(results, (result) => result.tokens.input + result.tokens.output, models, 8);
  return (
    <div className="bench-charts">
      <BarChart title="Accuracy by database" percent {...byDatabase} />
      <BarChart title="Accuracy by difficulty" percent {...byDifficulty} />
      <BarChart title="Turns per question" {...turns} />
      <BarChart title="Tokens per question" {...tokens} />
    </div>
  );
}
