// The bottom line: whether SQLite is ready or busy, what is open, whether it is kept, progress of a load, the value
// index's state, and the embedding model's state (the one place it is reported outside Settings).
import { useDatabaseStore, type SaveState } from "../../state/database-store";
import { shownRun, useQueryStore } from "../../state/query-store";
import { formatBytes, formatCountOf } from "../../core/format";
import { EmbeddingStatus } from "./embedding-status";
import { ValueIndexStatus } from "./value-index-status";

const SAVE_TEXT: Record<SaveState, string> = {
  saved: "saved in this browser",
  saving: "saving…",
  "unsaved-transaction": "transaction open: COMMIT to save",
  "not-kept": "not kept after reload (storage unavailable)",
  failed: "not saved: the browser refused (see the message above)",
  "read-on-demand": "read-only, read on demand",
  "loading-whole": "downloading, read on demand until then",
  "reading-whole": "saved in this browser, read on demand while it loads into memory",
  "not-kept-by-choice": "not kept in this browser (as chosen)",
  "not-reopened": "not reopened after the Stop, changes not saved: reload the page to open it again",
};

export function StatusLine() {
  const status = useDatabaseStore((state) => state.status);
  const current = useDatabaseStore((state) => state.current);
  const schema = useDatabaseStore((state) => state.schema);
  const loading = useDatabaseStore((state) => state.loading);
  const running = useQueryStore(shownRun);
  const tableCount = schema?.tables.filter((table) => table.kind === "table").length ?? 0;
  const worker = status === "starting" ? "SQLite starting…" : status === "failed" ? "SQLite failed to start" : running ? "SQLite busy" : "SQLite ready";
  return (
    <footer className="status-line" aria-label="Status">
      <span data-state={status}>{worker}</span>
      {current && (
        <span>
          {current.name} · {formatCountOf(tableCount, "table")} · {formatBytes(current.sizeBytes)} · {SAVE_TEXT[current.saveState]}
        </span>
      )}
      <ValueIndexStatus className="value-index-status" />
      <EmbeddingStatus className="embedding-status" />
      {loading && (
        <span className="loading">
          {loading.label}
          {loading.fraction !== null && (
            <progress aria-label={loading.label} max={1} value={loading.fraction}>
              {Math.round(loading.fraction * 100)}%
            </progress>
          )}
        </span>
      )}
    </footer>
  );
}
