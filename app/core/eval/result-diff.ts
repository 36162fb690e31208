// Marks which rows of two results differ, for showing gold and predicted results side by side.
import type { SqlValue } from "../db/types";

function rowKey(row: SqlValue[]): string {
  return JSON.stringify(
    row.map((value) => (value instanceof Uint8Array ? `x'${Array.from(value).join(",")}'` : typeof value === "number" ? Number(value) : value)),
  );
}

/**
 * For each row of `left`, whether the same row (all values, in column order) occurs in `right`, counting
 * duplicates: a row that occurs twice on the left and once on the right is matched once.
 */
export function unmatchedRows(left: SqlValue[][], right: SqlValue[][]): boolean[] {
  const available = new Map<string, number>();
  for (const row of right) available.set(rowKey(row), (available.get(rowKey(row)) ?? 0) + 1);
  return left.map((row) => {
    const key = rowKey(row);
    const count = available.get(key) ?? 0;
    if (count === 0) return true;
    available.set(key, count - 1);
    return false;
  });
}
