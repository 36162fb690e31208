// Profiles kept a part per value: read back whole, an earlier version's whole profile still read, a missing part read
// as nothing kept, and the parts of a profile past the limit removed with it.
import { describe, expect, it } from "vitest";
import { PART_COLUMNS } from "../core/column-parts";
import type { DatabaseProfile, TableProfile } from "../core/schema/types";
import { keepProfileIn, profilePartStorageKey, profileStorageKey, PROFILES_KEPT, readKeptProfileIn } from "./profile-keeping";
import { createMemoryArea } from "./storage-areas";
import { createQueryLabStorage } from "./storage";

const COLUMNS_PER_TABLE = 1000;

function wideProfile(contentKey: string, tables: number): DatabaseProfile {
  const table = (index: number): TableProfile => ({
    table: `t${index}`,
    kind: "table",
    rowCount: 2,
    rowsProfiled: 2,
    columns: Array.from({ length: COLUMNS_PER_TABLE }, (_, column) => ({
      column: `c${column}`,
      type: "TEXT",
      nullFraction: 0,
      distinctCount: 2,
      approximate: false,
      min: "a",
      max: "b",
      topValues: [{ value: "a", count: 1 }],
      examples: ["a", "b"],
    })),
  });
  return { contentKey, elapsedMs: 7, tables: Array.from({ length: tables }, (_, index) => table(index)) };
}

const keysIn = async (area: ReturnType<typeof createMemoryArea>, contentKey: string, parts: number) =>
  Promise.all(Array.from({ length: parts }, (_, part) => area.get(profilePartStorageKey(contentKey, part))));

describe("profiles kept in parts", () => {
  it("keeps a profile's tables a part per value and reads it back whole, checked by the page's storage", async () => {
    const area = createMemoryArea();
    const profile = wideProfile("wide", 10);
    await keepProfileIn(area, profile);
    const perPart = Math.floor(PART_COLUMNS / COLUMNS_PER_TABLE);
    const parts = Math.ceil(10 / perPart);
    expect(await area.get(profileStorageKey("wide"))).toEqual({ contentKey: "wide", elapsedMs: 7, tableCount: 10, parts });
    expect((await keysIn(area, "wide", parts)).map((part) => (part as TableProfile[]).length)).toEqual([3, 3, 3, 1]);
    expect(await readKeptProfileIn(area, "wide")).toEqual(profile);
    const storage = createQueryLabStorage({ databases: area, traces: area, schemaContext: area, embeddings: area, benchmark: area }, true);
    expect(await storage.loadProfile("wide")).toEqual(profile);
  });

  it("reads a profile an earlier version kept whole, and reads nothing when a part is missing", async () => {
    const area = createMemoryArea();
    const whole = wideProfile("old", 2);
    await area.set(profileStorageKey("old"), whole);
    expect(await readKeptProfileIn(area, "old")).toEqual(whole);
    await keepProfileIn(area, wideProfile("new", 7));
    await area.delete(profilePartStorageKey("new", 1));
    expect(await readKeptProfileIn(area, "new")).toBeUndefined();
    expect(await readKeptProfileIn(area, "none")).toBeUndefined();
  });

  it("removes every part of a profile past the limit", async () => {
    const area = createMemoryArea();
    await keepProfileIn(area, wideProfile("first", 4));
    for (let index = 0; index < PROFILES_KEPT; index += 1) await keepProfileIn(area, { contentKey: `k${index}`, elapsedMs: 1, tables: [] });
    expect(await area.get(profileStorageKey("first"))).toBeUndefined();
    expect(await keysIn(area, "first", 2)).toEqual([undefined, undefined]);
    expect(await readKeptProfileIn(area, `k${PROFILES_KEPT - 1}`)).toEqual({ contentKey: `k${PROFILES_KEPT - 1}`, elapsedMs: 1, tables: [] });
  });
});
