// A column's description with where it came from, edited in place (Save, Cancel, Escape).
import { useEffect, useRef, useState } from "react";
import type { Description, DescriptionSource } from "../../core/schema/types";
import { useDescriptionsStore } from "../../state/descriptions-store";

const SOURCE_LABELS: Record<DescriptionSource, string> = {
  comment: "from comment",
  bird: "from BIRD description",
  spider: "from Spider names",
  person: "by you",
  llm: "by the LLM",
};

export function ColumnDescription({ table, column, description }: { table: string; column: string; description: Description | undefined }) {
  const setDescription = useDescriptionsStore((state) => state.setDescription);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState("");
  const field = useRef<HTMLTextAreaElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const name = `${table}.${column}`;

  useEffect(() => {
    if (editing) field.current?.focus();
  }, [editing]);

  const finish = (save: boolean) => {
    if (save) void setDescription(table, column, draft);
    setEditing(false);
    // Focus goes back where it came from, so keyboard users keep their place in a long column list.
    requestAnimationFrame(() => editButton.current?.focus());
  };

  if (editing) {
    return (
      <form
        className="description-editor"
        onSubmit={(event) => {
          event.preventDefault();
          finish(true);
        }}
      >
        <textarea
          ref={field}
          aria-label={`Description of ${name}`}
          value={draft}
          rows={2}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Escape") {
              // The page-wide Esc stops a running query or agent; here it only cancels the edit.
              event.stopPropagation();
              event.preventDefault();
              finish(false);
            } else if (event.key === "Enter" && !event.shiftKey) {
              event.preventDefault();
              finish(true);
            }
          }}
        />
        <button type="submit">Save</button>
        <button type="button" onClick={() => finish(false)}>
          Cancel
        </button>
      </form>
    );
  }
  return (
    <div className="column-description">
      {description ? (
        <>
          <span className="description-text">{description.text}</span> <span className="description-source">{SOURCE_LABELS[description.source]}</span>
        </>
      ) : (
        <span className="description-missing">no description</span>
      )}
      <button
        ref={editButton}
        type="button"
        className="icon-button"
        aria-label={`Edit description of ${name}`}
        title="Edit description"
        onClick={() => {
          setDraft(description?.text ?? "");
          setEditing(true);
        }}
      >
        ✎
      </button>
    </div>
  );
}
