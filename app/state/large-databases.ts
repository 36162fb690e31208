// When a database is read on demand rather than loaded whole, and when the page asks before keeping a copy of a
// large one in browser storage. One place for the thresholds, so tests can lower them through the test hook.
import { MAX_DATABASE_BYTES } from "../core/db/sqljs-engine";
import type { RangeProbe } from "../browser/range-probe";

export interface LargeDatabaseThresholds {
  /** A URL whose server answers range requests is read on demand from this size on; smaller ones download whole (writable, kept). */
  readUrlOnDemandFromBytes: number;
  /** A local file larger than this is read on demand from the File: the page holds at most this much in memory. */
  readFileOnDemandAboveBytes: number;
  /** A database loaded whole and larger than this is kept in browser storage only if the person agrees. */
  askBeforeKeepingAboveBytes: number;
}

export const DEFAULT_THRESHOLDS: LargeDatabaseThresholds = {
  // Below this a download is quick on most connections, and a whole copy can be changed and kept.
  readUrlOnDemandFromBytes: 16 * 1024 * 1024,
  readFileOnDemandAboveBytes: MAX_DATABASE_BYTES,
  askBeforeKeepingAboveBytes: 200 * 1024 * 1024,
};

let thresholds: LargeDatabaseThresholds = DEFAULT_THRESHOLDS;

export function largeDatabaseThresholds(): LargeDatabaseThresholds {
  return thresholds;
}

/** End-to-end tests lower the thresholds so a few megabytes stand for a gigabyte; null restores the defaults. */
export function setLargeDatabaseThresholdsForTests(overrides: Partial<LargeDatabaseThresholds> | null): void {
  thresholds = overrides ? { ...DEFAULT_THRESHOLDS, ...overrides } : DEFAULT_THRESHOLDS;
}

/** How a URL opens, from the probe: on demand when ranges are served and the file is large enough to be worth it. */
export function readUrlOnDemand(probe: RangeProbe, limits = thresholds): probe is Extract<RangeProbe, { ranges: true }> {
  return probe.ranges && probe.sizeBytes >= limits.readUrlOnDemandFromBytes;
}

export function readFileOnDemand(sizeBytes: number, limits = thresholds): boolean {
  return sizeBytes > limits.readFileOnDemandAboveBytes;
}

export function askBeforeKeeping(sizeBytes: number, limits = thresholds): boolean {
  return sizeBytes > limits.askBeforeKeepingAboveBytes;
}
