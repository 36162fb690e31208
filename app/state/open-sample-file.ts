// The bundled sample the open database is, if it is one: what the build computed of it (app/browser/shipped-sample-context.ts)
// is looked for beside its file.
import { loadSampleManifest } from "../browser/samples";
import { useDatabaseStore } from "./database-store";

/** The open database's sample file (bookshop.sqlite) when it was opened from a bundled sample; null otherwise. */
export async function openSampleFile(): Promise<string | null> {
  const current = useDatabaseStore.getState().current;
  if (current?.source !== "sample") return null;
  // A sample is known by its title, as the database store matches a kept copy to the sample it came from.
  const samples = await loadSampleManifest().catch(() => []);
  return samples.find((entry) => entry.title === current.name)?.file ?? null;
}
