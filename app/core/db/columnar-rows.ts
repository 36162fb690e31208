// Result rows as a few typed arrays, so a page of rows crosses from the worker to the page as transferable buffers
// (moved, not cloned cell by cell) and the page reads only the cells it shows.
import type { ResultValue } from "./types";

/** What a cell holds; one byte per cell, in row-major order. */
export const CellKind = { null: 0, number: 1, text: 2, blob: 3, bigint: 4 } as const;
const LAST_KIND = CellKind.bigint;

/**
 * A page of rows. Every array but the two byte buffers has one slot per cell (row × columnCount + column), so any cell
 * is read without walking the ones before it. Text is one UTF-8 buffer with each text cell's end as a UTF-16 offset
 * into the decoded string: one TextDecoder call per page, then a slice per cell shown.
 */
export interface ColumnarRows {
  rowCount: number;
  columnCount: number;
  kinds: Uint8Array;
  /** A number cell's value at its cell index (0 elsewhere). */
  numbers: Float64Array;
  /** Integers beyond ±2^53, exact, at their cell index; null when the page has none (the common case). */
  bigints: BigInt64Array | null;
  /** The text of every text cell, in cell order, as UTF-8. */
  text: Uint8Array;
  /** Per cell: the UTF-16 length of the text up to and including it (a text cell spans from the previous cell's end). */
  textEnds: Uint32Array;
  /** The bytes of every BLOB cell, in cell order. */
  blobs: Uint8Array;
  /** Per cell: the byte length of the blobs up to and including it. */
  blobEnds: Uint32Array;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Packs rows of `columnCount` values each; a missing value is NULL. */
export function encodeRows(columnCount: number, rows: readonly (readonly ResultValue[])[]): ColumnarRows {
  const cells = rows.length * columnCount;
  const kinds = new Uint8Array(cells);
  const numbers = new Float64Array(cells);
  const textEnds = new Uint32Array(cells);
  const blobEnds = new Uint32Array(cells);
  let bigints: BigInt64Array | null = null;
  const texts: string[] = [];
  const blobParts: Uint8Array[] = [];
  let textLength = 0;
  let blobLength = 0;
  let cell = 0;
  for (const row of rows) {
    for (let column = 0; column < columnCount; column += 1, cell += 1) {
      const value = row[column] ?? null;
      if (typeof value === "number") {
        kinds[cell] = CellKind.number;
        numbers[cell] = value;
      } else if (typeof value === "string") {
        kinds[cell] = CellKind.text;
        texts.push(value);
        textLength += value.length;
      } else if (typeof value === "bigint") {
        kinds[cell] = CellKind.bigint;
        bigints ??= new BigInt64Array(cells);
        bigints[cell] = value;
      } else if (value instanceof Uint8Array) {
        kinds[cell] = CellKind.blob;
        blobParts.push(value);
        blobLength += value.byteLength;
      }
      textEnds[cell] = textLength;
      blobEnds[cell] = blobLength;
    }
  }
  const blobs = new Uint8Array(blobLength);
  let offset = 0;
  for (const part of blobParts) {
    blobs.set(part, offset);
    offset += part.byteLength;
  }
  // A lone surrogate becomes U+FFFD in UTF-8, also one UTF-16 unit, so the offsets still hold after decoding.
  const text = texts.length > 0 ? encoder.encode(texts.join("")) : new Uint8Array(0);
  return { rowCount: rows.length, columnCount, kinds, numbers, bigints, text, textEnds, blobs, blobEnds };
}

/** The buffers to transfer rather than copy when the page is posted to another thread. */
export function columnarBuffers(rows: ColumnarRows): ArrayBuffer[] {
  const views = [rows.kinds, rows.numbers, rows.text, rows.textEnds, rows.blobs, rows.blobEnds, ...(rows.bigints ? [rows.bigints] : [])];
  return views.map((view) => view.buffer as ArrayBuffer);
}

/** True when the value has the shape and consistent sizes of ColumnarRows (a worker reply is checked before use). */
export function isColumnarRows(value: unknown): value is ColumnarRows {
  if (typeof value !== "object" || value === null) return false;
  const rows = value as Partial<Record<keyof ColumnarRows, unknown>>;
  if (!Number.isInteger(rows.rowCount) || !Number.isInteger(rows.columnCount)) return false;
  const cells = (rows.rowCount as number) * (rows.columnCount as number);
  const sized = (array: unknown, type: { new (length: number): { length: number } }) => array instanceof type && (array as { length: number }).length === cells;
  if (!sized(rows.kinds, Uint8Array) || !sized(rows.numbers, Float64Array) || !sized(rows.textEnds, Uint32Array) || !sized(rows.blobEnds, Uint32Array)) {
    return false;
  }
  if (rows.bigints !== null && !sized(rows.bigints, BigInt64Array)) return false;
  if (!(rows.text instanceof Uint8Array) || !(rows.blobs instanceof Uint8Array)) return false;
  const kinds = rows.kinds as Uint8Array;
  for (let cell = 0; cell < cells; cell += 1) {
    const kind = kinds[cell]!;
    if (kind > LAST_KIND || (kind === CellKind.bigint && rows.bigints === null)) return false;
  }
  const blobEnds = rows.blobEnds as Uint32Array;
  return cells === 0 || blobEnds[cells - 1]! <= rows.blobs.byteLength;
}

/** Reads cells of a page on demand; the text is decoded once, on the first text cell read. */
export class ColumnarPage {
  private decodedText: string | null = null;

  constructor(private readonly rows: ColumnarRows) {}

  get rowCount(): number {
    return this.rows.rowCount;
  }

  cell(row: number, column: number): ResultValue {
    const { columnCount, kinds } = this.rows;
    const index = row * columnCount + column;
    switch (kinds[index]) {
      case CellKind.number:
        return this.rows.numbers[index]!;
      case CellKind.text: {
        this.decodedText ??= decoder.decode(this.rows.text);
        const start = index === 0 ? 0 : this.rows.textEnds[index - 1]!;
        return this.decodedText.slice(start, this.rows.textEnds[index]);
      }
      case CellKind.blob: {
        const start = index === 0 ? 0 : this.rows.blobEnds[index - 1]!;
        return this.rows.blobs.slice(start, this.rows.blobEnds[index]);
      }
      case CellKind.bigint:
        return this.rows.bigints![index]!;
      default:
        return null;
    }
  }

  row(row: number): ResultValue[] {
    const values = new Array<ResultValue>(this.rows.columnCount);
    for (let column = 0; column < values.length; column += 1) values[column] = this.cell(row, column);
    return values;
  }

  /** Every row as arrays (a chart reads them all). */
  toRows(): ResultValue[][] {
    return Array.from({ length: this.rows.rowCount }, (_, row) => this.row(row));
  }
}

/** Unpacks a page into rows (the inverse of encodeRows). */
export function decodeRows(rows: ColumnarRows): ResultValue[][] {
  return new ColumnarPage(rows).toRows();
}
