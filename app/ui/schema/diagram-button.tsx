// The schema panel's "Diagram" button and the large dialog it opens; the diagram itself (React Flow, ELK) loads only then.
import { lazy, Suspense, useRef, useState } from "react";
import { ModalDialog } from "../common/modal-dialog";
import { createPortal } from "react-dom";
import { useDatabaseStore } from "../../state/database-store";
import { usePruneStore } from "../../state/prune-store";
import "./diagram-dialog.css";

// A separate chunk: React Flow and the ELK client stay out of the first screen's JavaScript.
const loadDiagram = () => import("./er-diagram");
const ErDiagram = lazy(loadDiagram);

function DiagramDialog({ onClose }: { onClose: () => void }) {
  const schema = useDatabaseStore((state) => state.schema);
  const result = usePruneStore((state) => state.result);
  return (
    <ModalDialog label="Schema diagram" className="diagram-dialog" onClose={onClose}>
      <header>
        <h2>Schema diagram</h2>
        {result && (
          <p className="diagram-legend">
            For “{result.question}”: <span className="legend-kept">✓ kept</span> <span className="legend-dropped">dropped</span>{" "}
            <span className="legend-join">join path</span>
          </p>
        )}
        <button type="button" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </header>
      <div className="diagram-body">
        {schema ? (
          <Suspense fallback={<p className="muted">Loading the diagram…</p>}>
            <ErDiagram schema={schema} highlight={result} label="Entity-relationship diagram" />
          </Suspense>
        ) : (
          <p className="muted">No database is open.</p>
        )}
      </div>
    </ModalDialog>
  );
}

export function DiagramButton() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    // Back where the person was, as after any dialog.
    requestAnimationFrame(() => button.current?.focus());
  };
  return (
    <>
      {/* The diagram's code (and its layout worker) starts loading while the pointer or focus is on the button. */}
      <button
        ref={button}
        type="button"
        className="diagram-button"
        aria-haspopup="dialog"
        onPointerEnter={() => void loadDiagram()}
        onFocus={() => void loadDiagram()}
        onClick={() => setOpen(true)}
      >
        Diagram
      </button>
      {/* On the body, so the panel's own styles (and its navigation landmark) do not wrap the dialog. */}
      {open && createPortal(<DiagramDialog onClose={close} />, document.body)}
    </>
  );
}
