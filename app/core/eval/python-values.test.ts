// Python's str() of SQLite values and the quick_rej sort key; the expected texts were printed by CPython 3.11 (Debian's python3).
import { describe, expect, it } from "vitest";
import { compareCodePoints, pythonBytesRepr, pythonFloatRepr, pythonSortKey } from "./python-values";

describe("pythonFloatRepr", () => {
  it.each([
    [0, "0.0"],
    [-0, "-0.0"],
    [3, "3.0"],
    [2.5, "2.5"],
    [0.1, "0.1"],
    [1e16, "1e+16"],
    [1e15, "1000000000000000.0"],
    [123456789012345.6, "123456789012345.6"],
    [1e-4, "0.0001"],
    [1e-5, "1e-05"],
    [1.5e-7, "1.5e-07"],
    [1e22, "1e+22"],
    [-1234.5, "-1234.5"],
    [Infinity, "inf"],
    [-Infinity, "-inf"],
    [2 ** 53, "9007199254740992.0"],
    [0.1 + 0.2, "0.30000000000000004"],
    [5e-324, "5e-324"],
    [Number.MAX_VALUE, "1.7976931348623157e+308"],
  ] as [number, string][])("repr(%s) is %s", (value, expected) => {
    expect(pythonFloatRepr(value)).toBe(expected);
  });
});

describe("pythonBytesRepr", () => {
  it.each([
    [[], "b''"],
    [[0x61], "b'a'"],
    [[...Buffer.from("it's")], 'b"it\'s"'],
    [[...Buffer.from(`say "hi" it's`)], "b'say \"hi\" it\\'s'"],
    [[0x00, 0xff, 0x09, 0x0a, 0x0d, 0x5c], "b'\\x00\\xff\\t\\n\\r\\\\'"],
    [Array.from({ length: 10 }, (_, index) => 30 + index), "b'\\x1e\\x1f !\"#$%&\\''"],
  ] as [number[], string][])("str(bytes(%j)) is %s", (bytes, expected) => {
    expect(pythonBytesRepr(new Uint8Array(bytes))).toBe(expected);
  });
});

describe("pythonSortKey", () => {
  it("is str(x) + str(type(x)): an INTEGER and a whole REAL of one value differ, and sort differently beside 2.5", () => {
    expect(pythonSortKey(2, false)).toBe("2<class 'int'>");
    expect(pythonSortKey(2, true)).toBe("2.0<class 'float'>");
    expect(pythonSortKey(null, false)).toBe("None<class 'NoneType'>");
    expect(pythonSortKey("2", false)).toBe("2<class 'str'>");
    // sorted((2, 2.5), key=...) is (2.5, 2) in Python; sorted((2.0, 2.5), key=...) is (2.0, 2.5).
    expect(compareCodePoints(pythonSortKey(2.5, false), pythonSortKey(2, false))).toBeLessThan(0);
    expect(compareCodePoints(pythonSortKey(2, true), pythonSortKey(2.5, false))).toBeLessThan(0);
  });
});

describe("compareCodePoints", () => {
  it("orders by code point as Python does, where UTF-16 units would put an emoji before U+FF01", () => {
    expect(compareCodePoints("\u{1F600}", "\uFF01")).toBeGreaterThan(0);
    expect("\u{1F600}" < "\uFF01").toBe(true);
    expect(compareCodePoints("a", "b")).toBeLessThan(0);
    expect(compareCodePoints("ab", "a")).toBeGreaterThan(0);
    expect(compareCodePoints("x", "x")).toBe(0);
  });
});
