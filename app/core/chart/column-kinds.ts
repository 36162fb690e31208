// What each column of a result holds, read from its values (SQLite results carry no reliable types): numbers,
// dates and times, categories (other text), or nothing a chart can use. The chart suggestion is built on it.
import type { SqlValue } from "../db/types";

export type ColumnKind = "number" | "date" | "category" | "other";

/** Values looked at per column: enough to see a column's shape, bounded for a million-row result. */
const SAMPLE_VALUES = 500;

// ISO dates as SQLite writes them (date(), datetime(), strftime): 2024, 2024-03, 2024-03-05, with a time after T or a space.
const ISO_DATE = /^\d{4}-\d{2}(-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?)?$/;
// A column named like a year with four-digit integers is time too (strftime('%Y', …) cast, a "year" column).
const YEAR_NAME = /(^|_|\b)(year|yr)s?($|_|\b)/i;

/** The time of an ISO date text in ms since 1970 (UTC), or null when it is not one. */
export function isoDateMs(text: string): number | null {
  if (!ISO_DATE.test(text)) return null;
  // "2024-03" alone is not parsed by Date in every engine; a day makes it a full date.
  const full = text.length === 7 ? `${text}-01` : text;
  // A space between date and time is SQLite's form; Date wants T. Without a zone it is read as UTC, like SQLite.
  const normal = full.replace(" ", "T");
  const ms = Date.parse(/T/.test(normal) && !/(Z|[+-]\d{2}:?\d{2})$/.test(normal) ? `${normal}Z` : normal);
  return Number.isNaN(ms) ? null : ms;
}

function isYear(value: SqlValue): boolean {
  return typeof value === "number" && Number.isInteger(value) && value >= 1000 && value <= 9999;
}

/** The kind of one column from the first non-null values (up to SAMPLE_VALUES). */
export function columnKind(name: string, values: Iterable<SqlValue>): ColumnKind {
  let numbers = 0;
  let years = 0;
  let dates = 0;
  let seen = 0;
  for (const value of values) {
    if (value === null) continue;
    if (typeof value === "number") {
      numbers += 1;
      if (isYear(value)) years += 1;
    } else if (typeof value === "string") {
      if (isoDateMs(value) !== null) dates += 1;
    } else return "other"; // a BLOB has no place on an axis
    seen += 1;
    if (seen >= SAMPLE_VALUES) break;
  }
  if (seen === 0) return "other";
  if (numbers === seen) return years === seen && YEAR_NAME.test(name) ? "date" : "number";
  if (dates === seen) return "date";
  // Other text, or text mixed with numbers (SQLite allows it), reads as labels.
  return "category";
}

function* columnValues(rows: readonly SqlValue[][], column: number): Generator<SqlValue> {
  for (const row of rows) yield row[column] ?? null;
}

export function columnKinds(columns: readonly string[], rows: readonly SqlValue[][]): ColumnKind[] {
  return columns.map((name, index) => columnKind(name, columnValues(rows, index)));
}
