// Turns measured figures into the summary table printed by `npm run bench`.

export interface SummaryRow {
  metric: string;
  value: string;
  target: string;
  /** null for figures reported without a target. */
  pass: boolean | null;
}

function table(header: string[], rows: string[][], rightAligned: ReadonlySet<number> = new Set()): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (rightAligned.has(column) ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!)))
      .join("  ")
      .trimEnd();
  return [line(header), widths.map((width) => "-".repeat(width)).join("  "), ...rows.map(line)].join("\n");
}

export function summaryTable(rows: SummaryRow[]): string {
  return table(
    ["metric", "value", "target", "result"],
    rows.map((row) => [row.metric, row.value, row.target, row.pass === null ? "-" : row.pass ? "PASS" : "FAIL"]),
  );
}

export function detailTable(header: string[], rows: string[][], rightAligned: number[] = []): string {
  return table(header, rows, new Set(rightAligned));
}
