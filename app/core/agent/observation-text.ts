// Writes query results as compact text for the model, bounded in characters, saying how many rows there were.
import type { SqlValue } from "../db/types";

export const DEFAULT_OBSERVATION_CHARACTERS = 4000;
const CELL_CHARACTERS = 120;

export function valueText(value: SqlValue): string {
  if (value === null) return "NULL";
  if (value instanceof Uint8Array) return `<BLOB ${value.byteLength} bytes>`;
  const text = String(value).replace(/\s+/g, " ");
  return text.length > CELL_CHARACTERS ? `${text.slice(0, CELL_CHARACTERS - 1)}…` : text;
}

/**
 * A pipe-separated table. When rows are cut (by the row limit or the character budget), the last line says how many
 * rows were shown out of how many, so the model never mistakes a prefix for the whole answer.
 */
export function rowsText(columns: string[], rows: SqlValue[][], totalRows: number, maxCharacters = DEFAULT_OBSERVATION_CHARACTERS): string {
  const lines = [columns.join(" | ")];
  let used = lines[0]!.length;
  let shown = 0;
  for (const row of rows) {
    const line = row.map(valueText).join(" | ");
    if (used + line.length + 1 > maxCharacters - 80) break;
    lines.push(line);
    used += line.length + 1;
    shown += 1;
  }
  if (shown < totalRows) lines.push(`(${shown} of ${totalRows} rows shown)`);
  else lines.push(`(${totalRows} ${totalRows === 1 ? "row" : "rows"})`);
  return lines.join("\n");
}
