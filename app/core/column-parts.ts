// How a profile or a schema of many tables is cut into parts that each take a few ms to send, receive or store: the
// worker sends them to the page a part per message (DatabaseService.schemaHead, profileHead) and keeps a profile in
// IndexedDB a part per value (app/browser/profile-keeping.ts), so neither thread is held for the whole at once.

/** Columns per part: ~3,000 columns' schema or figures take ~5-10 ms to send, receive or store. */
export const PART_COLUMNS = 3000;

/**
 * Where each part begins, for tables of these column counts: a part takes tables while they hold at most PART_COLUMNS
 * columns in all, and at least one table. No parts for no tables.
 */
export function partStarts(columnCounts: number[]): number[] {
  const starts: number[] = [];
  let columns = 0;
  columnCounts.forEach((count, index) => {
    if (starts.length === 0 || columns + count > PART_COLUMNS) {
      starts.push(index);
      columns = 0;
    }
    columns += count;
  });
  return starts;
}
