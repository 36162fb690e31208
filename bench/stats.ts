// Small numeric helpers for the benchmarks: medians, rounding and sizes, so every figure is reported the same way.

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Rounds for the report; sub-millisecond query times need more digits than page loads. */
export function round(value: number, digits = 1): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

export function roundAll(values: readonly number[], digits = 1): number[] {
  return values.map((value) => round(value, digits));
}

export function kilobytes(bytes: number): number {
  return round(bytes / 1024, 1);
}

export function formatMs(ms: number): string {
  if (!Number.isFinite(ms)) return "n/a";
  if (ms < 1) return `${ms.toFixed(3)} ms`;
  if (ms < 10) return `${ms.toFixed(2)} ms`;
  return `${Math.round(ms)} ms`;
}
