// Vite plugin: the column profile of each bundled sample, computed while building with the worker's own code
// (DatabaseService.profile, run in Node) and written beside the sample as samples/<file>.profile.json, for the page to
// take on a first visit instead of profiling the sample itself (app/browser/shipped-profile.ts). A profile names the
// content it was computed from (its content key, a hash of the file), so one left beside a changed file is not used.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";
import { createEngine } from "../app/cli/node-engine";
import { shippedProfileFile } from "../app/browser/shipped-profile-file";
import type { DatabaseProfile } from "../app/core/schema/types";

/** Each sample of `publicDirectory`'s samples/manifest.json with its profile, as the page's worker would compute it. */
export async function sampleProfiles(publicDirectory: string): Promise<{ fileName: string; profile: DatabaseProfile }[]> {
  const entries = JSON.parse(readFileSync(join(publicDirectory, "samples/manifest.json"), "utf8")) as Array<{ file: string }>;
  const profiles: { fileName: string; profile: DatabaseProfile }[] = [];
  for (const { file } of entries) {
    const engine = await createEngine();
    const opened = await engine.open(new Uint8Array(readFileSync(join(publicDirectory, "samples", file))));
    if (!opened.ok) throw new Error(`samples/${file}: ${opened.error.message}`);
    // The options the page asks with (none): the same profile it would have computed, had it had the time.
    profiles.push({ fileName: `samples/${shippedProfileFile(file)}`, profile: await engine.profile() });
  }
  return profiles;
}

export function shippedSampleProfiles(): Plugin {
  let publicDirectory = "";
  return {
    name: "querylab-sample-profiles",
    apply: "build",
    configResolved(config) {
      publicDirectory = config.publicDir;
    },
    async generateBundle() {
      if (!publicDirectory) return;
      for (const { fileName, profile } of await sampleProfiles(publicDirectory)) {
        this.emitFile({ type: "asset", fileName, source: JSON.stringify(profile) });
      }
    },
  };
}
