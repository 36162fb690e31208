// The column profile of a bundled sample as the build computed it (scripts/vite-sample-profiles.ts): a first visit takes
// it from the site instead of profiling the sample in the SQLite worker, which took ~0.5 s of CPU for the bookshop
// (~0.65 s of the browser's, with the compiling it set off) while the editor was loading (issue #14).
import type { DatabaseProfile } from "../core/schema/types";
import { databaseProfileSchema } from "./storage";
import { shippedProfileFile } from "./shipped-profile-file";
import { sampleUrl } from "./samples";

/**
 * The build's profile of the sample `sampleFile` when it describes `contentKey` (the sample as shipped, unchanged); null
 * when the site has none (the dev server), it is not readable, or it names other content (the file was changed): the
 * worker profiles then, as for any database.
 */
export function shippedSampleProfile(sampleFile: string, contentKey: string, fetchFile: typeof fetch = fetch): Promise<DatabaseProfile | null> {
  // The panel asks once per schema change, and a first visit's schema arrives more than once (read on demand, then
  // whole): the calls for the same content share one request.
  const key = `${sampleFile}\n${contentKey}`;
  if (lastRequest?.key !== key) lastRequest = { key, profile: fetchShippedProfile(sampleFile, contentKey, fetchFile) };
  return lastRequest.profile;
}

let lastRequest: { key: string; profile: Promise<DatabaseProfile | null> } | null = null;

async function fetchShippedProfile(sampleFile: string, contentKey: string, fetchFile: typeof fetch): Promise<DatabaseProfile | null> {
  try {
    const response = await fetchFile(sampleUrl(shippedProfileFile(sampleFile)));
    if (!response.ok) return null;
    const parsed = databaseProfileSchema.safeParse(await response.json());
    return parsed.success && parsed.data.contentKey === contentKey ? parsed.data : null;
  } catch {
    return null;
  }
}
