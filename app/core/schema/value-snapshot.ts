// A built value index as one buffer (its columns' values and folded keys): wrapped in a Blob, it crosses to the page and into IndexedDB as a handle.
import type { KeyedColumnValues } from "./value-index-builder";
import { DEFAULT_VALUE_LIMITS, type ValueLimits } from "./value-stream";

/** Bumped when the layout or the way keys are folded changes: a stored buffer of another version is rebuilt, not misread. */
export const VALUE_SNAPSHOT_VERSION = 1;

/**
 * The key a snapshot is kept under: the content key (the bytes' hash, and the writes since the open), the layout
 * version and the caps it was read with; the same bytes read under other caps are another index.
 */
export function valueSnapshotKey(contentKey: string, limits: ValueLimits = DEFAULT_VALUE_LIMITS): string {
  return `${contentKey}|v${VALUE_SNAPSHOT_VERSION}|${limits.perColumn}/${limits.total}`;
}

interface SnapshotHeader {
  version: number;
  truncated: boolean;
  columns: Array<{ table: string; column: string; count: number }>;
}

export interface ValueSnapshotContents {
  columns: KeyedColumnValues[];
  truncated: boolean;
}

/** Values whose text one part of a snapshot encodes (valueSnapshotParts): a few tens of ms of the worker's time. */
export const SNAPSHOT_VALUES_PER_PART = 20_000;

/**
 * Layout: [header length: u32][header JSON, UTF-8, padded to 4 bytes][lengths: u32 × 2 per value, value then key, in
 * UTF-16 units][the values and keys, one after another, as UTF-8]. Written in parts, in that order: the header and
 * lengths, then the text `valuesPerPart` values at a time, so a caller can pause between parts (the worker encoding a
 * 100,000-value column's 15 MB snapshot in one go held it for ~0.6 s) and hand them to a Blob as they are. One
 * encode of the text per part: a million values are a few dozen calls, not a million.
 */
export function* valueSnapshotParts(
  { columns, truncated }: ValueSnapshotContents,
  valuesPerPart = SNAPSHOT_VALUES_PER_PART,
): Generator<Uint8Array<ArrayBuffer>, void, void> {
  const header: SnapshotHeader = {
    version: VALUE_SNAPSHOT_VERSION,
    truncated,
    columns: columns.map(({ table, column, values }) => ({ table, column, count: values.length })),
  };
  const encoder = new TextEncoder();
  const headerBytes = encoder.encode(JSON.stringify(header));
  const headerEnd = 4 + Math.ceil(headerBytes.byteLength / 4) * 4;
  const valueCount = columns.reduce((sum, column) => sum + column.values.length, 0);
  const head = new ArrayBuffer(headerEnd + valueCount * 8);
  new DataView(head).setUint32(0, headerBytes.byteLength, true);
  new Uint8Array(head, 4, headerBytes.byteLength).set(headerBytes);
  const lengths = new Uint32Array(head, headerEnd, valueCount * 2);
  let position = 0;
  for (const { values, keys } of columns) {
    for (let index = 0; index < values.length; index += 1) {
      lengths[position++] = values[index]!.length;
      lengths[position++] = keys[index]!.length;
    }
  }
  yield new Uint8Array(head);
  let pieces: string[] = [];
  for (const { values, keys } of columns) {
    for (let index = 0; index < values.length; index += 1) {
      pieces.push(values[index]!, keys[index]!);
      if (pieces.length >= valuesPerPart * 2) {
        yield encoder.encode(pieces.join(""));
        pieces = [];
      }
    }
  }
  if (pieces.length > 0) yield encoder.encode(pieces.join(""));
}

/** The whole snapshot in one buffer (valueSnapshotParts, joined). */
export function encodeValueSnapshot(contents: ValueSnapshotContents): ArrayBuffer {
  const parts = [...valueSnapshotParts(contents)];
  const buffer = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    buffer.set(part, offset);
    offset += part.byteLength;
  }
  return buffer.buffer;
}

/** Reads a snapshot back; throws on another version or a damaged buffer (the caller rebuilds from the database). */
export function decodeValueSnapshot(buffer: ArrayBuffer): ValueSnapshotContents {
  if (buffer.byteLength < 4) throw new Error("The stored value index is empty.");
  const headerLength = new DataView(buffer).getUint32(0, true);
  const headerEnd = 4 + Math.ceil(headerLength / 4) * 4;
  if (headerEnd > buffer.byteLength) throw new Error("The stored value index is cut short.");
  const header = JSON.parse(new TextDecoder().decode(new Uint8Array(buffer, 4, headerLength))) as SnapshotHeader;
  if (header.version !== VALUE_SNAPSHOT_VERSION)
    throw new Error(`The stored value index has version ${String(header.version)}, not ${VALUE_SNAPSHOT_VERSION}.`);
  const valueCount = header.columns.reduce((sum, column) => sum + column.count, 0);
  const textStart = headerEnd + valueCount * 8;
  if (textStart > buffer.byteLength) throw new Error("The stored value index is cut short.");
  const lengths = new Uint32Array(buffer, headerEnd, valueCount * 2);
  const text = new TextDecoder().decode(new Uint8Array(buffer, textStart));
  let offset = 0;
  let position = 0;
  const columns = header.columns.map(({ table, column, count }) => {
    const values: string[] = new Array<string>(count);
    const keys: string[] = new Array<string>(count);
    for (let index = 0; index < count; index += 1) {
      const valueLength = lengths[position++]!;
      const keyLength = lengths[position++]!;
      values[index] = text.slice(offset, (offset += valueLength));
      keys[index] = text.slice(offset, (offset += keyLength));
    }
    return { table, column, values, keys };
  });
  // Text that was not valid UTF-16 would change length on the way through UTF-8: then the slices above are wrong.
  if (offset !== text.length) throw new Error("The stored value index does not match its lengths.");
  return { columns, truncated: header.truncated };
}
