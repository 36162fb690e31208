// A read-only file whose bytes are read on demand, block by block, through a bounded cache: one reader for a database
// on a web server (HTTP range requests) and for a local File too large to hold in memory (slices of the File).
import { errorMessage } from "../error-message";

/** Where the bytes come from: synchronous, since SQLite reads a page and waits for it (the worker may block). */
export interface RangeSource {
  /** A short text naming the source in messages (the URL, or the file's name). */
  readonly label: string;
  readonly sizeBytes: number;
  /** Bytes [start, end) of the source, exactly end - start of them; throws when they cannot be read. */
  read(start: number, end: number): Uint8Array;
}

/**
 * Thrown by a source whose server answered a range request with the whole file (it does not serve ranges: a 200 with
 * every byte, as Python's http.server does): the bytes it sent. A file that fits the cache is then read from them with
 * no further request; a larger one fails the read with the message.
 */
export class WholeFileAnswer extends Error {
  constructor(
    readonly bytes: Uint8Array,
    message: string,
  ) {
    super(message);
    this.name = "WholeFileAnswer";
  }
}

/** Counted since the file was opened; a caller takes two snapshots and subtracts them to get one query's share. */
export interface LazyReadCounters {
  /** Bytes fetched from the source (cache misses, read-ahead included). */
  bytesRead: number;
  /** Requests made to the source (HTTP requests, or File slices read). */
  reads: number;
  /** Reads SQLite asked for that the cache answered without the source. */
  cacheHits: number;
}

export interface LazyFileOptions {
  /** The unit of caching and of the smallest request: SQLite's common page size by default. */
  blockBytes?: number;
  /** The cache's bound; the least recently used blocks leave first. */
  cacheBytes?: number;
  /** The largest single request once reads run on sequentially (a table scan): requests double up to this size. */
  maxReadAheadBytes?: number;
  /**
   * The first request reads at least this many bytes from the file's start, when it is for a block among them: where
   * a file written table by table keeps its schema's pages, so opening it costs one request instead of one per page
   * (each a round trip; a first visit's sample, whose schema spans four pages in its first 120 KB).
   */
  firstReadBytes?: number;
  /**
   * The file's first bytes, fetched already (the start script asks for a first visit's sample's head while SQLite's
   * WASM downloads): cached as if read, and counted as one read.
   */
  head?: Uint8Array;
  /**
   * The parts of `head` that hold the file's bytes, as [start, end) ranges; the rest of it is filler (the build zeroes
   * the pages of a sample's head that are not its schema's: schema-head.ts, sparseSchemaHead). Only blocks wholly inside
   * a range are cached; the others are read from the source when asked for. All of `head` when absent.
   */
  headRanges?: readonly { start: number; end: number }[];
}

export const DEFAULT_BLOCK_BYTES = 4096;
export const DEFAULT_CACHE_BYTES = 64 * 1024 * 1024;
/**
 * Each request costs a round trip besides its bytes (a sync XHR on loopback here: ~26 ms, then ~20 ms per MB), so a
 * long scan's requests grow to 16 MB: the bench's 456 MB full scan took 44 requests and 11.2 s, 189 and 13.2 s at
 * 4 MB. Doubling from one block, a scan's requests never fetch more than twice what it has read.
 */
export const DEFAULT_MAX_READ_AHEAD_BYTES = 16 * 1024 * 1024;
/** Sequential streams followed at once (a join scans two tables; a scan visits interior pages between its leaves). */
const READ_HEADS = 4;
/** Spans of blocks a read head jumped over, remembered (the oldest forgotten first). */
const SKIPPED_SPANS = 16;

/**
 * A stream of sequential reads: the block it is expected to ask for next, and how many blocks its last request held,
 * from `first`. Forward, or backward: SQLite's check of a b-tree (quick_check, which a large kept copy gets) visits each
 * page's children from the last to the first, so the pages of a table written in order are read from the file's end
 * to its start, one below the other.
 */
interface ReadHead {
  next: number;
  blocks: number;
  first: number;
  backward: boolean;
}

