// A window splitter (the WAI-ARIA pattern): drag it, or focus it and use the arrow keys, Home/End, and Enter to collapse.
// A dozen lines of pointer and key handling instead of react-resizable-panels, which costs ~16 KB gzip of initial JS.
import { useRef, type KeyboardEvent, type PointerEvent } from "react";
import { PANEL_LIMITS, usePanelLayoutStore, type ResizablePanel, type SidePanel } from "../../state/panel-layout-store";

const STEP = 16;
const BIG_STEP = 80;

export interface SplitterProps {
  panel: ResizablePanel;
  /** The accessible name, e.g. "Resize schema panel". */
  label: string;
  /** "vertical" is a bar between left and right panes (moves along x); "horizontal" one between top and bottom. */
  orientation: "vertical" | "horizontal";
  /** +1 when moving the bar right/down grows the panel (it is left of/above the bar), -1 when it shrinks it. */
  direction: 1 | -1;
  /** The panel's element, measured so a drag starts from the size on screen (CSS may cap the stored one). */
  target: () => HTMLElement | null;
  /** The largest size the window allows now, in pixels. */
  maxSize: () => number;
  /** id of the panel's element, for aria-controls. */
  controls?: string;
}

export function Splitter({ panel, label, orientation, direction, target, maxSize, controls }: SplitterProps) {
  const size = usePanelLayoutStore((state) => state.sizes[panel]);
  const collapsed = usePanelLayoutStore((state) => panel !== "editor" && state.collapsed[panel]);
  const drag = useRef<{ start: number; size: number; max: number } | null>(null);
  const collapsible = panel !== "editor";
  const { min } = PANEL_LIMITS[panel];
  const axis = (event: { clientX: number; clientY: number }) => (orientation === "vertical" ? event.clientX : event.clientY);

  const shownSize = () => {
    if (collapsed) return 0;
    const rect = target()?.getBoundingClientRect();
    const onScreen = rect ? (orientation === "vertical" ? rect.width : rect.height) : size;
    return Math.min(size, Math.round(onScreen) || size);
  };

  /** Applies a wanted size: below half the minimum a side panel collapses, otherwise the size is kept within limits. */
  const apply = (wanted: number, max: number) => {
    const store = usePanelLayoutStore.getState();
    if (collapsible && wanted < min / 2) store.setCollapsed(panel as SidePanel, true);
    else store.resize(panel, Math.min(Math.max(wanted, min), Math.max(min, max)));
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { start: axis(event), size: shownSize(), max: maxSize() };
    document.documentElement.classList.add(orientation === "vertical" ? "resizing-x" : "resizing-y");
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current) return;
    apply(current.size + direction * (axis(event) - current.start), current.max);
  };
  const endDrag = () => {
    if (!drag.current) return;
    drag.current = null;
    document.documentElement.classList.remove("resizing-x", "resizing-y");
    usePanelLayoutStore.getState().save();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const store = usePanelLayoutStore.getState();
    const max = maxSize();
    const step = event.shiftKey ? BIG_STEP : STEP;
    const back = orientation === "vertical" ? "ArrowLeft" : "ArrowUp";
    const forward = orientation === "vertical" ? "ArrowRight" : "ArrowDown";
    if (event.key === back || event.key === forward) {
      const grow = (event.key === forward ? 1 : -1) * direction > 0;
      if (collapsed && !grow) return;
      // From collapsed, growing restores the smallest size; shrinking never collapses by keys (Enter does).
      const next = collapsed ? min : shownSize() + (grow ? step : -step);
      store.resize(panel, Math.min(Math.max(next, min), Math.max(min, max)));
    } else if (event.key === "Home") store.resize(panel, min);
    else if (event.key === "End") store.resize(panel, Math.max(min, max));
    else if (event.key === "Enter" && collapsible) store.setCollapsed(panel as SidePanel, !collapsed);
    else return;
    event.preventDefault();
    store.save();
  };

  return (
    <div
      role="separator"
      tabIndex={0}
      aria-label={label}
      aria-orientation={orientation}
      aria-controls={controls}
      aria-valuemin={collapsible ? 0 : min}
      aria-valuemax={Math.max(min, PANEL_LIMITS[panel].max)}
      aria-valuenow={collapsed ? 0 : size}
      aria-valuetext={collapsed ? "collapsed" : `${size} pixels`}
      className={`splitter splitter-${orientation} splitter-${panel}`}
      data-collapsed={collapsed || undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      onLostPointerCapture={endDrag}
      onKeyDown={onKeyDown}
    />
  );
}
