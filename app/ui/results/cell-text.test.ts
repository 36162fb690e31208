import { describe, expect, it } from "vitest";
import { blobSummary, copyTextOf } from "./cell-text";

describe("cell text", () => {
  it("summarizes BLOBs by size and first bytes", () => {
    expect(blobSummary(new Uint8Array([0x89, 0x50]))).toBe("BLOB 2 B 0x8950");
    expect(blobSummary(new Uint8Array(2048))).toBe("BLOB 2.0 KB 0x0000000000000000…");
  });
  it("copies NULL and BLOBs as SQL literals and text as it is", () => {
    expect(copyTextOf(null)).toBe("NULL");
    expect(copyTextOf("NULL")).toBe("NULL");
    expect(copyTextOf(new Uint8Array([1, 255]))).toBe("x'01ff'");
    expect(copyTextOf("a\tb")).toBe("a\tb");
    expect(copyTextOf(3.5)).toBe("3.5");
  });
});
