// The start's copy of zod, built for real: a page entry that checks with app/core/zod-mini.ts and a part loaded on
// demand that uses full zod, bundled by Vite with and without the plugin.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build, type Plugin } from "vite";
import { afterAll, describe, expect, it } from "vitest";
import { startZodCopy } from "./vite-start-zod";

const ZOD_MINI = fileURLToPath(new URL("../app/core/zod-mini.ts", import.meta.url));
// Inside the repository (its node_modules' cache), so the fixture's `import "zod"` finds the project's zod.
const cache = fileURLToPath(new URL("../node_modules/.cache/", import.meta.url));
mkdirSync(cache, { recursive: true });
const folder = mkdtempSync(join(cache, "querylab-start-zod-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

// The entry checks a stored record with zod/mini; the agent-like part, loaded on demand, checks an email and a UUID with
// full zod (string formats the start never uses) and nests the entry's schema in its own.
writeFileSync(
  join(folder, "entry.ts"),
  `import * as z from ${JSON.stringify(ZOD_MINI)};
export const stored = z.object({ id: z.string(), size: z.number() });
export const checkStored = (value: unknown) => stored.safeParse(value).success;
export const later = () => import("./later");`,
);
writeFileSync(
  join(folder, "later.ts"),
  `import { z } from "zod";
import { stored } from "./entry";
const message = z.object({ from: z.email(), id: z.uuid(), database: stored });
export const checkMessage = (value: unknown) => message.safeParse(value);`,
);

/** Builds the fixture into its own folder; returns the text of what loads at start and a way to import the built entry. */
async function bundle(name: string, plugins: Plugin[]) {
  const outDir = join(folder, name);
  await build({
    configFile: false,
    logLevel: "silent",
    root: fileURLToPath(new URL("..", import.meta.url)),
    plugins,
    publicDir: false,
    build: {
      outDir,
      emptyOutDir: true,
      minify: false,
      lib: { entry: join(folder, "entry.ts"), formats: ["es"], fileName: "entry" },
      rolldownOptions: { output: { chunkFileNames: "[name]-[hash].js" } },
    },
  });
  // What a page loads at start: every chunk but the part loaded on demand (the entry may share one with it).
  const startFiles = readdirSync(outDir).filter((file) => file.endsWith(".js") && !file.startsWith("later"));
  return {
    entryText: startFiles.map((file) => readFileSync(join(outDir, file), "utf8")).join("\n"),
    load: () => import(pathToFileURL(join(outDir, "entry.js")).href),
  };
}

describe("startZodCopy", () => {
  it("keeps full zod's string formats out of the start's chunk, where the shared modules carried them", async () => {
    const shared = await bundle("shared", []);
    const copied = await bundle("copied", [startZodCopy(ZOD_MINI)]);
    // One module is in one chunk: shared, zod's core sat in the entry's with every export the later part uses.
    expect(shared.entryText).toContain("$ZodEmail");
    expect(copied.entryText).not.toContain("$ZodEmail");
    expect(copied.entryText).not.toContain("$ZodUUID");
    expect(copied.entryText.length).toBeLessThan(shared.entryText.length * 0.75);
  }, 60_000);

  it("checks alike with two copies: the start's schemas inside full zod's, and English messages in both", async () => {
    const { load } = await bundle("checks", [startZodCopy(ZOD_MINI)]);
    const entry = await load();
    expect(entry.checkStored({ id: "a", size: 3 })).toBe(true);
    expect(entry.checkStored({ id: "a", size: "3" })).toBe(false);
    const { checkMessage } = await entry.later();
    const id = "123e4567-e89b-42d3-a456-426614174000";
    expect(checkMessage({ from: "ada@example.org", id, database: { id: "a", size: 3 } }).success).toBe(true);
    const wrong = checkMessage({ from: "ada@example.org", id, database: { id: "a", size: "3" } });
    expect(wrong.success).toBe(false);
    expect(wrong.error.issues[0]).toMatchObject({ path: ["database", "size"], message: "Invalid input: expected number, received string" });
  }, 60_000);
});
