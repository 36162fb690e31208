// What the sample generators share: seeded draws, ISO-8601 dates, bulk inserts, people's names, and what a sample is.
import type { Database, SqlValue } from "sql.js";
import { seededRandom } from "../../app/core/seeded-random";
import { FIRST_NAMES, LAST_NAMES } from "./people";

// ---------------------------------------------------------------------------------------------
// Seeded randomness. Math.random would make every run different; the draws come from the one
// seeded generator in app/core, so the samples, the fuzz tests and the benchmark split agree on it.

export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both ends included. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** A bell-shaped float in [0, 1) with mean 0.5 (the mean of three uniforms). */
  bell(): number;
  /** An exponentially distributed float with the given mean: many small values, a long tail. */
  exponential(mean: number): number;
  /** An index in [0, length) that favours the start: a list ordered from common to rare stays skewed. */
  skewedIndex(length: number, power: number): number;
}

export function createRandom(seed: number): Random {
  const next = seededRandom(seed);
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (probability) => next() < probability,
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new Error("Cannot pick from an empty list");
      return items[Math.floor(next() * items.length)] as T;
    },
    bell: () => (next() + next() + next()) / 3,
    exponential: (mean) => -Math.log(1 - next()) * mean,
    skewedIndex: (length, power) => Math.floor(length * Math.pow(next(), power)),
  };
}

/**
 * Picks indexes in proportion to fixed weights in O(log n). The optional `limit` restricts the pick
 * to the first `limit` items, e.g. the customers who had signed up by the order date.
 */
export function weightedSampler(weights: readonly number[]): (random: Random, limit?: number) => number {
  const cumulative: number[] = [];
  let total = 0;
  for (const weight of weights) {
    total += Math.max(0, weight);
    cumulative.push(total);
  }
  return (random, limit = weights.length) => {
    if (limit <= 0 || weights.length === 0) throw new Error("Cannot pick from an empty list");
    const bound = cumulative[Math.min(limit, weights.length) - 1] as number;
    const target = random.next() * bound;
    let low = 0;
    let high = Math.min(limit, weights.length) - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((cumulative[middle] as number) > target) high = middle;
      else low = middle + 1;
    }
    return low;
  };
}

export function pickWeighted<T>(random: Random, items: readonly T[], weightOf: (item: T) => number): T {
  return items[weightedSampler(items.map(weightOf))(random)] as T;
}

/** Draws `count` distinct items, each draw in proportion to the weights of those left. */
export function pickDistinct<T>(random: Random, items: readonly T[], count: number, weightOf: (item: T) => number): T[] {
  const left = [...items];
  const chosen: T[] = [];
  while (chosen.length < count && left.length > 0) {
    const index = weightedSampler(left.map(weightOf))(random);
    chosen.push(left[index] as T);
    left.splice(index, 1);
  }
  return chosen;
}

// ---------------------------------------------------------------------------------------------
// Dates as day numbers (days since 1970-01-01, UTC) and minutes, printed as ISO-8601 text the way
// SQLite's date functions expect ('YYYY-MM-DD' and 'YYYY-MM-DD HH:MM:SS').

const MILLISECONDS_PER_DAY = 86_400_000;
export const MINUTES_PER_DAY = 1440;

export function dayOf(isoDate: string): number {
  const [year, month, day] = isoDate.split("-").map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day) / MILLISECONDS_PER_DAY;
}

export function isoDate(day: number): string {
  return new Date(day * MILLISECONDS_PER_DAY).toISOString().slice(0, 10);
}

export function isoDateTime(minute: number, second = 0): string {
  return `${new Date(minute * 60_000).toISOString().slice(0, 16).replace("T", " ")}:${String(second).padStart(2, "0")}`;
}

/** 1 for January to 12 for December. */
export function monthOf(day: number): number {
  return new Date(day * MILLISECONDS_PER_DAY).getUTCMonth() + 1;
}

/** 0 for Sunday to 6 for Saturday. */
export function weekdayOf(day: number): number {
  return new Date(day * MILLISECONDS_PER_DAY).getUTCDay();
}

export function cents(amount: number): number {
  return Math.round(amount * 100) / 100;
}

// ---------------------------------------------------------------------------------------------
// Writing rows.

export type Row = readonly SqlValue[];

/** Inserts rows through one prepared statement inside one transaction: thousands of rows in milliseconds. */
export function insertRows(db: Database, table: string, columns: readonly string[], rows: readonly Row[]): void {
  const statement = db.prepare(`INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`);
  db.run("BEGIN");
  try {
    for (const row of rows) {
      if (row.length !== columns.length) {
        throw new Error(`${table}: a row has ${row.length} values for ${columns.length} columns`);
      }
      statement.run(row as SqlValue[]);
    }
    db.run("COMMIT");
  } catch (error) {
    db.run("ROLLBACK");
    throw error;
  } finally {
    statement.free();
  }
}

export function queryRows(db: Database, sql: string): SqlValue[][] {
  return db.exec(sql)[0]?.values ?? [];
}

// ---------------------------------------------------------------------------------------------
// People.

export interface PersonName {
  readonly firstName: string;
  readonly lastName: string;
}

/** A name not used before in this database, favouring common names as real rosters do. */
export function uniqueName(random: Random, used: Set<string>): PersonName {
  for (let attempt = 0; attempt < 1000; attempt++) {
    const firstName = FIRST_NAMES[random.skewedIndex(FIRST_NAMES.length, 1.4)] as string;
    const lastName = LAST_NAMES[random.skewedIndex(LAST_NAMES.length, 1.5)] as string;
    const key = `${firstName} ${lastName}`;
    if (!used.has(key)) {
      used.add(key);
      return { firstName, lastName };
    }
  }
  throw new Error("Ran out of distinct names; add more to scripts/sample-data/people.ts");
}

/** An address for email, without spaces, apostrophes or accents. */
export function emailLocalPart(name: PersonName): string {
  return `${name.firstName}.${name.lastName}`.toLowerCase().replace(/[^a-z.]/g, "");
}

/** Numbers 555-0100 to 555-0199 are reserved for fiction, so none of these reaches a real person. */
export function fictionalPhone(random: Random, areaCode: string): string {
  return `(${areaCode}) 555-01${String(random.int(0, 99)).padStart(2, "0")}`;
}

// ---------------------------------------------------------------------------------------------
// A sample: its manifest text and how to build it. Each sample module exports one.

/** One bundled sample database: what the manifest says about it, and how its tables are filled. */
export interface SampleDefinition {
  readonly id: string;
  readonly title: string;
  readonly description: string;
  /** Each sample has its own seed, so changing one sample leaves the others' bytes alone. */
  readonly seed: number;
  readonly exampleQuestions: readonly [string, string, string];
  readonly exampleQuery: string;
  readonly build: (db: Database, random: Random) => void;
}
