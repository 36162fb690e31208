// Numbers for people: thousands separators, ms/s, KB/MB. Shared by the engine's messages, the UI and the CLI.
// Counts are whole numbers, written with en-US's digit grouping by hand: the first Intl.NumberFormat a thread builds
// loads the runtime's number data, ~13-38 ms traced on the page's main thread (in the render that showed the page
// ready: the sample list's row counts) and ~25 ms in the SQLite worker's start when format.ts built one as it loaded.
// Anything else (a fraction, -0, beyond 2^53) goes to the formatter, built on first use and kept: toLocaleString
// builds a new one on each call (~20 µs).
let countFormat: Intl.NumberFormat | null = null;

/** A safe integer's digits in groups of three, with en-US's separator and sign, as Intl.NumberFormat("en-US") writes it. */
function groupedDigits(value: number): string {
  const digits = String(Math.abs(value));
  let grouped = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let start = grouped.length; start < digits.length; start += 3) grouped += `,${digits.slice(start, start + 3)}`;
  return value < 0 ? `-${grouped}` : grouped;
}

export function formatCount(value: number): string {
  // Below 1,000 a whole number is its plain digits (the grid's row numbers, one per new row).
  if (value >= 0 && value < 1000 && Number.isInteger(value) && !Object.is(value, -0)) return String(value);
  if (Number.isSafeInteger(value) && !Object.is(value, -0)) return groupedDigits(value);
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