export class LazyFile {
  readonly sizeBytes: number;
  private readonly blockBytes: number;
  private readonly maxCachedBlocks: number;
  private readonly maxReadAheadBlocks: number;
  private readonly firstReadBlocks: number;
  /** Blocks by index; a Map keeps insertion order, so re-inserting on use makes its first key the least recently used. */
  private readonly cache = new Map<number, Uint8Array>();
  /** The cache's bound in bytes: what the buffers its blocks keep alive hold (see remember). */
  private readonly cacheBytes: number;
  /** Cached blocks per buffer they view: a request's blocks share its buffer, which lives while any of them is cached. */
  private readonly blocksPerBuffer = new Map<ArrayBufferLike, number>();
  /** The bytes of the buffers in blocksPerBuffer: the memory the cache holds. */
  private retainedBytes = 0;
  /**
   * Read heads (ReadHead): where each stream of sequential reads goes on (the block after its last request, or the one
   * before it for a stream running backward) and how many blocks that request held. Several, so a scan's leaves keep their read-ahead while the interior pages it visits now and
   * then (elsewhere in the file) go through another head; the least recently used head is replaced.
   */
  private readonly heads: ReadHead[] = [];
  /**
   * Blocks [start, end) a read head jumped over (its next read came a little further on): a table's leaves are not
   * always in file order, so a scan comes back for them, and then reads them in one request rather than in a new
   * head's doubling run (which was seven requests for every 12 MB of the bench's full scan).
   */
  private readonly skipped: { start: number; end: number }[] = [];
  private readonly counters: LazyReadCounters = { bytesRead: 0, reads: 0, cacheHits: 0 };
  /** The last read the source refused, kept so the caller can explain a failed query (SQLite only says "I/O error"). */
  private failure: string | null = null;

  constructor(
    private readonly source: RangeSource,
    options: LazyFileOptions = {},
  ) {
    this.sizeBytes = source.sizeBytes;
    this.blockBytes = options.blockBytes ?? DEFAULT_BLOCK_BYTES;
    this.cacheBytes = options.cacheBytes ?? DEFAULT_CACHE_BYTES;
    this.maxCachedBlocks = Math.max(1, Math.floor(this.cacheBytes / this.blockBytes));
    this.maxReadAheadBlocks = Math.max(1, Math.floor((options.maxReadAheadBytes ?? DEFAULT_MAX_READ_AHEAD_BYTES) / this.blockBytes));
    this.firstReadBlocks = Math.min(this.maxCachedBlocks, Math.ceil((options.firstReadBytes ?? 0) / this.blockBytes));
    if (options.head) this.seed(options.head, options.headRanges);
  }

  /**
   * Caches whole blocks of the file's first bytes (a last partial block only at the file's end), those wholly inside
   * `ranges` when given; the whole file too.
   */
  private seed(head: Uint8Array, ranges?: readonly { start: number; end: number }[]): void {
    const usable = Math.min(head.byteLength, this.sizeBytes);
    const blocks = Math.min(this.maxCachedBlocks, usable === this.sizeBytes ? Math.ceil(usable / this.blockBytes) : Math.floor(usable / this.blockBytes));
    let seeded = 0;
    for (let index = 0; index < blocks; index += 1) {
      const from = index * this.blockBytes;
      const to = Math.min(usable, from + this.blockBytes);
      if (ranges && !ranges.some((range) => range.start <= from && to <= range.end)) continue;
      this.remember(index, head.slice(from, to));
      seeded += to - from;
    }
    if (seeded === 0) return;
    this.counters.bytesRead += seeded;
    this.counters.reads += 1;
  }

  get label(): string {
    return this.source.label;
  }

  /** A copy of the counters, so later reads do not change what the caller holds. */
  readCounters(): LazyReadCounters {
    return { ...this.counters };
  }

  /** The message of the last failed read, cleared by reading it. */
  takeFailure(): string | null {
    const failure = this.failure;
    this.failure = null;
    return failure;
  }

  /** The memory the cache holds: every buffer a cached block keeps alive, whole. */
  get cachedBytes(): number {
    return this.retainedBytes;
  }

  /** Bytes [start, end) (end clamped to the file's size), from the cache where it has them. */
  read(start: number, end: number): Uint8Array {
    const stop = Math.min(end, this.sizeBytes);
    if (start >= stop) return new Uint8Array(0);
    const firstBlock = Math.floor(start / this.blockBytes);
    const lastBlock = Math.floor((stop - 1) / this.blockBytes);
    if (firstBlock === lastBlock) {
      const block = this.block(firstBlock);
      const offset = firstBlock * this.blockBytes;
      return block.subarray(start - offset, stop - offset);
    }
    const out = new Uint8Array(stop - start);
    for (let index = firstBlock; index <= lastBlock; index += 1) {
      const block = this.block(index);
      const blockStart = index * this.blockBytes;
      const from = Math.max(start, blockStart) - blockStart;
      const to = Math.min(stop, blockStart + block.byteLength) - blockStart;
      out.set(block.subarray(from, to), blockStart + from - start);
    }
    return out;
  }

  private block(index: number): Uint8Array {
    const cached = this.cache.get(index);
    if (cached) {
      this.cache.delete(index);
      this.cache.set(index, cached);
      this.counters.cacheHits += 1;
      return cached;
    }
    this.fetchFrom(index);
    const fetched = this.cache.get(index);
    if (!fetched) throw new Error(`Block ${index} of ${this.source.label} was not read.`);
    return fetched;
  }

