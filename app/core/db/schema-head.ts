// Which of a SQLite file's pages hold its schema: page 1 and every page of sqlite_schema's b-tree (interior, leaf and
// overflow pages). A database opened read on demand reads only these to list its tables, so a build can ship them as
// one small compressed file for the first sample (scripts/vite-startup-preloads.ts), the file's other pages zeroed,
// instead of a range request for a fixed 128 KB.
// The layout is SQLite's file format (https://www.sqlite.org/fileformat2.html, sections 1.3, 1.6 and 2.3).

const HEADER = "SQLite format 3\u0000";
const TABLE_INTERIOR = 0x05;
const TABLE_LEAF = 0x0d;

/** A varint at `offset` (1–9 bytes, big-endian, 7 bits a byte but the ninth), and its length. */
function readVarint(bytes: Uint8Array, offset: number): { value: number; length: number } {
  let value = 0;
  for (let index = 0; index < 8; index += 1) {
    const byte = bytes[offset + index] ?? 0;
    value = value * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) return { value, length: index + 1 };
  }
  return { value: value * 256 + (bytes[offset + 8] ?? 0), length: 9 };
}

function readUint32(bytes: Uint8Array, offset: number): number {
  return (((bytes[offset] ?? 0) << 24) | ((bytes[offset + 1] ?? 0) << 16) | ((bytes[offset + 2] ?? 0) << 8) | (bytes[offset + 3] ?? 0)) >>> 0;
}

function readUint16(bytes: Uint8Array, offset: number): number {
  return ((bytes[offset] ?? 0) << 8) | (bytes[offset + 1] ?? 0);
}

/** The page size the header gives (the value 1 stands for 65,536); null when `file` is not a SQLite database. */
function pageSizeOf(file: Uint8Array): number | null {
  if (file.byteLength < 100 || new TextDecoder().decode(file.subarray(0, 16)) !== HEADER) return null;
  const sizeField = readUint16(file, 16);
  const pageSize = sizeField === 1 ? 65536 : sizeField;
  return pageSize < 512 || (pageSize & (pageSize - 1)) !== 0 ? null : pageSize;
}

/** The page numbers of sqlite_schema's b-tree and overflow pages, page 1 first; null when `file` is not a SQLite database. */
export function schemaPageNumbers(file: Uint8Array): number[] | null {
  const pageSize = pageSizeOf(file);
  if (pageSize === null) return null;
  const usable = pageSize - (file[20] ?? 0);
  const pageCount = Math.floor(file.byteLength / pageSize);
  const pages = new Set<number>();
  const pageStart = (page: number) => (page - 1) * pageSize;
  const valid = (page: number) => page >= 1 && page <= pageCount && !pages.has(page);

  const followOverflow = (first: number) => {
    for (let page = first; valid(page); page = readUint32(file, pageStart(page))) pages.add(page);
  };
  const visit = (page: number): boolean => {
    if (!valid(page)) return false;
    pages.add(page);
    const start = pageStart(page);
    const header = start + (page === 1 ? 100 : 0);
    const type = file[header];
    const cells = readUint16(file, header + 3);
    if (type === TABLE_INTERIOR) {
      for (let cell = 0; cell < cells; cell += 1) {
        if (!visit(readUint32(file, start + readUint16(file, header + 12 + cell * 2)))) return false;
      }
      return visit(readUint32(file, header + 8));
    }
    if (type !== TABLE_LEAF) return false;
    // A record larger than a page keeps its first part here and the rest in a chain of overflow pages.
    const maxLocal = usable - 35;
    const minLocal = Math.floor(((usable - 12) * 32) / 255) - 23;
    for (let cell = 0; cell < cells; cell += 1) {
      let offset = start + readUint16(file, header + 8 + cell * 2);
      const payload = readVarint(file, offset);
      offset += payload.length;
      offset += readVarint(file, offset).length;
      if (payload.value <= maxLocal) continue;
      const kept = minLocal + ((payload.value - minLocal) % (usable - 4));
      followOverflow(readUint32(file, offset + (kept <= maxLocal ? kept : minLocal)));
    }
    return true;
  };
  if (!visit(1)) return null;
  return [...pages];
}

/** The length of the file's prefix that holds every page of its schema (see schemaPageNumbers); null when not SQLite. */
export function schemaHeadBytes(file: Uint8Array): number | null {
  const pages = schemaPageNumbers(file);
  const pageSize = pageSizeOf(file);
  if (!pages || pageSize === null) return null;
  return Math.min(file.byteLength, Math.max(...pages) * pageSize);
}

/** Where the schema's pages lie in the file, as byte ranges [start, end) in page order; null when not SQLite. */
export function schemaPageRanges(file: Uint8Array): { start: number; end: number }[] | null {
  const pages = schemaPageNumbers(file);
  const pageSize = pageSizeOf(file);
  if (!pages || pageSize === null) return null;
  return pages.sort((a, b) => a - b).map((page) => ({ start: (page - 1) * pageSize, end: Math.min(file.byteLength, page * pageSize) }));
}

/**
 * The prefix of schemaHeadBytes with every page that is not the schema's zeroed: the same offsets, so the schema's
 * pages (and schemaPageRanges) are found in it as in the file, and a host compresses the rest to nearly nothing
 * (Bookshop: 116 KB, a few KB in brotli, where the prefix with its table pages took 38 KB). Null when not SQLite.
 */
export function sparseSchemaHead(file: Uint8Array): Uint8Array | null {
  const length = schemaHeadBytes(file);
  const ranges = schemaPageRanges(file);
  if (length === null || !ranges) return null;
  const head = new Uint8Array(length);
  for (const { start, end } of ranges) head.set(file.subarray(start, end), start);
  return head;
}
