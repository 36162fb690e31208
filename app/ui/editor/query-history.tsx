// The list of queries run before (kept across reloads); picking one puts it in the editor.
import { useEditorStore } from "../../state/editor-store";
import { formatCountOf, formatDuration } from "../../core/format";

export function QueryHistory({ onPick }: { onPick: () => void }) {
  const history = useEditorStore((state) => state.history);
  const setText = useEditorStore((state) => state.setText);
  if (history.length === 0) return <p className="history-empty">No queries run yet.</p>;
  return (
    <ul className="history" aria-label="Query history">
      {history.map((entry) => (
        <li key={`${entry.ranAt}-${entry.sql}`}>
          <button
            type="button"
            onClick={() => {
              setText(entry.sql);
              onPick();
            }}
          >
            <code>{entry.sql.length > 160 ? `${entry.sql.slice(0, 160)}…` : entry.sql}</code>
            <span className="history-meta">
              {entry.databaseName} · {entry.ok ? formatCountOf(entry.rowCount ?? 0, "row") : "error"} · {formatDuration(entry.elapsedMs)} ·{" "}
              {new Date(entry.ranAt).toLocaleString()}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
