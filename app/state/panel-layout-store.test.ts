import { describe, expect, it } from "vitest";
import { PANEL_LIMITS, parseStoredLayout } from "./panel-layout-store";

describe("parseStoredLayout", () => {
  const initial = { sizes: { schema: 260, agent: 380, editor: 260 }, collapsed: { schema: false, agent: false } };

  it("gives the initial layout for nothing stored or text that is not a layout", () => {
    expect(parseStoredLayout(null)).toEqual(initial);
    expect(parseStoredLayout("not json")).toEqual(initial);
    expect(parseStoredLayout('{"sizes": "wide"}')).toEqual(initial);
  });

  it("reads back sizes within the limits and the collapsed panels", () => {
    expect(parseStoredLayout(JSON.stringify({ sizes: { schema: 333.4, agent: 5000 }, collapsed: { agent: true } }))).toEqual({
      sizes: { schema: 333, agent: PANEL_LIMITS.agent.max, editor: 260 },
      collapsed: { schema: false, agent: true },
    });
    expect(parseStoredLayout(JSON.stringify({ sizes: { editor: 3 } })).sizes.editor).toBe(PANEL_LIMITS.editor.min);
  });
});
