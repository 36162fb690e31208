import { describe, expect, it } from "vitest";
import { MemoryWebStorage } from "./memory-web-storage";
import { webStorageRescue } from "./workspace-rescue";

const workspace = (editorText: string, updatedAt: number) => ({ databaseId: "db-shop", editorText, threadId: null, lastRun: null, updatedAt });

describe("workspace rescue (localStorage, for a page left before IndexedDB committed)", () => {
  it("gives back what was kept once, for its own database only", () => {
    const web = new MemoryWebStorage();
    const rescue = webStorageRescue(() => web);
    rescue.keep(workspace("SELECT 1", 5));
    expect(rescue.take("db-other")).toBeNull();
    expect(rescue.take("db-shop")?.editorText).toBe("SELECT 1");
    expect(rescue.take("db-shop")).toBeNull();
  });

  it("does not replace a newer workspace another tab kept as it was left (review finding)", () => {
    const web = new MemoryWebStorage();
    webStorageRescue(() => web).keep(workspace("SELECT 'tab B, newer'", 20));
    webStorageRescue(() => web).keep(workspace("SELECT 'tab A, older'", 10));
    expect(webStorageRescue(() => web).take("db-shop")?.editorText).toBe("SELECT 'tab B, newer'");
  });

  it("gives nothing back for what is not a workspace, and survives refused storage", () => {
    const web = new MemoryWebStorage();
    web.setItem("querylab.workspace-rescue:db-shop", "{not json");
    expect(webStorageRescue(() => web).take("db-shop")).toBeNull();
    const refusing = webStorageRescue(() => {
      throw new DOMException("denied", "SecurityError");
    });
    expect(() => refusing.keep(workspace("SELECT 1", 1))).not.toThrow();
    expect(refusing.take("db-shop")).toBeNull();
  });
});
