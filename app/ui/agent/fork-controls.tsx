// "Fork from here" on a step of the trace: change that query's SQL (or, at step 0, the question) and let the model go on.
import "./fork.css";
import { useId, useState, type FormEvent } from "react";
import { forkableSql } from "../../core/agent/branches";
import type { AgentEventOf } from "../../core/agent/events";
import { useAgentStore } from "../../state/agent-store";

/** Offered on a finished run shown whole: a live run is still writing its steps, and a replay shows only some. */
function useCanFork(): boolean {
  const running = useAgentStore((state) => state.running);
  const replaying = useAgentStore((state) => state.replayStep !== null);
  return !running && !replaying;
}

/** The button, then the form that edits the text and starts the fork. */
function ForkForm({ label, initial, multiline, onFork }: { label: string; initial: string; multiline: boolean; onFork: (text: string) => void }) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(initial);
  const id = useId();
  if (!editing) {
    return (
      <button
        type="button"
        className="fork-button"
        onClick={() => {
          setText(initial);
          setEditing(true);
        }}
      >
        Fork from here
      </button>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === "") return;
    setEditing(false);
    onFork(text);
  };
  return (
    <form className="fork-form" onSubmit={submit}>
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea id={id} value={text} rows={Math.min(8, text.split("\n").length + 1)} onChange={(event) => setText(event.target.value)} spellCheck={false} />
      ) : (
        <input id={id} value={text} onChange={(event) => setText(event.target.value)} />
      )}
      <div className="fork-form-actions">
        <button type="submit" className="primary" disabled={text.trim() === ""}>
          Continue with the model
        </button>
        <button type="button" onClick={() => setEditing(false)}>
          Cancel
        </button>
      </div>
      <p className="turn-note">The earlier steps are run again read-only; this one runs your query, then the model goes on. The original stays as it is.</p>
    </form>
  );
}

/** On a query the model ran (run_sql, diagnose_sql, submit_sql): fork with that query changed. */
export function ForkFromCall({ call }: { call: AgentEventOf<"tool-call"> }) {
  const canFork = useCanFork();
  const sql = forkableSql(call);
  if (sql === null || !canFork) return null;
  return (
    <ForkForm
      label={`SQL for the fork (turn ${call.turn})`}
      initial={sql}
      multiline
      onFork={(text) => void useAgentStore.getState().fork({ kind: "sql", turn: call.turn, toolCallId: call.toolCallId, sql: text })}
    />
  );
}

/** Step 0: fork with another question (a new run of it, beside the original). */
export function ForkFromQuestion({ question }: { question: string }) {
  const canFork = useCanFork();
  if (!canFork) return null;
  return (
    <ForkForm
      label="Question for the fork"
      initial={question}
      multiline={false}
      onFork={(text) => void useAgentStore.getState().fork({ kind: "question", question: text })}
    />
  );
}
