// The top of the schema panel: what the agent gets for the current question (tokens, stages), the budget, and a preview.
import { useId } from "react";
import { formatCount } from "../../core/format";
import { useAgentStore } from "../../state/agent-store";
import { useEmbeddingStore } from "../../state/embedding-store";
import { EmbeddingDownloadChoice } from "../common/embedding-status";
import { rankingNote } from "../common/embedding-status-text";
import { usePruneStore } from "../../state/prune-store";
import { useSettingsStore } from "../../state/settings-store";

export function PruneSummary() {
  const result = usePruneStore((state) => state.result);
  const status = usePruneStore((state) => state.status);
  const message = usePruneStore((state) => state.message);
  const budget = usePruneStore((state) => state.budget);
  const setBudget = usePruneStore((state) => state.setBudget);
  const overrides = usePruneStore((state) => state.overrides);
  const clearOverrides = usePruneStore((state) => state.clearOverrides);
  const question = useAgentStore((state) => state.question);
  const sharing = useSettingsStore((state) => state.sharing);
  const embeddingStatus = useEmbeddingStore((state) => state.status);
  const budgetId = useId();
  // The model's live state is in the status line; here only what it meant for this question, read against that state.
  const note = rankingNote(result?.denseUnavailable, embeddingStatus);
  const choices = overrides.pinned.length + overrides.excluded.length;
  const kept = result?.columns.filter((column) => column.kept).length ?? 0;

  return (
    <section className="prune-summary" aria-label="Schema for the question">
      <h2>Schema for the question</h2>
      {result ? (
        <p role="status" className="prune-figures">
          For “{result.question}”: {kept} of {result.columns.length} columns in {Object.keys(result.kept).length} of {result.tables.length} tables, ≈
          {formatCount(result.tokensKept)} of {formatCount(result.tokensFull)} tokens. Ranked by {result.stagesUsed.join(", ")}.
        </p>
      ) : (
        <p role="status" className="muted prune-figures">
          {status === "indexing"
            ? "Indexing the schema and its values…"
            : "Ask a question (or preview one) to see which tables and columns the agent gets, and why."}
        </p>
      )}
      {note && <p className="prune-note">{note}</p>}
      {message && (
        <p role="alert" className="prune-note">
          {message}
        </p>
      )}
      <EmbeddingDownloadChoice onSelfHosted={() => useSettingsStore.getState().setOpen(true)} />
      <div className="prune-controls">
        <label htmlFor={budgetId}>Schema budget (tokens)</label>
        <input
          id={budgetId}
          type="number"
          min={50}
          step={50}
          defaultValue={budget}
          key={budget}
          onBlur={(event) => setBudget(Number(event.target.value))}
          onKeyDown={(event) => {
            if (event.key === "Enter") setBudget(Number((event.target as HTMLInputElement).value));
          }}
        />
        <button
          type="button"
          disabled={!question.trim() || status === "indexing" || status === "pruning"}
          onClick={() => void usePruneStore.getState().prune(question.trim(), sharing ?? "schema")}
          title="Prune for the question in the question box without asking the model"
        >
          Preview for the question
        </button>
        {choices > 0 && (
          <button type="button" className="link-button" onClick={clearOverrides}>
            Clear {choices} pin{choices === 1 ? "" : "s"} and exclusion{choices === 1 ? "" : "s"}
          </button>
        )}
      </div>
      {result && result.budget !== budget && (
        // The setting is a floor: the budget grows with the schema (schemaBudget), so say what it came to here.
        <p className="muted prune-note budget-note">
          The budget grows with the schema: ≈{formatCount(result.budget)} tokens for this one ({formatCount(budget)} at least).
        </p>
      )}
      {choices > 0 && <p className="muted prune-note">Pins and exclusions apply from the next question (or preview).</p>}
      {result && (
        <details className="prune-text">
          <summary>Schema text the agent gets</summary>
          <pre aria-label="Schema text the agent gets">{result.schemaText}</pre>
        </details>
      )}
    </section>
  );
}
