// The worker's profile brought over in parts: the same profile as profile() gives whole, in parts of bounded columns,
// and asked for again when the profile announced is no longer held (another database opened meanwhile). A write meanwhile
// leaves it held: the page gets the profile of the content its key names, and asks again for the new content's.
import initSqlJs from "sql.js";
import { beforeAll, describe, expect, it } from "vitest";
import { DatabaseService } from "../core/database-service";
import { PART_COLUMNS } from "../core/column-parts";
import type { TableProfile } from "../core/schema/types";
import { profileInParts, type ProfileInPartsSource } from "./profile-in-parts";
import { withCheckedReplies } from "./sqlite-replies";

const TABLES = 12;
const COLUMNS = 300;

async function wideDatabase(): Promise<DatabaseService> {
  const service = DatabaseService.create(await initSqlJs());
  await service.open(null);
  const statements: string[] = [];
  for (let table = 0; table < TABLES; table += 1) {
    const columns = Array.from({ length: COLUMNS }, (_, column) => `c${column} INTEGER`);
    statements.push(`CREATE TABLE t${table} (${columns.join(", ")}); INSERT INTO t${table} (c0, c1) VALUES (${table}, 1), (${table}, 2);`);
  }
  await service.execute(statements.join("\n"));
  return service;
}

/** The service as the page sees it, counting the parts asked for and the columns in each. */
function counted(service: DatabaseService) {
  const checked = withCheckedReplies(service);
  const partColumns: number[] = [];
  const source: ProfileInPartsSource = {
    profileHead: (options, keep) => checked.profileHead(options, keep),
    async profileTablesPart(contentKey, options, from) {
      const part = await checked.profileTablesPart(contentKey, options, from);
      if (part) partColumns.push(part.reduce((sum, table: TableProfile) => sum + table.columns.length, 0));
      return part;
    },
  };
  return { source, partColumns };
}

let service: DatabaseService;
beforeAll(async () => {
  service = await wideDatabase();
});

describe("profileInParts", () => {
  it("gives the profile profile() gives whole, in parts of at most PART_COLUMNS columns", async () => {
    const { source, partColumns } = counted(service);
    const profile = await profileInParts(source, false);
    expect(profile).toEqual(await service.profile());
    expect(profile.tables).toHaveLength(TABLES);
    expect(partColumns.length).toBe(Math.ceil((TABLES * COLUMNS) / (Math.floor(PART_COLUMNS / COLUMNS) * COLUMNS)));
    expect(Math.max(...partColumns)).toBeLessThanOrEqual(PART_COLUMNS);
  });

  it("asks for the profile again when another database is opened between its head and its last part", async () => {
    const changing = await wideDatabase();
    const { source } = counted(changing);
    let heads = 0;
    const profile = await profileInParts(
      {
        async profileHead(options, keep) {
          heads += 1;
          return source.profileHead(options, keep);
        },
        async profileTablesPart(contentKey, options, from) {
          // Another database opened after the first part: the profile announced is no longer held.
          if (heads === 1 && from > 0) {
            await changing.open(null);
            await changing.execute("CREATE TABLE added (note TEXT)");
          }
          return source.profileTablesPart(contentKey, options, from);
        },
      },
      false,
    );
    expect(heads).toBe(2);
    expect(profile.tables.map((table) => table.table)).toEqual(["added"]);
    expect(profile).toEqual(await changing.profile());
  });

  it("says so when the database keeps changing", async () => {
    const source: ProfileInPartsSource = {
      profileHead: async () => ({ contentKey: "k", elapsedMs: 1, tableCount: 2 }),
      profileTablesPart: async () => null,
    };
    await expect(profileInParts(source, false)).rejects.toThrow("kept changing");
  });
});
