import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { openDatabaseFile } from "../app/cli/node-engine";
import { databaseProfileSchema } from "../app/browser/storage";
import { shippedSamples } from "./vite-shipped-samples";

const PUBLIC = fileURLToPath(new URL("../public", import.meta.url));

describe("shippedSamples", () => {
  it("profiles and indexes every bundled sample under the key the page's worker gives the same file, as the worker would", async () => {
    const manifest = JSON.parse(readFileSync(`${PUBLIC}/samples/manifest.json`, "utf8")) as { file: string }[];
    const samples = await shippedSamples(PUBLIC);
    expect(samples.map((sample) => sample.file)).toEqual(manifest.map(({ file }) => file));
    for (const sample of samples) {
      const engine = await openDatabaseFile(`${PUBLIC}/samples/${sample.file}`);
      // The page takes them only for this key: the worker's own for the same file.
      expect(sample.contentKey).toBe(await engine.contentKey());
      expect(sample.profile.contentKey).toBe(sample.contentKey);
      // What the page checks a shipped profile with, after JSON as the build writes it.
      expect(databaseProfileSchema.safeParse(JSON.parse(JSON.stringify(sample.profile))).success).toBe(true);
      // The same profile the worker computes when it has no shipped one (its time apart).
      expect({ ...sample.profile, elapsedMs: 0 }).toEqual({ ...(await engine.profile()), elapsedMs: 0 });
      // The snapshot loads in a worker's service with the file open, with as many values as its own build finds.
      const loaded = await engine.loadValueIndex(sample.contentKey, new Blob([sample.valueIndexSnapshot]));
      const built = await (await openDatabaseFile(`${PUBLIC}/samples/${sample.file}`)).indexValues();
      expect(loaded.ok && built.ok && loaded.valueCount === built.valueCount && loaded.valueCount > 1000).toBe(true);
    }
  }, 90_000);
});
