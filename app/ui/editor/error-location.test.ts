import { describe, expect, it } from "vitest";
import { errorRange } from "./error-location";

describe("errorRange", () => {
  const text = "SELECT 1;\nSELECT nme FROM authors;";
  const statement = { editorStart: 10, editorEnd: text.length };

  it("marks the column SQLite names", () => {
    const range = errorRange(text, { kind: "sql-error", message: "no such column: nme", ...statement });
    expect(range && text.slice(range.start, range.end)).toBe("nme");
  });
  it("marks the token a syntax error is near", () => {
    const source = "SELECT * FORM books";
    const range = errorRange(source, { kind: "sql-error", message: 'near "FORM": syntax error', editorStart: 0, editorEnd: source.length });
    expect(range && source.slice(range.start, range.end)).toBe("FORM");
  });
  it("marks a qualified name by its last part when the qualifier is an alias", () => {
    const source = "SELECT a.nme FROM authors a";
    const range = errorRange(source, { kind: "sql-error", message: "no such column: a.nme", editorStart: 0, editorEnd: source.length });
    expect(range && source.slice(range.start, range.end)).toBe("a.nme");
  });
  it("falls back to the whole statement", () => {
    const range = errorRange(text, { kind: "sql-error", message: "UNIQUE constraint failed: t.id", ...statement });
    expect(range && text.slice(range.start, range.end)).toBe("SELECT nme FROM authors;");
  });
  it("marks nothing when the error has no place", () => {
    expect(errorRange(text, { kind: "stopped", message: "Query stopped" })).toBeNull();
  });
});