  /**
   * Fetches the block and, when reads run on sequentially, the blocks after it (or before it, for reads running
   * backward): each sequential request is twice the last, up to the read-ahead limit, so a scan costs a few dozen
   * requests rather than one per page, while a point lookup (random reads) fetches single blocks.
   */
  private fetchFrom(index: number): void {
    const totalBlocks = Math.ceil(this.sizeBytes / this.blockBytes);
    // Near a head's expected next block counts as sequential: a scan skips blocks already cached, so its next miss is
    // not always the very next block.
    let position = this.heads.findIndex((head) =>
      head.backward ? index <= head.next && index > head.next - head.blocks - 2 : index >= head.next && index < head.next + head.blocks + 2,
    );
    // Just below a forward head's last request: that stream turns out to run backward (it read one block, then the one
    // before it), and reads ahead downward from now on. Before heads could turn, the check of the bench's 401 MB kept
    // copy asked for its 102,729 blocks one at a time (a File slice each, ~2 minutes in all).
    const turning = position < 0 ? this.heads.findIndex((head) => !head.backward && index < head.first && index >= head.first - 2) : -1;
    if (turning >= 0) position = turning;
    const found = position >= 0 ? this.heads.splice(position, 1)[0]! : null;
    if (found && turning >= 0) found.backward = true;
    else if (found && !found.backward && index > found.next) this.noteSkipped(found.next, index);
    else if (found?.backward && index < found.next) this.noteSkipped(index + 1, found.next + 1);
    const fromSkipped = found ? null : this.takeSkipped(index);
    const head = found ?? { next: index, blocks: 0, first: index, backward: fromSkipped?.backward ?? false };
    if (!found && this.heads.length >= READ_HEADS) this.heads.shift();
    head.blocks = found ? Math.min(head.blocks * 2, this.maxReadAheadBlocks) : Math.max(1, Math.min(fromSkipped?.blocks ?? 0, this.maxReadAheadBlocks));
    this.heads.push(head);
    const step = head.backward ? -1 : 1;
    let count = Math.min(head.blocks, head.backward ? index + 1 : totalBlocks - index, this.maxCachedBlocks);
    if (!head.backward && this.counters.reads === 0 && index < this.firstReadBlocks) count = Math.min(this.firstReadBlocks - index, totalBlocks - index);
    // Stop at a block already cached: it needs no second fetch.
    for (let offset = 1; offset < count; offset += 1) {
      if (this.cache.has(index + step * offset)) {
        count = offset;
        break;
      }
    }
    const firstBlock = head.backward ? index - count + 1 : index;
    const start = firstBlock * this.blockBytes;
    const end = Math.min(this.sizeBytes, (firstBlock + count) * this.blockBytes);
    let bytes: Uint8Array;
    try {
      bytes = this.source.read(start, end);
    } catch (error) {
      // The server sent the whole file instead: kept when the cache holds all of it, so every read is answered from it.
      if (error instanceof WholeFileAnswer && error.bytes.byteLength === this.sizeBytes && this.sizeBytes <= this.maxCachedBlocks * this.blockBytes) {
        this.seed(error.bytes);
        return;
      }
      this.failure = errorMessage(error);
      throw error;
    }
    if (bytes.byteLength !== end - start) {
      this.failure = `Reading bytes ${start}–${end - 1} of ${this.source.label} returned ${bytes.byteLength} bytes instead of ${end - start}.`;
      throw new Error(this.failure);
    }
    this.counters.bytesRead += bytes.byteLength;
    this.counters.reads += 1;
    for (let offset = 0; offset < count; offset += 1) {
      const from = offset * this.blockBytes;
      const to = Math.min(bytes.byteLength, from + this.blockBytes);
      // Views of the request, not copies: copying each block of a scan's requests (then up to 4 MB each) took a sixth
      // of a full scan's time over loopback, most of it in the garbage collector. A view keeps the whole request alive,
      // so the cache counts that buffer whole against its bound while any block of it is cached (remember).
      this.remember(firstBlock + offset, bytes.subarray(from, to));
    }
    head.first = firstBlock;
    head.next = head.backward ? firstBlock - 1 : firstBlock + count;
  }

  /** Remembers blocks [start, end) that a read head jumped over (see skipped). */
  private noteSkipped(start: number, end: number): void {
    this.skipped.push({ start, end });
    if (this.skipped.length > SKIPPED_SPANS) this.skipped.shift();
  }

  /**
   * The blocks of a skipped span that `index` lies in, to read in one request (taken from the span), or null when it
   * lies in none: from `index` to the span's end, or, when `index` is the span's last block, from there down to its
   * start. A stream running backward (SQLite's page check) comes back for what it jumped over at its top and reads it
   * downward; that went through a new head's doubling run before (1, 2, 4… blocks: ~70 of the check's 180 requests
   * for the bench's 401 MB file).
   */
  private takeSkipped(index: number): { blocks: number; backward: boolean } | null {
    const position = this.skipped.findIndex((span) => index >= span.start && index < span.end);
    if (position < 0) return null;
    const span = this.skipped[position]!;
    if (index === span.end - 1 && index > span.start) {
      this.skipped.splice(position, 1);
      return { blocks: index - span.start + 1, backward: true };
    }
    const rest = span.end - index;
    if (index > span.start) span.end = index;
    else this.skipped.splice(position, 1);
    return { blocks: rest, backward: false };
  }

