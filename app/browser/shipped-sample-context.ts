// A bundled sample's column profile and value index as the build computed them (scripts/vite-shipped-samples.ts): a
// first visit takes them from the site instead of computing them in the SQLite worker, which for the bookshop took
// ~0.8 s and ~1.3 s of the browser's CPU (with the compiling they set off) while the editor was loading (issue #14).
import type { DatabaseProfile } from "../core/schema/types";
import { databaseProfileSchema } from "./storage";
import { shippedProfileFile, shippedValueIndexFile } from "./shipped-sample-files";
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

/**
 * The build's value index snapshot of the sample `sampleFile` for the content `contentKey` names, as a Blob for the
 * worker (which checks it, and indexes the database itself when it is not a snapshot it reads); null when the site has
 * none for that content (a changed sample, the dev server) or it cannot be fetched.
 */
export async function shippedValueIndexSnapshot(sampleFile: string, contentKey: string, fetchFile: typeof fetch = fetch): Promise<Blob | null> {
  try {
    const response = await fetchFile(sampleUrl(shippedValueIndexFile(sampleFile, contentKey)));
    return response.ok ? await response.blob() : null;
  } catch {
    return null;
  }
}
