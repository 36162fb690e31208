// Turns a query result into CSV or JSON text for download.
import Papa from "papaparse";
import type { SqlValue } from "./types";

/** BLOBs have no text form; hex keeps them lossless and readable in a spreadsheet. */
export function blobToHex(bytes: Uint8Array): string {
  let hex = "";
  for (const byte of bytes) hex += byte.toString(16).padStart(2, "0");
  return hex;
}

function exportable(value: SqlValue): string | number | null {
  return value instanceof Uint8Array ? `x'${blobToHex(value)}'` : value;
}

/** RFC 4180 CSV with a header row; NULL becomes an empty field and the empty string a quoted "", so they stay apart. */
export function resultToCsv(columns: string[], rows: SqlValue[][]): string {
  return Papa.unparse({ fields: columns, data: rows.map((row) => row.map(exportable)) }, { newline: "\r\n", quotes: (value: unknown) => value === "" });
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
