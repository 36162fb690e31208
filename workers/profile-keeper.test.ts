// The worker's profile keeper: the page's keys and limit, one keep after another, nothing of this session's writes.
import { describe, expect, it } from "vitest";
import { createMemoryArea } from "../app/browser/storage-areas";
import { createQueryLabStorage } from "../app/browser/storage";
import { PROFILES_KEPT } from "../app/browser/profile-keeping";
import type { DatabaseProfile } from "../app/core/schema/types";
import { profileKeeper } from "./profile-keeper";

const profile = (contentKey: string): DatabaseProfile => ({
  contentKey,
  elapsedMs: 3,
  tables: [{ table: "pets", kind: "table", rowCount: 1, rowsProfiled: 1, columns: [] }],
});

function pageStorageOver(schemaContext = createMemoryArea()) {
  const area = () => createMemoryArea();
  return { schemaContext, storage: createQueryLabStorage({ databases: area(), traces: area(), schemaContext, embeddings: area(), benchmark: area() }, true) };
}

describe("profileKeeper", () => {
  it("keeps profiles where the page's storage reads them, and both drop the oldest past the same limit", async () => {
    const { schemaContext, storage } = pageStorageOver();
    const keep = profileKeeper(async () => schemaContext);
    await keep(profile("k0"));
    expect(await storage.loadProfile("k0")).toEqual(profile("k0"));
    // Kept by the page (a shipped sample's profile) and by the worker: one list.
    for (let index = 1; index <= PROFILES_KEPT; index += 1) await (index % 2 ? storage.saveProfile(profile(`k${index}`)) : keep(profile(`k${index}`)));
    expect(await storage.loadProfile("k0")).toBeNull();
    expect(await storage.loadProfile("k1")).toEqual(profile("k1"));
    expect(await storage.loadProfile(`k${PROFILES_KEPT}`)).toEqual(profile(`k${PROFILES_KEPT}`));
  });

  it("keeps two profiles asked for at once, each in the index (neither write of the index loses the other)", async () => {
    const { schemaContext, storage } = pageStorageOver();
    const keep = profileKeeper(async () => schemaContext);
    await Promise.all([keep(profile("a")), keep(profile("b")), keep(profile("c"))]);
    expect(await schemaContext.get("profile-index")).toEqual(["c", "b", "a"]);
    expect(await storage.loadProfile("a")).toEqual(profile("a"));
  });

  it("does not keep a profile of content written in this session, and opens storage once, on the first keep", async () => {
    const { schemaContext } = pageStorageOver();
    let opened = 0;
    const keep = profileKeeper(async () => {
      opened += 1;
      return schemaContext;
    });
    await keep(profile("abc~1"));
    expect(opened).toBe(0);
    expect(await schemaContext.get("profile:abc~1")).toBeUndefined();
    await keep(profile("d"));
    await keep(profile("e"));
    expect(opened).toBe(1);
  });

  it("a keep that fails (storage full) rejects, and the next one still keeps", async () => {
    const { schemaContext, storage } = pageStorageOver();
    let full = true;
    const keep = profileKeeper(async () => ({
      get: (key) => schemaContext.get(key),
      delete: (key) => schemaContext.delete(key),
      set: async (key, value) => {
        if (full) throw new DOMException("full", "QuotaExceededError");
        await schemaContext.set(key, value);
      },
    }));
    await expect(keep(profile("x"))).rejects.toThrow("full");
    full = false;
    await keep(profile("y"));
    expect(await storage.loadProfile("y")).toEqual(profile("y"));
  });
});
