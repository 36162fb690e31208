import { afterEach, describe, expect, it, vi } from "vitest";
import { formatCount, formatCountOf, pluralWord } from "./format";

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

describe("formatCount", () => {
  it("writes every number as en-US's formatter does, small whole ones included (their plain digits are its)", () => {
    const formatter = new Intl.NumberFormat("en-US");
    const values = [-0, 0, 0.5, 1, 999, 999.5, 1000, 1001, -1, -999, -1000, Number.NaN, Infinity, -Infinity, 1e21, 2 ** 53];
    // Whole numbers of every length up to 2^53, where the digits are grouped by hand.
    for (let power = 0; power <= 15; power += 1) values.push(10 ** power, 10 ** power - 1, 10 ** power + 1, -(10 ** power), -(10 ** power - 1));
    values.push(Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 2 ** 53 + 2, 123_456_789_012, -98_765_432_109_876);
    for (let value = -1500; value <= 1500; value += 1) values.push(value, value + 0.25, value / 7);
    for (let draw = 0; draw < 2000; draw += 1) values.push(Math.floor(Math.random() * 2e6) - 1e6, Math.random() * 2000 - 500);
    for (const value of values) expect(formatCount(value), String(value)).toBe(formatter.format(value));
  });
});

describe("the count formatter", () => {
  const BuiltIn = Intl.NumberFormat;
  afterEach(() => {
    Intl.NumberFormat = BuiltIn;
    vi.resetModules();
  });

  it("is built only for a count that is not a whole number within 2^53, once, and not when the module loads", async () => {
    // The first NumberFormat a thread builds loads its number data: the SQLite worker imports this module and spent
    // ~25 ms of its start there, formatting nothing; the page spent 13-38 ms on the sample list's row counts.
    let built = 0;
    Intl.NumberFormat = class extends BuiltIn {
      constructor(...args: ConstructorParameters<typeof BuiltIn>) {
        super(...args);
        built += 1;
      }
    } as typeof BuiltIn;
    vi.resetModules();
    const format = await import("./format");
    expect(format.formatCountOf(12, "row")).toBe("12 rows");
    expect(format.formatCount(1234567)).toBe("1,234,567");
    expect(format.formatCount(-5)).toBe("-5");
    expect(format.formatCount(-Number.MAX_SAFE_INTEGER)).toBe("-9,007,199,254,740,991");
    expect(format.formatDuration(1500)).toBe("1.50 s");
    expect(built).toBe(0);
    expect(format.formatCount(1234.5)).toBe("1,234.5");
    expect(format.formatCount(-0)).toBe("-0");
    expect(built).toBe(1);
  });
});
