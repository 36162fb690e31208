// Keeps column profiles (by content key) and a person's and the LLM's descriptions (by database) in IndexedDB.
import { createStore, del, get, set, type UseStore } from "idb-keyval";
import { z } from "zod";
import { schemaDescriptionsSchema } from "../core/schema/descriptions";
import type { DatabaseProfile, SchemaDescriptions } from "../core/schema/types";

const valueCountSchema = z.object({ value: z.string(), count: z.number() });
const databaseProfileSchema: z.ZodType<DatabaseProfile> = z.object({
  contentKey: z.string(),
  elapsedMs: z.number(),
  tables: z.array(
    z.object({
      table: z.string(),
      kind: z.enum(["table", "view"]),
      rowCount: z.number().nullable(),
      rowsProfiled: z.number(),
      columns: z.array(
        z.object({
          column: z.string(),
          type: z.string(),
          nullFraction: z.number(),
          distinctCount: z.number(),
          approximate: z.boolean(),
          min: z.string().nullable(),
          max: z.string().nullable(),
          topValues: z.array(valueCountSchema),
          examples: z.array(z.string()),
        }),
      ),
    }),
  ),
});

const PROFILE_INDEX = "profile-index";
/** Profiles kept; each is small (a few KB per hundred columns), the oldest go first. */
const PROFILES_KEPT = 30;

export class SchemaContextStorage {
  private readonly store: UseStore;

  constructor(store?: UseStore) {
    this.store = store ?? createStore("querylab-schema-context", "keyval");
  }

  async loadProfile(contentKey: string): Promise<DatabaseProfile | null> {
    const parsed = databaseProfileSchema.safeParse(await get(`profile:${contentKey}`, this.store));
    return parsed.success && parsed.data.contentKey === contentKey ? parsed.data : null;
  }

  async saveProfile(profile: DatabaseProfile): Promise<void> {
    const index = z.array(z.string()).catch([]).parse(await get(PROFILE_INDEX, this.store));
    const next = [profile.contentKey, ...index.filter((key) => key !== profile.contentKey)];
    await set(`profile:${profile.contentKey}`, profile, this.store);
    for (const old of next.slice(PROFILES_KEPT)) await del(`profile:${old}`, this.store);
    await set(PROFILE_INDEX, next.slice(0, PROFILES_KEPT), this.store);
  }

  /** The person's and the LLM's descriptions of a stored database (harvested ones are recomputed, not kept). */
  async loadEdits(databaseId: string): Promise<SchemaDescriptions | null> {
    const parsed = schemaDescriptionsSchema.safeParse(await get(`descriptions:${databaseId}`, this.store));
    return parsed.success ? parsed.data : null;
  }

  async saveEdits(databaseId: string, edits: SchemaDescriptions): Promise<void> {
    await set(`descriptions:${databaseId}`, edits, this.store);
  }
}
