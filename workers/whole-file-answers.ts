// A server that ignores range requests answers the first one with the whole file (WholeFileAnswer, lazy-file.ts); the
// reader read on demand then answers every read from those bytes. A download of the same file, under way or still to
// come (a first visit's sample: first-sample.ts), takes them too, instead of fetching the file a second time.
import { WholeFileAnswer, type RangeSource } from "../app/core/db/lazy-file";

export interface WholeFileWait {
  /** The whole file, once a range read of its URL is answered with it; never settles otherwise. */
  bytes: Promise<Uint8Array>;
  /** Ends the wait: an answer after it is not handed on (nor kept here). */
  stop(): void;
}

export interface WholeFileAnswers {
  /** `source`, whose whole-file answers go to the waits for `url` (the error still reaches its reader). */
  noting(url: string, source: RangeSource): RangeSource;
  /** Waits for the whole file of `url` from a range read. Only while someone waits is an answer handed on. */
  awaiting(url: string): WholeFileWait;
}

export function wholeFileAnswers(): WholeFileAnswers {
  const waits = new Map<string, Set<(bytes: Uint8Array) => void>>();
  return {
    noting(url, source) {
      return {
        label: source.label,
        sizeBytes: source.sizeBytes,
        read(start, end) {
          try {
            return source.read(start, end);
          } catch (error) {
            if (error instanceof WholeFileAnswer) for (const take of waits.get(url) ?? []) take(error.bytes);
            throw error;
          }
        },
      };
    },
    awaiting(url) {
      let take: (bytes: Uint8Array) => void = () => undefined;
      const bytes = new Promise<Uint8Array>((resolve) => (take = resolve));
      const forUrl = waits.get(url) ?? new Set();
      forUrl.add(take);
      waits.set(url, forUrl);
      return {
        bytes,
        stop() {
          forUrl.delete(take);
          if (forUrl.size === 0 && waits.get(url) === forUrl) waits.delete(url);
        },
      };
    },
  };
}
