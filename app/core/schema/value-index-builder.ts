// Builds the value index as a stream: chunk by chunk, pausing between chunks, stoppable; the same code in the SQLite worker and the CLI.
import type { ReadOnlyDatabase } from "../db/read-only-query";
import type { DatabaseSchema } from "../db/types";
import { ValueIndex, valueKey } from "./value-index";
import { yieldToEvents } from "../yield-to-events";
import { DEFAULT_VALUE_LIMITS, streamColumnValues, type ValueLimits, type ValueReadProgress } from "./value-stream";

/** A column's distinct values with their folded keys: what a stored index keeps, so a reload need not fold them again. */
export interface KeyedColumnValues {
  table: string;
  column: string;
  values: string[];
  keys: string[];
}

export interface BuiltValueIndex {
  index: ValueIndex;
  columns: KeyedColumnValues[];
  /** A column gave its `perColumn` values, or all gave `total`: some values were left out. */
  truncated: boolean;
}

/** Thrown when the signal stops a build (the database changed under it); nothing half-built is kept. */
export class ValueIndexingCancelled extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "ValueIndexingCancelled";
  }
}

export interface ValueIndexBuildOptions {
  limits?: Partial<ValueLimits>;
  signal?: AbortSignal;
  onProgress?: (progress: ValueReadProgress) => void;
  /** Awaited after each query of the reading, so other calls (queries, a cancel) are served meanwhile; yieldToEvents by default. */
  pause?: () => Promise<void>;
}

function checkSignal(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new ValueIndexingCancelled(typeof signal.reason === "string" ? signal.reason : "Value indexing was cancelled.");
}

/** Reads the database's text values chunk by chunk and adds each chunk to the index as it arrives. */
export async function buildValueIndex(database: ReadOnlyDatabase, schema: DatabaseSchema, options: ValueIndexBuildOptions = {}): Promise<BuiltValueIndex> {
  const limits = { ...DEFAULT_VALUE_LIMITS, ...options.limits };
  const pause = options.pause ?? yieldToEvents;
  const index = new ValueIndex();
  const columns: KeyedColumnValues[] = [];
  const byName = new Map<string, { position: number; columnIndex: number }>();
  let total = 0;
  checkSignal(options.signal);
  // One step per query the stream ran: the pause after each, whether it found values or not, is what lets a query
  // the person runs wait at most one step.
  for await (const step of streamColumnValues(database, schema, limits, options.onProgress)) {
    for (const chunk of step) {
      const name = `${chunk.table}\u0000${chunk.column}`;
      let entry = byName.get(name);
      if (!entry) {
        entry = {
          position: columns.push({ table: chunk.table, column: chunk.column, values: [], keys: [] }) - 1,
          columnIndex: index.addColumn(chunk.table, chunk.column),
        };
        byName.set(name, entry);
      }
      const keys = chunk.values.map(valueKey);
      index.addValues(entry.columnIndex, chunk.values, keys);
      const kept = columns[entry.position]!;
      for (let position = 0; position < keys.length; position += 1) {
        kept.values.push(chunk.values[position]!);
        kept.keys.push(keys[position]!);
      }
      total += chunk.values.length;
    }
    await pause();
    checkSignal(options.signal);
  }
  for (const { columnIndex } of byName.values()) index.finishColumn(columnIndex);
  const truncated = total >= limits.total || columns.some((column) => column.values.length >= limits.perColumn);
  return { index, columns, truncated };
}

/**
 * Values added to an index per step when it is rebuilt from stored columns: ~15-20 ms a step in Node for the bench's
 * 401 MB file, where 20,000 took 115-160 ms (a query waited for one step, in the worker several times as long).
 */
export const VALUES_PER_STEP = 2_000;

/** Rebuilds an index from stored columns (their keys already folded), in steps with pauses, like a build. */
export async function indexFromColumns(columns: KeyedColumnValues[], options: Pick<ValueIndexBuildOptions, "signal" | "pause"> = {}): Promise<ValueIndex> {
  const pause = options.pause ?? yieldToEvents;
  const index = new ValueIndex();
  for (const column of columns) {
    const columnIndex = index.addColumn(column.table, column.column);
    for (let start = 0; start < column.values.length; start += VALUES_PER_STEP) {
      index.addValues(columnIndex, column.values.slice(start, start + VALUES_PER_STEP), column.keys.slice(start, start + VALUES_PER_STEP));
      await pause();
      checkSignal(options.signal);
    }
    index.finishColumn(columnIndex);
  }
  return index;
}
