// The workspace's panel sizes (schema and trace widths, editor height) and which side panels are collapsed, kept in localStorage.
import * as z from "../core/zod-mini";
import { create } from "zustand";

const LAYOUT_KEY = "querylab.panel-layout";

export type SidePanel = "schema" | "agent";
export type ResizablePanel = SidePanel | "editor";

/** Pixel limits per panel; the upper ones are also capped by the window at use (see maxSizeOf in the splitter). */
export const PANEL_LIMITS: Record<ResizablePanel, { min: number; max: number; initial: number }> = {
  schema: { min: 180, max: 720, initial: 260 },
  agent: { min: 260, max: 800, initial: 380 },
  editor: { min: 100, max: 1200, initial: 260 },
};

export interface PanelLayout {
  sizes: Record<ResizablePanel, number>;
  collapsed: Record<SidePanel, boolean>;
}

interface PanelLayoutState extends PanelLayout {
  /** Sets a panel's size in pixels (clamped to its limits) and expands it when it was collapsed. */
  resize(panel: ResizablePanel, size: number): void;
  setCollapsed(panel: SidePanel, collapsed: boolean): void;
  /** Writes the layout to localStorage; called when a drag ends, a key is pressed or a toggle clicked, not on every pointer move. */
  save(): void;
}

export function clampSize(panel: ResizablePanel, size: number): number {
  const { min, max } = PANEL_LIMITS[panel];
  return Math.round(Math.min(max, Math.max(min, size)));
}

function initialLayout(): PanelLayout {
  return {
    sizes: { schema: PANEL_LIMITS.schema.initial, agent: PANEL_LIMITS.agent.initial, editor: PANEL_LIMITS.editor.initial },
    collapsed: { schema: false, agent: false },
  };
}

/** localStorage holds text anyone on this origin may have written: each value is read back only when usable, the rest stays default. */
const storedLayoutSchema = z.object({
  sizes: z.optional(z.partial(z.object({ schema: z.number(), agent: z.number(), editor: z.number() }))),
  collapsed: z.optional(z.partial(z.object({ schema: z.boolean(), agent: z.boolean() }))),
});

export function parseStoredLayout(text: string | null): PanelLayout {
  const layout = initialLayout();
  if (text === null) return layout;
  let parsed;
  try {
    parsed = storedLayoutSchema.safeParse(JSON.parse(text));
  } catch {
    return layout;
  }
  if (!parsed.success) return layout;
  for (const panel of ["schema", "agent", "editor"] as const) {
    const size = parsed.data.sizes?.[panel];
    if (size !== undefined) layout.sizes[panel] = clampSize(panel, size);
  }
  for (const panel of ["schema", "agent"] as const) {
    const collapsed = parsed.data.collapsed?.[panel];
    if (collapsed !== undefined) layout.collapsed[panel] = collapsed;
  }
  return layout;
}

function readLayout(): PanelLayout {
  try {
    return parseStoredLayout(localStorage.getItem(LAYOUT_KEY));
  } catch {
    return initialLayout();
  }
}

export const usePanelLayoutStore = create<PanelLayoutState>()((set, get) => ({
  ...readLayout(),
  resize(panel, size) {
    set((state) => ({
      sizes: { ...state.sizes, [panel]: clampSize(panel, size) },
      collapsed: panel === "editor" ? state.collapsed : { ...state.collapsed, [panel]: false },
    }));
  },
  setCollapsed(panel, collapsed) {
    set((state) => ({ collapsed: { ...state.collapsed, [panel]: collapsed } }));
  },
  save() {
    const { sizes, collapsed } = get();
    try {
      localStorage.setItem(LAYOUT_KEY, JSON.stringify({ sizes, collapsed }));
    } catch {
      // Storage unavailable: the layout lasts as long as the page.
    }
  },
}));
