// Renders rows as an aligned plain-text table for the terminal.
import type { SqlValue } from "../core/db/types";

export function cellText(value: SqlValue): string {
  if (value === null) return "NULL";
  if (value instanceof Uint8Array) return `<BLOB ${value.byteLength} bytes>`;
  return String(value).replace(/\s+/g, " ");
}

export function textTable(columns: string[], rows: SqlValue[][], maxWidth = 48): string {
  const cells = rows.map((row) =>
    row.map((value) => {
      const text = cellText(value);
      return text.length > maxWidth ? `${text.slice(0, maxWidth - 1)}…` : text;
    }),
  );
  const widths = columns.map((column, index) => Math.max(column.length, ...cells.map((row) => row[index]?.length ?? 0)));
  const line = (values: string[]) =>
    values
      .map((value, index) => value.padEnd(widths[index] ?? 0))
      .join(" | ")
      .trimEnd();
  return [line(columns), widths.map((width) => "-".repeat(width)).join("-+-"), ...cells.map(line)].join("\n");
}
