import { describe, expect, it } from "vitest";
import type { OpenOptions } from "../app/core/db/sqljs-engine";
import { owningReceivedBytes } from "./owned-bytes";

describe("the worker's open of bytes from a message", () => {
  it("is made with ownBytes, keeping the page's other options; other calls pass through as they are", async () => {
    const calls: unknown[][] = [];
    const service = {
      async open(bytes: Uint8Array | null, options?: OpenOptions) {
        calls.push([bytes, options]);
        return "opened";
      },
      async schema(options?: unknown) {
        calls.push(["schema", options]);
        return "schema";
      },
    };
    const exposed = owningReceivedBytes(service);
    const bytes = new Uint8Array([1, 2, 3]);
    expect(await exposed.open(bytes, { checkPages: false })).toBe("opened");
    expect(await exposed.open(null)).toBe("opened");
    expect(await exposed.schema({ rowCounts: false })).toBe("schema");
    expect(calls).toEqual([
      [bytes, { checkPages: false, ownBytes: true }],
      [null, { ownBytes: true }],
      ["schema", { rowCounts: false }],
    ]);
  });
});
