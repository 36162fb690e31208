// Numbers for people: thousands separators, ms/s, KB/MB. Shared by the engine's messages, the UI and the CLI.
// One formatter for every count: toLocaleString builds a new Intl.NumberFormat on each call (~20 µs), and the grid
// formats a row number per row it renders. Built on first use, not when this module loads: the first NumberFormat a
// thread builds loads the runtime's number data (~25 ms traced in the SQLite worker's start, which imports this module
// for its messages and seldom formats a count).
let countFormat: Intl.NumberFormat | null = null;

export function formatCount(value: number): string {
  // Below 1,000 a whole number has no separator: its plain digits, without the formatter's ~2-5 µs a call (the grid's
  // rows of a new result, each a number).
  if (value >= 0 && value < 1000 && Number.isInteger(value) && !Object.is(value, -0)) return String(value);
  countFormat ??= new Intl.NumberFormat("en-US");
  return countFormat.format(value);
}

/** The noun for a count: "row" for exactly 1, "rows" otherwise (0 rows, 2 rows, 1.5 rows). */
export function pluralWord(count: number, singular: string, plural = `${singular}s`): string {
  return count === 1 ? singular : plural;
}

/** A count with its noun, for people: "1 row", "1,234 rows". */
export function formatCountOf(count: number, singular: string, plural?: string): string {
  return `${formatCount(count)} ${pluralWord(count, singular, plural)}`;
}

export function formatDuration(milliseconds: number): string {
  if (milliseconds < 1) return "< 1 ms";
  if (milliseconds < 1000) return `${Math.round(milliseconds)} ms`;
  return `${(milliseconds / 1000).toFixed(milliseconds < 10_000 ? 2 : 1)} s`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
}
