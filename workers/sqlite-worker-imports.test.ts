// The SQLite worker only produces the engine's values; the page checks them (app/browser/sqlite-replies.ts). So the
// worker's chunk must not carry zod, which cost it about 25 KB gzip of the JavaScript fetched before the first query
// when the schemas sat beside the types (issue #14). And its entry stays small: see sqlite.worker.ts for why.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { staticImportChain } from "../scripts/static-import-graph";

const REPOSITORY_ROOT = fileURLToPath(new URL("../", import.meta.url));
const isZod = (specifier: string) => specifier === "zod" || specifier.startsWith("zod/");

describe("the SQLite worker's static imports", () => {
  it("do not reach zod, from its entry or its code", () => {
    expect(staticImportChain(REPOSITORY_ROOT, "workers/sqlite.worker.ts", isZod)).toBeNull();
    expect(staticImportChain(REPOSITORY_ROOT, "workers/sqlite-worker-main.ts", isZod)).toBeNull();
  });

  it("would be caught reaching zod: the page's worker replies check does", () => {
    expect(staticImportChain(REPOSITORY_ROOT, "app/browser/sqlite-replies.ts", isZod)).toEqual([
      "app/browser/sqlite-replies.ts",
      "app/core/zod-mini.ts",
      "zod/locales",
    ]);
  });

  it.each([
    ["app/core/schema/profile.ts", "the first profile computed (DatabaseService.takeProfile)"],
    ["app/core/schema/value-index-host.ts", "the first value index built, reloaded or matched"],
    ["app/core/eval/query-runner.ts", "the EX judge's first query"],
    ["workers/profile-keeper.ts", "the first profile kept"],
  ])("of its code do not reach %s, which loads with %s: nothing a database's open needs", (module) => {
    expect(staticImportChain(REPOSITORY_ROOT, "workers/sqlite-worker-main.ts", (found) => found === module)).toBeNull();
  });

  it("of its entry are the message hold alone: the code and its packages load through import(), after the entry has run", () => {
    const anythingElse = (specifierOrPath: string) => specifierOrPath !== "workers/held-messages.ts";
    expect(staticImportChain(REPOSITORY_ROOT, "workers/sqlite.worker.ts", anythingElse)).toBeNull();
    // The same check on the code finds its imports at once, so it can fail.
    expect(staticImportChain(REPOSITORY_ROOT, "workers/sqlite-worker-main.ts", anythingElse)).toEqual(["workers/sqlite-worker-main.ts", "comlink"]);
  });
});
