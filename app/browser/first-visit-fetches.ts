// Start-up without serial waits: called from the entry's first lines, it starts SQLite's WASM compile and the sample
// list at once and, on a first visit, the first sample's download, while React renders and the database store probes
// storage. The store then finds them under way (samples.ts and sqlite-wasm.ts hand over what was started). In a build,
// index.html's start script (html-start.ts) has usually begun all of these already; what it began is taken over here.
import { loadSampleManifest, prefetchSample } from "./samples";
import { queryLabStorage } from "./services";
import { compileSqliteWasm } from "./sqlite-wasm";

/**
 * `otherDatabaseRequested`: the address or a course names the database to open, so the first sample will not be.
 * A visit with a database kept from before reopens that one; only a visit without it downloads the first sample, as
 * the store would once it has read storage.
 */
export function startFirstVisitFetches(options: { otherDatabaseRequested: boolean }): void {
  void compileSqliteWasm();
  const samples = loadSampleManifest();
  if (options.otherDatabaseRequested) return;
  const keptBefore = queryLabStorage()
    .lastOpenDatabaseId()
    .catch(() => null);
  void Promise.all([samples, keptBefore])
    .then(([entries, lastOpenId]) => {
      if (lastOpenId === null && entries[0]) prefetchSample(entries[0]);
    })
    // The store fetches the list again and says why it failed; nothing to do here.
    .catch(() => undefined);
}
