// The workspace's splitters (schema | centre | trace, editor over results), the show/hide toggles, and the sizes as CSS variables.
import type { CSSProperties } from "react";
import { usePanelLayoutStore, type SidePanel } from "../../state/panel-layout-store";
import { Splitter } from "./splitter";

/** The centre keeps at least this much width, the results at least this much height, whatever the side panels take. */
const CENTRE_MIN_WIDTH = 360;
const RESULTS_MIN_HEIGHT = 140;
const SPLITTER = 6;

const workspace = () => document.querySelector<HTMLElement>(".workspace");
const part = (selector: string) => document.querySelector<HTMLElement>(`.workspace ${selector}`);
const widthOf = (element: HTMLElement | null) => element?.getBoundingClientRect().width ?? 0;
const heightOf = (element: HTMLElement | null) => element?.getBoundingClientRect().height ?? 0;

/** A side panel may grow until the centre would be narrower than CENTRE_MIN_WIDTH. */
function sideMax(other: SidePanel): () => number {
  return () => {
    const otherPanel = other === "schema" ? part("> .schema-panel") : part("> .agent-panel");
    return widthOf(workspace()) - widthOf(otherPanel) - 2 * SPLITTER - CENTRE_MIN_WIDTH;
  };
}

function editorMax(): number {
  const centre = part("> .centre");
  const used = heightOf(part(".question-box")) + heightOf(part(".diagnosis-panel")) + SPLITTER;
  // The CSS caps the editor at 60% of the centre too, so the stored size never hides the results on a smaller window.
  return Math.min(heightOf(centre) - used - RESULTS_MIN_HEIGHT, heightOf(centre) * 0.6);
}

export function SchemaSplitter() {
  return (
    <Splitter
      panel="schema"
      label="Resize schema panel"
      orientation="vertical"
      direction={1}
      controls="schema-panel"
      target={() => part("> .schema-panel")}
      maxSize={sideMax("agent")}
    />
  );
}

export function AgentSplitter() {
  return (
    <Splitter
      panel="agent"
      label="Resize trace panel"
      orientation="vertical"
      direction={-1}
      target={() => part("> .agent-panel")}
      maxSize={sideMax("schema")}
    />
  );
}

export function EditorSplitter() {
  return <Splitter panel="editor" label="Resize SQL editor" orientation="horizontal" direction={1} target={() => part(".editor-panel")} maxSize={editorMax} />;
}

/** Show/hide buttons for the side panels (pressed = shown); a collapsed panel keeps its state and size for when it returns. */
export function PanelToggles() {
  const collapsed = usePanelLayoutStore((state) => state.collapsed);
  const toggle = (panel: SidePanel) => {
    const store = usePanelLayoutStore.getState();
    store.setCollapsed(panel, !store.collapsed[panel]);
    store.save();
  };
  return (
    <div className="panel-toggles" role="group" aria-label="Panels">
      <button type="button" aria-pressed={!collapsed.schema} onClick={() => toggle("schema")} title="Show or hide the schema panel">
        Schema panel
      </button>
      <button type="button" aria-pressed={!collapsed.agent} onClick={() => toggle("agent")} title="Show or hide the trace panel">
        Trace panel
      </button>
    </div>
  );
}

/** The sizes as CSS variables on the workspace, and collapsed panels as data attributes the CSS hides them by. */
export function useWorkspaceLayout(): { style: CSSProperties; "data-schema-collapsed"?: true; "data-agent-collapsed"?: true } {
  const sizes = usePanelLayoutStore((state) => state.sizes);
  const collapsed = usePanelLayoutStore((state) => state.collapsed);
  return {
    style: {
      "--schema-size": collapsed.schema ? "0px" : `${sizes.schema}px`,
      "--agent-size": collapsed.agent ? "0px" : `${sizes.agent}px`,
      "--editor-size": `${sizes.editor}px`,
    } as CSSProperties,
    "data-schema-collapsed": collapsed.schema || undefined,
    "data-agent-collapsed": collapsed.agent || undefined,
  };
}
