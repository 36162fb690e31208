import { describe, expect, it } from "vitest";
import { runTarget } from "./run-target";

describe("runTarget", () => {
  const text = "SELECT 1;\n\nSELECT 2\nFROM t;";
  it("runs the selection as it is, with its offset", () => {
    expect(runTarget(text, { start: 0, end: 8 })).toEqual({ sql: "SELECT 1", offset: 0 });
  });
  it("runs the statement under the cursor", () => {
    expect(runTarget(text, { start: 14, end: 14 })).toEqual({ sql: "SELECT 2\nFROM t;", offset: 11 });
  });
  it("runs the statement just finished when the cursor is after its semicolon", () => {
    expect(runTarget(text, { start: 9, end: 9 })).toEqual({ sql: "SELECT 1;", offset: 0 });
  });
  it("runs nothing for an empty selection of blanks or an empty text", () => {
    expect(runTarget("   ", { start: 0, end: 3 })).toBeNull();
    expect(runTarget("", { start: 0, end: 0 })).toBeNull();
  });
});
