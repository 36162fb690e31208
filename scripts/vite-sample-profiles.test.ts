import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { openDatabaseFile } from "../app/cli/node-engine";
import { databaseProfileSchema } from "../app/browser/storage";
import { sampleProfiles } from "./vite-sample-profiles";

const PUBLIC = fileURLToPath(new URL("../public", import.meta.url));

describe("sampleProfiles", () => {
  it("profiles every bundled sample, each named for the content the page's worker opens from that file", async () => {
    const manifest = JSON.parse(readFileSync(`${PUBLIC}/samples/manifest.json`, "utf8")) as { file: string }[];
    const profiles = await sampleProfiles(PUBLIC);
    expect(profiles.map((entry) => entry.fileName)).toEqual(manifest.map(({ file }) => `samples/${file}.profile.json`));
    for (const [index, { profile }] of profiles.entries()) {
      // What the page checks a shipped profile with, after JSON as the build writes it.
      const parsed = databaseProfileSchema.safeParse(JSON.parse(JSON.stringify(profile)));
      expect(parsed.success).toBe(true);
      // The page takes it only when this key is the open database's: the worker's own key for the same file.
      const engine = await openDatabaseFile(`${PUBLIC}/samples/${manifest[index]!.file}`);
      expect(profile.contentKey).toBe(await engine.contentKey());
      expect(profile.tables.length).toBeGreaterThan(0);
      // The same profile the worker computes when it has no shipped one (its time apart).
      const computed = await engine.profile();
      expect({ ...profile, elapsedMs: 0 }).toEqual({ ...computed, elapsedMs: 0 });
    }
  }, 60_000);
});
