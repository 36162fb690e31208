import { describe, expect, it } from "vitest";
import { isRunShortcut, type ShortcutKey } from "./run-shortcut";

const key = (change: Partial<ShortcutKey>): ShortcutKey => ({ key: "Enter", ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...change });

describe("isRunShortcut", () => {
  it("is Ctrl+Enter or ⌘+Enter", () => {
    expect(isRunShortcut(key({ ctrlKey: true }))).toBe(true);
    expect(isRunShortcut(key({ metaKey: true }))).toBe(true);
  });
  it("is not Enter alone, another key, or Enter with Shift or Alt as well", () => {
    expect(isRunShortcut(key({}))).toBe(false);
    expect(isRunShortcut(key({ key: "e", ctrlKey: true }))).toBe(false);
    expect(isRunShortcut(key({ ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isRunShortcut(key({ ctrlKey: true, altKey: true }))).toBe(false);
  });
  it("leaves an input method's Enter to the composition", () => {
    expect(isRunShortcut(key({ ctrlKey: true, isComposing: true }))).toBe(false);
  });
});
