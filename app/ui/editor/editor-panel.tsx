// The editor with its toolbar: Run, Stop, Format, and the query history.
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useDatabaseStore } from "../../state/database-store";
import { useEditorStore } from "../../state/editor-store";
import { shownRun, useQueryStore } from "../../state/query-store";
import { ErrorBoundary } from "../common/error-boundary";
import { diagnoseAtCursor, formatSql, runAtCursor } from "./editor-commands";
import { useDiagnosisStore } from "../../state/diagnosis-store";
import { PlainSqlEditor } from "./plain-sql-editor";
import { QueryHistory } from "./query-history";
import type { Caret } from "./editor-focus-handoff";
import { loadCodeEditor } from "./code-editor-load";

/** The code editor, loaded once the database is ready (see loadCodeEditor). */
const MonacoSqlEditor = lazy(loadCodeEditor);

const isMac = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * True from the task after the database became ready, so Monaco's lazy import (which first writes a preload link for
 * each of its ~25 chunks) runs after the render that shows the database ready instead of inside it.
 */
function useReadyForCodeEditor(databaseReady: boolean): boolean {
  const [afterReady, setAfterReady] = useState(false);
  useEffect(() => {
    if (!databaseReady) return;
    const timer = setTimeout(() => setAfterReady(true), 0);
    return () => clearTimeout(timer);
  }, [databaseReady]);
  return databaseReady && afterReady;
}

export function EditorPanel() {
  const running = useQueryStore(shownRun);
  const stop = useQueryStore((state) => state.stop);
  const [formatMessage, setFormatMessage] = useState<string | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const historyCount = useEditorStore((state) => state.history.length);
  const databaseReady = useDatabaseStore((state) => state.status !== "starting");
  const diagnosing = useDiagnosisStore((state) => state.status === "running");
  const codeEditorWanted = useReadyForCodeEditor(databaseReady);
  const focusHandoff = useRef<Caret | null>(null);

  return (
    <section className="editor-panel" aria-label="SQL">
      <div className="toolbar">
        <button
          type="button"
          className="primary"
          onClick={runAtCursor}
          disabled={running !== null}
          title={`Run the statement under the cursor or the selection (${isMac ? "⌘" : "Ctrl"}+Enter)`}
        >
          Run <kbd>{isMac ? "⌘⏎" : "Ctrl+⏎"}</kbd>
        </button>
        <button
          type="button"
          onClick={diagnoseAtCursor}
          disabled={running !== null || diagnosing || !databaseReady}
          title="Run the statement under the cursor clause by clause: the rows after each join, condition and grouping, and the query plan"
        >
          Diagnose
        </button>
        <button type="button" onClick={() => void stop()} disabled={running === null} title="Stop the running query (Esc)">
          Stop
        </button>
        <button
          type="button"
          onClick={async () => {
            const outcome = await formatSql();
            setFormatMessage(outcome.ok ? null : outcome.message);
          }}
        >
          Format
        </button>
        <button type="button" aria-expanded={historyOpen} onClick={() => setHistoryOpen(!historyOpen)}>
          History ({historyCount})
        </button>
        {formatMessage && (
          <span role="status" className="inline-message">
            {formatMessage}
          </span>
        )}
      </div>
      {historyOpen && <QueryHistory onPick={() => setHistoryOpen(false)} />}
      <div className="editor-host">
        <ErrorBoundary
          fallback={(error) => <PlainSqlEditor note={`The code editor could not load (${error.message}); a plain one is used.`} focusHandoff={focusHandoff} />}
        >
          {/* Monaco (about 1 MB) starts loading once the database is ready, so it does not delay the first query. */}
          {codeEditorWanted ? (
            <Suspense fallback={<PlainSqlEditor focusHandoff={focusHandoff} />}>
              <MonacoSqlEditor focusHandoff={focusHandoff} />
            </Suspense>
          ) : (
            <PlainSqlEditor focusHandoff={focusHandoff} />
          )}
        </ErrorBoundary>
      </div>
    </section>
  );
}
