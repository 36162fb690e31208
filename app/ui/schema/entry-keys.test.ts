import { describe, expect, it } from "vitest";
import { entryAfterKey } from "./entry-keys";

describe("entryAfterKey", () => {
  it("moves one entry down and up, within the list", () => {
    expect(entryAfterKey("ArrowDown", 0, 3)).toBe(1);
    expect(entryAfterKey("ArrowUp", 2, 3)).toBe(1);
    expect(entryAfterKey("ArrowDown", 2, 3)).toBeNull();
    expect(entryAfterKey("ArrowUp", 0, 3)).toBeNull();
  });

  it("goes to the first and the last entry with Home and End", () => {
    expect(entryAfterKey("Home", 4000, 5000)).toBe(0);
    expect(entryAfterKey("End", 3, 5000)).toBe(4999);
    expect(entryAfterKey("End", 4999, 5000)).toBeNull();
  });

  it("ignores other keys and empty lists", () => {
    expect(entryAfterKey("Enter", 1, 3)).toBeNull();
    expect(entryAfterKey("ArrowRight", 1, 3)).toBeNull();
    expect(entryAfterKey("ArrowDown", 0, 0)).toBeNull();
  });
});
