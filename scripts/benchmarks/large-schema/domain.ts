// What each generated domain of the large-schema warehouse is: a name, its own seed, and how it creates and fills its tables.
import type { Database } from "sql.js";
import type { Random } from "../../sample-data/sample-kit";

/** One domain of the warehouse. Each has its own seed, so changing one domain leaves the others' rows alone. */
export interface WarehouseDomain {
  readonly id: string;
  readonly seed: number;
  /** Creates the domain's tables (after the shared reference tables) and inserts their rows. */
  readonly build: (db: Database, random: Random) => void;
}

/** A name drawn from the shared word lists, skewed to common names; repeats are allowed (real rosters have them). */
export function personName(random: Random, firstNames: readonly string[], lastNames: readonly string[]): { first: string; last: string } {
  return { first: firstNames[random.skewedIndex(firstNames.length, 1.3)]!, last: lastNames[random.skewedIndex(lastNames.length, 1.4)]! };
}

/** An integer drawn around `mean` within ±`spread`, bell-shaped. */
export function around(random: Random, mean: number, spread: number): number {
  return Math.round(mean - spread + random.bell() * 2 * spread);
}
