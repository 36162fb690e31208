// Asked when an imported trace has the id of one already in History: replace it, keep both, or import nothing.
import { ModalDialog } from "../common/modal-dialog";
import "./duplicate-trace-dialog.css";
import { useDuplicateTraceStore, type DuplicateTrace } from "../../state/duplicate-trace-question";

function TraceLine({ title, trace }: { title: string; trace: DuplicateTrace["incoming"] }) {
  return (
    <div>
      <dt>{title}</dt>
      <dd>
        {trace.question}
        <span className="muted">
          {" "}
          {trace.databaseName} · {trace.model} · {new Date(trace.createdAt).toLocaleString()}
        </span>
      </dd>
    </div>
  );
}

export function DuplicateTraceDialog() {
  const duplicate = useDuplicateTraceStore((state) => state.duplicate);
  const answer = useDuplicateTraceStore((state) => state.answer);
  if (!duplicate) return null;
  return (
    <ModalDialog label="This trace is already in History" className="duplicate-trace-dialog" onClose={() => answer("cancel")}>
      <header>
        <h2>This trace is already in History</h2>
      </header>
      <p>
        The file holds a trace with the id <code>{duplicate.incoming.id}</code>, the same as one kept in this browser.
      </p>
      <dl className="duplicate-traces">
        <TraceLine title="In History" trace={duplicate.kept} />
        <TraceLine title="In the file" trace={duplicate.incoming} />
      </dl>
      <footer className="dialog-actions">
        <button type="button" onClick={() => answer("replace")}>
          Replace
        </button>
        <button type="button" className="primary" onClick={() => answer("keep-both")}>
          Keep both
        </button>
        <button type="button" onClick={() => answer("cancel")}>
          Cancel
        </button>
      </footer>
    </ModalDialog>
  );
}
