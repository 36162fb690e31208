import { describe, expect, it } from "vitest";
import { formatCountOf, pluralWord } from "./format";

describe("counts with their noun", () => {
  it("says 1 row, not 1 rows; 0 and many take the plural", () => {
    expect(formatCountOf(1, "row")).toBe("1 row");
    expect(formatCountOf(0, "row")).toBe("0 rows");
    expect(formatCountOf(1234, "row")).toBe("1,234 rows");
    expect(formatCountOf(1, "query", "queries")).toBe("1 query");
    expect(formatCountOf(2, "query", "queries")).toBe("2 queries");
    expect(pluralWord(1, "row")).toBe("row");
  });
});
