// The SQLite worker only produces the engine's values; the page checks them (app/browser/sqlite-replies.ts). So the
// worker's chunk must not carry zod, which cost it about 25 KB gzip of the JavaScript fetched before the first query
// when the schemas sat beside the types (issue #14).
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { staticImportChain } from "../scripts/static-import-graph";

const REPOSITORY_ROOT = fileURLToPath(new URL("../", import.meta.url));
const isZod = (specifier: string) => specifier === "zod" || specifier.startsWith("zod/");

describe("the SQLite worker's static imports", () => {
  it("do not reach zod", () => {
    expect(staticImportChain(REPOSITORY_ROOT, "workers/sqlite.worker.ts", isZod)).toBeNull();
  });

  it("would be caught reaching zod: the page's worker replies check does", () => {
    expect(staticImportChain(REPOSITORY_ROOT, "app/browser/sqlite-replies.ts", isZod)).toEqual([
      "app/browser/sqlite-replies.ts",
      "app/core/zod-mini.ts",
      "zod/locales",
    ]);
  });
});
