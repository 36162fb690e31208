import { describe, expect, it } from "vitest";
import { valueIndexStatusText } from "./value-index-status-text";

describe("the value index's status sentence", () => {
  it("says what is read while indexing, and nothing before a database", () => {
    expect(valueIndexStatusText({ state: "idle" })).toBeNull();
    expect(valueIndexStatusText({ state: "reading" })).toBe("Values: reading the index kept in this browser…");
    expect(valueIndexStatusText({ state: "indexing", values: 0, tablesDone: 0, tables: 0 })).toBe("Indexing values…");
    expect(valueIndexStatusText({ state: "indexing", values: 120_000, tablesDone: 2, tables: 4 })).toBe("Indexing values: 120,000 read, table 3 of 4…");
    expect(valueIndexStatusText({ state: "indexing", values: 400_000, tablesDone: 4, tables: 4 })).toBe("Indexing values: 400,000 read, table 4 of 4…");
  });

  it("says how many values, whether some were left out, and whether the index was built or reused", () => {
    const ready = { state: "ready" as const, contentKey: "k", valueCount: 1_234, truncated: false, elapsedMs: 2_345 };
    expect(valueIndexStatusText({ ...ready, source: "built" })).toBe("1,234 values · indexed in 2.3 s");
    expect(valueIndexStatusText({ ...ready, source: "kept", elapsedMs: 400 })).toBe("1,234 values · reused from this browser in 0.4 s");
    expect(valueIndexStatusText({ ...ready, source: "shipped", elapsedMs: 300 })).toBe("1,234 values · index from the site, read in 0.3 s");
    expect(valueIndexStatusText({ ...ready, source: "built", truncated: true })).toBe(
      "1,234 values (the first 100,000 of a column, 500,000 at most) · indexed in 2.3 s",
    );
    expect(valueIndexStatusText({ state: "failed", message: "no such table" })).toBe(
      "Values not indexed (no such table); questions are ranked by names and descriptions.",
    );
  });
});
