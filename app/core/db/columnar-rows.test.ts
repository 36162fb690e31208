import { describe, expect, it } from "vitest";
import { CellKind, ColumnarPage, columnarBuffers, decodeRows, encodeRows, isColumnarRows } from "./columnar-rows";
import type { ResultValue } from "./types";

const beyondSafe = 2n ** 53n + 1n;

const ROWS: ResultValue[][] = [
  [1, 9223372036854775807n, 3.25, "plain", null, new Uint8Array([0x89, 0x50, 0x4e, 0x47])],
  [-0, -9223372036854775808n, -1e300, "Zürich · 東京 · 🦆", "", new Uint8Array(0)],
  [Number.MAX_SAFE_INTEGER, beyondSafe, Number.NaN, "line\nbreak", "NULL", null],
  [null, null, null, null, null, new Uint8Array([0, 255])],
];

describe("columnar rows", () => {
  it("round-trips integers (beyond 2^53 too), reals, text with non-ASCII, NULL, empty text and BLOBs", () => {
    const decoded = decodeRows(encodeRows(6, ROWS));
    expect(decoded).toHaveLength(ROWS.length);
    decoded.forEach((row, index) => expect(row).toEqual(ROWS[index]));
    expect(decoded[0]![1]).toBe(9223372036854775807n);
    expect(decoded[2]![1]).toBe(beyondSafe);
    expect(Object.is(decoded[1]![0], -0)).toBe(true);
    expect(decoded[1]![4]).toBe("");
    expect(decoded[2]![4]).toBe("NULL");
    expect(decoded[3]![0]).toBeNull();
    expect(decoded[0]![5]).toBeInstanceOf(Uint8Array);
  });

  it("reads any cell without decoding the rows before it, and a short row's missing values as NULL", () => {
    const page = new ColumnarPage(
      encodeRows(3, [
        ["a", 1],
        ["é", 2, "ü"],
        [null, 3, "last"],
      ]),
    );
    expect(page.cell(2, 2)).toBe("last");
    expect(page.cell(1, 0)).toBe("é");
    expect(page.row(0)).toEqual(["a", 1, null]);
    expect(page.rowCount).toBe(3);
  });

  it("keeps a page without bigints free of the bigint array, and lists every buffer to transfer", () => {
    const encoded = encodeRows(2, [[1, "x"]]);
    expect(encoded.bigints).toBeNull();
    expect(encoded.kinds).toEqual(new Uint8Array([CellKind.number, CellKind.text]));
    expect(columnarBuffers(encoded)).toHaveLength(6);
    expect(columnarBuffers(encodeRows(1, [[beyondSafe]]))).toHaveLength(7);
  });

  it("survives a structured clone (what postMessage does) and an empty page", () => {
    expect(decodeRows(structuredClone(encodeRows(6, ROWS)))).toEqual(ROWS);
    expect(decodeRows(encodeRows(4, []))).toEqual([]);
  });

  it("accepts only consistent pages", () => {
    const page = encodeRows(6, ROWS);
    expect(isColumnarRows(page)).toBe(true);
    expect(isColumnarRows(encodeRows(0, []))).toBe(true);
    expect(isColumnarRows({ ...page, rowCount: page.rowCount + 1 })).toBe(false);
    expect(isColumnarRows({ ...page, numbers: Array.from(page.numbers) })).toBe(false);
    expect(isColumnarRows({ ...page, kinds: page.kinds.map(() => 9) })).toBe(false);
    expect(isColumnarRows({ ...encodeRows(1, [[beyondSafe]]), bigints: null })).toBe(false);
    expect(isColumnarRows({ ...page, blobs: new Uint8Array(1) })).toBe(false);
    expect(isColumnarRows([[1]])).toBe(false);
  });
});
