// The value index's state on the status line, with a progress bar over the tables while values are read.
import { useEffect } from "react";
import { followValueIndex, useValueIndexStore } from "../../state/value-index-store";
import { valueIndexStatusText } from "./value-index-status-text";

export function ValueIndexStatus({ className }: { className?: string }) {
  const status = useValueIndexStore((state) => state.status);
  useEffect(() => followValueIndex(), []);
  const text = valueIndexStatusText(status);
  if (!text) return null;
  // data-index-state, not data-state: `footer [data-state="ready"]` is how the bench and tests see SQLite ready.
  return (
    <span className={className} data-index-state={status.state} data-source={status.state === "ready" ? status.source : undefined}>
      {text}
      {status.state === "indexing" && status.tables > 0 && <progress aria-label="Value indexing" max={status.tables} value={status.tablesDone} />}
    </span>
  );
}
