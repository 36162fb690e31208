// Kept/dropped marks with score and reasons for a table or column, and its pin/exclude toggles for the next run.
import type { ColumnDecision, KeepReason, TableDecision } from "../../core/schema/types";
import { usePruneStore } from "../../state/prune-store";

export const REASON_LABELS: Record<KeepReason, string> = {
  dense: "dense",
  lexical: "lexical",
  "sub-word": "sub-word",
  value: "value match",
  measure: "measure",
  key: "key",
  "join-path": "join path",
  neighbour: "neighbour",
  "whole-table": "whole table",
  "room-left": "room left",
  label: "label",
  pinned: "pinned",
  "whole-schema": "fits whole",
};

const REASON_TITLES: Record<KeepReason, string> = {
  dense: "Close to the question by the embedding model",
  lexical: "Shares words with the question (names and descriptions)",
  "sub-word": "A word of the question is a form or part of its name (Kunden: kunde, Durchschnittspreis: preis)",
  value: "A word or phrase of the question is one of its stored values",
  measure: "The question asks for the kind of figure its name says it holds (an amount of money, a rating, a quantity, an area)",
  key: "Primary or foreign key of a kept table",
  "join-path": "On the foreign-key path that joins the kept tables",
  neighbour: "Joined by a foreign key to a table the question is about, or bridging two kept tables",
  "whole-table": "Kept with all its columns: a small table the question is about, or a kept table the budget had room for",
  "room-left": "A weaker match than the tables chosen, kept because the budget had room once they were in",
  label: "Names the rows of a kept table (name, title)",
  pinned: "You pinned it",
  "whole-schema": "The whole schema fits the budget",
};

/** "kept 0.82 · lexical, value match" or "dropped 0.10", as a compact mark with the details in words for screen readers. */
export function DecisionMark({ decision }: { decision: ColumnDecision | TableDecision }) {
  const matched = "matchedValue" in decision && decision.matchedValue !== undefined ? decision.matchedValue : null;
  const reasons = decision.reasons.map((reason) => REASON_LABELS[reason]);
  const words = decision.kept
    ? `kept, score ${decision.score.toFixed(2)}${reasons.length ? `, ${reasons.join(", ")}` : ""}${matched !== null && decision.reasons.includes("value") ? `, matches '${matched}'` : ""}`
    : `dropped, score ${decision.score.toFixed(2)}${decision.dropReason === "excluded" ? ", excluded" : ""}`;
  return (
    <span className={`prune-mark ${decision.kept ? "kept" : "dropped"}`} aria-label={words} title={words}>
      <span aria-hidden="true">
        {decision.kept ? "✓" : "–"} {decision.score.toFixed(2)}
      </span>
      {decision.kept &&
        decision.reasons.map((reason) => (
          <span key={reason} className={`reason reason-${reason}`} title={REASON_TITLES[reason]} aria-hidden="true">
            {REASON_LABELS[reason]}
          </span>
        ))}
      {!decision.kept && decision.dropReason === "excluded" && (
        <span className="reason reason-excluded" aria-hidden="true">
          excluded
        </span>
      )}
    </span>
  );
}

/** Pin (always keep) and exclude (never keep) for `table` or `table.column`; pressed state shows the current choice. */
export function PinExcludeButtons({ target, label }: { target: string; label: string }) {
  const pinned = usePruneStore((state) => state.overrides.pinned.includes(target));
  const excluded = usePruneStore((state) => state.overrides.excluded.includes(target));
  const togglePinned = usePruneStore((state) => state.togglePinned);
  const toggleExcluded = usePruneStore((state) => state.toggleExcluded);
  return (
    <span className="pin-exclude">
      <button
        type="button"
        className={`icon-button pin${pinned ? " on" : ""}`}
        aria-pressed={pinned}
        aria-label={`Pin ${label}`}
        title="Always give it to the agent"
        onClick={() => togglePinned(target)}
      >
        pin
      </button>
      <button
        type="button"
        className={`icon-button exclude${excluded ? " on" : ""}`}
        aria-pressed={excluded}
        aria-label={`Exclude ${label}`}
        title="Never give it to the agent"
        onClick={() => toggleExcluded(target)}
      >
        exclude
      </button>
    </span>
  );
}
