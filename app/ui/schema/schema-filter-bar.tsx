// The schema panel's filter: a text box over table and column names and a "kept only" toggle for the current pruning.
import type { SchemaFilter } from "./schema-filter";

export interface SchemaFilterBarProps {
  filter: SchemaFilter;
  onChange(filter: SchemaFilter): void;
  /** Whether there is a pruning to show the kept part of; without one the toggle is off and disabled. */
  hasPruning: boolean;
  shown: number;
  total: number;
}

export function SchemaFilterBar({ filter, onChange, hasPruning, shown, total }: SchemaFilterBarProps) {
  const filtering = filter.text.trim() !== "" || (filter.keptOnly && hasPruning);
  return (
    <div className="schema-filter">
      <input
        type="search"
        aria-label="Filter tables and columns"
        placeholder="Filter tables and columns"
        value={filter.text}
        onChange={(event) => onChange({ ...filter, text: event.target.value })}
      />
      <label title={hasPruning ? "Only what the agent gets for the question" : "Ask or preview a question to see what is kept"}>
        <input
          type="checkbox"
          checked={filter.keptOnly && hasPruning}
          disabled={!hasPruning}
          onChange={(event) => onChange({ ...filter, keptOnly: event.target.checked })}
        />
        Kept only
      </label>
      {/* Polite, so a screen reader hears how many tables remain as the person types. */}
      <p className="muted schema-filter-count" aria-live="polite">
        {filtering ? `${shown} of ${total} tables and views shown` : ""}
      </p>
    </div>
  );
}
