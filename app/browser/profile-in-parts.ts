// The worker's column profile brought to the page in parts (DatabaseService.profileHead and profileTablesPart): each
// part is its own message, received in its own task, so the page's main thread is never held for the whole profile.
import type { ProfileHead } from "../core/database-service";
import type { ProfileOptions } from "../core/schema/profile";
import type { DatabaseProfile, TableProfile } from "../core/schema/types";

/** What this needs of the engine: the worker's, checked (sqlite-replies.ts), or one in this thread in tests. */
export interface ProfileInPartsSource {
  profileHead(options: ProfileOptions, keep: boolean): Promise<ProfileHead>;
  profileTablesPart(contentKey: string, options: ProfileOptions, from: number): Promise<TableProfile[] | null>;
}

/** Another database opened between the head and the last part (the profile announced is gone): asked again, this often. */
const ATTEMPTS = 3;

/** The profile of what the worker has open, as profile() gives it; with `keep`, the worker also keeps it in storage. */
export async function profileInParts(source: ProfileInPartsSource, keep: boolean, options: ProfileOptions = {}): Promise<DatabaseProfile> {
  for (let attempt = 1; ; attempt += 1) {
    const head = await source.profileHead(options, keep);
    const tables: TableProfile[] = [];
    while (tables.length < head.tableCount) {
      const part = await source.profileTablesPart(head.contentKey, options, tables.length);
      // Null: the profile announced is no longer held. Empty: a worker that lost count; either way this one is no more.
      if (!part?.length) break;
      tables.push(...part);
    }
    if (tables.length === head.tableCount) return { contentKey: head.contentKey, elapsedMs: head.elapsedMs, tables };
    if (attempt === ATTEMPTS) throw new Error("the database kept changing while its profile was read");
  }
}
