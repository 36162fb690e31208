// Turns a query result into CSV or JSON text for download.
import Papa from "papaparse";
import { blobToHex } from "./blob-hex";
import type { SqlValue } from "./types";

function exportable(value: SqlValue): string | number | null {
  return value instanceof Uint8Array ? `x'${blobToHex(value)}'` : value;
}

/**
 * Text a spreadsheet may read as a formula (OWASP "CSV injection": =, +, -, @, tab, carriage return first). Papa's
 * own `escapeFormulae: true` uses /^[=+\-@\t\r].*$/, whose `.*$` stops at a line break, so a multi-line text such as
 * "=HYPERLINK(…)\nfoo" would go out raw; only the first character matters here.
 */
export const FORMULA_START = /^[=+\-@\t\r]/;

export interface CsvOptions {
  /**
   * "neutralize" (the default) puts a `'` before text cells and column names that start like a formula, so a
   * spreadsheet shows them as text; "raw" writes every value exactly as stored, for tools that read CSV as data.
   * Numbers are never changed: a SQL INTEGER or REAL such as -5 is written as -5, which a spreadsheet reads as
   * the number it is and which cannot carry a formula; the text '-5' does get the `'` (OWASP's rule is about text).
   */
  formulas?: "neutralize" | "raw";
}

/** RFC 4180 CSV with a header row; NULL becomes an empty field and the empty string a quoted "", so they stay apart. */
export function resultToCsv(columns: string[], rows: SqlValue[][], options: CsvOptions = {}): string {
  // Papa applies escapeFormulae to strings only (numbers pass untouched) and to the header row too.
  const escapeFormulae = options.formulas === "raw" ? false : FORMULA_START;
  return Papa.unparse(
    { fields: columns, data: rows.map((row) => row.map(exportable)) },
    { newline: "\r\n", quotes: (value: unknown) => value === "", escapeFormulae },
  );
}

/** An array of objects keyed by column name; duplicate column names get a numeric suffix so no value is lost. */
export function resultToJson(columns: string[], rows: SqlValue[][]): string {
  const seen = new Map<string, number>();
  const keys = columns.map((column) => {
    const count = (seen.get(column) ?? 0) + 1;
    seen.set(column, count);
    return count === 1 ? column : `${column}_${count}`;
  });
  const objects = rows.map((row) => Object.fromEntries(keys.map((key, index) => [key, exportable(row[index] ?? null)])));
  return JSON.stringify(objects, null, 2);
}