  /**
   * Caches the block, then drops the least recently used ones while the cache holds more blocks than its bound allows,
   * or more memory: a buffer counts whole until its last block leaves. Never a block of the buffer just cached: a
   * request is read into the cache whole before SQLite is given any of it.
   */
  private remember(index: number, block: Uint8Array): void {
    const replaced = this.cache.get(index);
    if (replaced) {
      this.cache.delete(index);
      this.release(replaced);
    }
    this.cache.set(index, block);
    const held = this.blocksPerBuffer.get(block.buffer) ?? 0;
    if (held === 0) this.retainedBytes += block.buffer.byteLength;
    this.blocksPerBuffer.set(block.buffer, held + 1);
    while (this.cache.size > this.maxCachedBlocks || this.retainedBytes > this.cacheBytes) {
      const [oldest, oldestBlock] = this.cache.entries().next().value as [number, Uint8Array];
      if (oldestBlock.buffer === block.buffer) break;
      this.cache.delete(oldest);
      this.release(oldestBlock);
    }
  }

  /** One block of its buffer fewer in the cache; the buffer's bytes leave the count with its last block. */
  private release(block: Uint8Array): void {
    const held = (this.blocksPerBuffer.get(block.buffer) ?? 1) - 1;
    if (held > 0) {
      this.blocksPerBuffer.set(block.buffer, held);
      return;
    }
    this.blocksPerBuffer.delete(block.buffer);
    this.retainedBytes -= block.buffer.byteLength;
  }
}

/** What a query read: the difference of two snapshots of the counters. */
export function readsBetween(before: LazyReadCounters, after: LazyReadCounters): LazyReadCounters {
  return { bytesRead: after.bytesRead - before.bytesRead, reads: after.reads - before.reads, cacheHits: after.cacheHits - before.cacheHits };
}

/**
 * What the page hands the worker to read on demand: a URL whose server answers range requests (its size from the
 * probe), or a File (a handle, not its bytes: structured clone passes the reference).
 */
export type LazySourceSpec =
  /** firstReadBytes, head, headRanges: see LazyFileOptions; tableCount: see LazyOpenOptions (sqljs-engine.ts). */
  | {
      kind: "url";
      url: string;
      sizeBytes: number;
      version?: RemoteFileVersion;
      firstReadBytes?: number;
      head?: Uint8Array;
      headRanges?: readonly { start: number; end: number }[];
      tableCount?: number;
    }
  | { kind: "file"; file: Blob; name: string };

/**
 * The version of a remote file when it was opened, as its server named it: a read answered from another version
 * must fail rather than hand SQLite pages of two different files (a corrupt database, or silently wrong answers).
 * ETag when the page can read it (same site, or exposed by CORS), else Last-Modified (always readable across sites).
 */
export interface RemoteFileVersion {
  etag: string | null;
  lastModified: string | null;
}

/** A Content-Length header's bytes; null when it is missing or not a whole number. */
export function parseContentLength(value: string | null): number | null {
  return value !== null && /^\d+$/.test(value.trim()) ? Number(value) : null;
}

/** `bytes 0-99/12345` → its parts; null for anything else (an unsatisfied range, an unknown total, other units). */
export function parseContentRange(value: string | null): { start: number; end: number; total: number } | null {
  const match = value ? /^\s*bytes\s+(\d+)-(\d+)\/(\d+)\s*$/i.exec(value) : null;
  if (!match) return null;
  const [start, end, total] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return start <= end && end < total ? { start, end, total } : null;
}

/** Why a range answer is not from the version that was opened, in words; null when nothing says it changed. */
export function versionChange(
  opened: { sizeBytes: number; version?: RemoteFileVersion },
  answered: { totalBytes: number | null; etag: string | null; lastModified: string | null },
): string | null {
  if (answered.totalBytes !== null && answered.totalBytes !== opened.sizeBytes) {
    return `its size was ${opened.sizeBytes} bytes when it was opened and is ${answered.totalBytes} now`;
  }
  const version = opened.version;
  if (version?.etag && answered.etag && version.etag !== answered.etag) return `its ETag was ${version.etag} and is ${answered.etag} now`;
  if (version?.lastModified && answered.lastModified && version.lastModified !== answered.lastModified) {
    return `it was last modified ${version.lastModified} when it was opened and ${answered.lastModified} now`;
  }
  return null;
}
