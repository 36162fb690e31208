// Vite plugin: what the page would compute of each bundled sample once it is open, computed while building with the
// worker's own code (DatabaseService, run in Node) and written beside the sample: its column profile
// (samples/<file>.profile.json) and its value index's snapshot (samples/<file>.values-<content key>.bin). A first visit
// takes them (app/browser/shipped-sample-context.ts, asked by the descriptions and value-index stores) instead of computing them in the SQLite
// worker while the editor loads (issue #14). Both name the content they describe (its content key, a hash of the file),
// so none is used for a changed file.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";
import { openDatabaseFile } from "../app/cli/node-engine";
import { shippedProfileFile, shippedValueIndexFile } from "../app/browser/shipped-sample-files";
import type { DatabaseProfile } from "../app/core/schema/types";

export interface ShippedSample {
  file: string;
  contentKey: string;
  profile: DatabaseProfile;
  /** The value index as the worker keeps it in IndexedDB (value-snapshot.ts). */
  valueIndexSnapshot: Uint8Array<ArrayBuffer>;
}

/** Each sample of `publicDirectory`'s samples/manifest.json, profiled and indexed as the page's worker would. */
export async function shippedSamples(publicDirectory: string): Promise<ShippedSample[]> {
  const entries = JSON.parse(readFileSync(join(publicDirectory, "samples/manifest.json"), "utf8")) as Array<{ file: string }>;
  const samples: ShippedSample[] = [];
  for (const { file } of entries) {
    const engine = await openDatabaseFile(join(publicDirectory, "samples", file));
    // The options the page asks with (none): the same profile it would have computed, had it had the time.
    const profile = await engine.profile();
    const indexed = await engine.indexValues();
    if (!indexed.ok || !indexed.snapshot)
      throw new Error(`samples/${file}: its values could not be indexed (${indexed.ok ? "no snapshot" : indexed.message}).`);
    samples.push({ file, contentKey: await engine.contentKey(), profile, valueIndexSnapshot: new Uint8Array(await indexed.snapshot.arrayBuffer()) });
  }
  return samples;
}

export function shippedSampleContext(): Plugin {
  let publicDirectory = "";
  return {
    name: "querylab-shipped-samples",
    apply: "build",
    configResolved(config) {
      publicDirectory = config.publicDir;
    },
    async generateBundle() {
      if (!publicDirectory) return;
      for (const sample of await shippedSamples(publicDirectory)) {
        this.emitFile({ type: "asset", fileName: `samples/${shippedProfileFile(sample.file)}`, source: JSON.stringify(sample.profile) });
        this.emitFile({ type: "asset", fileName: `samples/${shippedValueIndexFile(sample.file, sample.contentKey)}`, source: sample.valueIndexSnapshot });
      }
    },
  };
}
