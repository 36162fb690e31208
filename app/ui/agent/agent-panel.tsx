// The agent trace beside the workspace: one card per turn (thought, action, observation), the answer, totals, replay.
import { FilePickerButton } from "../common/file-picker-button";
import { useMemo, useState } from "react";
import type { AgentEventOf } from "../../core/agent/events";
import { replaySteps, traceView, type TurnView } from "../../core/agent/trace";
import { formatCount, formatDuration } from "../../core/format";
import { useAgentStore } from "../../state/agent-store";
import { useEditorStore } from "../../state/editor-store";
import { useQueryStore } from "../../state/query-store";
import { useSettingsStore } from "../../state/settings-store";
import { SqlHighlight } from "../common/sql-highlight";
import { focusEditor } from "../editor/editor-commands";
import { DataSharingChoice } from "./data-sharing-choice";
import { SmallResult } from "./small-result";

function actionSummary(action: TurnView["actions"][number]): string {
  const input = action.call.input as Record<string, unknown> | null;
  const argument =
    action.call.tool === "describe_table"
      ? String(input?.table ?? "")
      : action.call.tool === "sample_values"
        ? `${String(input?.table ?? "")}.${String(input?.column ?? "")}${input?.like ? ` LIKE ${String(input.like)}` : ""}`
        : "";
  const observation = action.observation;
  const outcome = !observation
    ? "…"
    : !observation.ok
      ? `error: ${observation.text.replace(/^Error:\s*/, "").slice(0, 60)}`
      : observation.result
        ? `${formatCount(observation.result.rowCount)} ${observation.result.rowCount === 1 ? "row" : "rows"}`
        : "✓";
  return `${action.call.tool}${argument ? ` ${argument}` : ""} · ${outcome}`;
}

function sqlOf(call: AgentEventOf<"tool-call">): string | null {
  const input = call.input as { sql?: unknown } | null;
  return typeof input?.sql === "string" ? input.sql : null;
}

export function TurnCard({ turn, live }: { turn: TurnView; live: boolean }) {
  const tokens = turn.end ? `${formatCount(turn.end.usage.inputTokens)} in · ${formatCount(turn.end.usage.outputTokens)} out · ${formatDuration(turn.end.latencyMs)}` : live ? "thinking…" : "";
  const failed = turn.actions.some((action) => action.observation && !action.observation.ok);
  return (
    <li className={`turn-card ${failed ? "failed" : ""}`} aria-label={`Turn ${turn.turn}`}>
      <details open={live || failed}>
        <summary>
          <span className="turn-number">Turn {turn.turn}</span>
          <span className="turn-summary">{turn.actions.length > 0 ? turn.actions.map(actionSummary).join("; ") : turn.text ? "thought" : "waiting for the model…"}</span>
          <span className="turn-meta">{tokens}</span>
        </summary>
        {turn.protocolSwitch && <p className="turn-note">{turn.protocolSwitch.reason} Switched to the plain-text protocol.</p>}
        {turn.retries.map((retry) => (
          <p key={retry.attempt} className="turn-note" role="status">
            {retry.reason} Retrying in {formatDuration(retry.delayMs)} (attempt {retry.attempt + 1}).
          </p>
        ))}
        {turn.text && <p className="thought">{turn.text}</p>}
        {turn.actions.map((action) => {
          const sql = sqlOf(action.call);
          return (
            <div key={action.call.toolCallId} className="action">
              <div className="action-call">
                <span className="tool-name">{action.call.tool}</span>
                {sql ? <pre><SqlHighlight sql={sql} /></pre> : <code className="tool-input">{JSON.stringify(action.call.input)}</code>}
              </div>
              {action.observation && (
                <div className={`observation ${action.observation.ok ? "" : "error"}`} aria-label={`Observation of ${action.call.tool}`}>
                  {action.observation.result ? <SmallResult result={action.observation.result} /> : <pre>{action.observation.text}</pre>}
                </div>
              )}
            </div>
          );
        })}
        {turn.end && turn.end.raw.length > 0 && (
          <details className="raw">
            <summary>Raw request and response</summary>
            {turn.end.raw.map((exchange, index) => (
              <div key={index}>
                <h4>Request</h4>
                <pre>{exchange.request}</pre>
                <h4>Response</h4>
                <pre>{exchange.response}</pre>
              </div>
            ))}
          </details>
        )}
      </details>
    </li>
  );
}

export function FinalAnswer({ sql }: { sql: string }) {
  const setText = useEditorStore((state) => state.setText);
  return (
    <div className="final-answer" aria-label="Final SQL">
      <pre>
        <SqlHighlight sql={sql} />
      </pre>
      <div className="final-actions">
        <button
          type="button"
          onClick={() => {
            setText(sql);
            focusEditor();
          }}
        >
          Open in editor
        </button>
        <button
          type="button"
          className="primary"
          onClick={() => {
            setText(sql);
            void useQueryStore.getState().run(sql, 0);
          }}
        >
          Run
        </button>
      </div>
    </div>
  );
}

function TraceHistory() {
  const history = useAgentStore((state) => state.history);
  const running = useAgentStore((state) => state.running);
  const { openTrace, deleteTrace, importTrace } = useAgentStore.getState();
  return (
    <details className="trace-history">
      <summary>History ({history.length})</summary>
      <FilePickerButton inputLabel="Trace file" accept=".json,application/json" onFiles={([file]) => void importTrace(file)}>
        Import trace
      </FilePickerButton>
      <ul aria-label="Past runs">
        {history.map((entry) => (
          <li key={entry.id}>
            <button type="button" className="link-button" disabled={running} onClick={() => void openTrace(entry.id)}>
              {entry.question}
            </button>
            <span className="muted">
              {" "}
              {entry.databaseName} · {entry.model} · {entry.status} · {new Date(entry.createdAt).toLocaleString()}
            </span>
            <button type="button" aria-label={`Delete trace: ${entry.question}`} onClick={() => void deleteTrace(entry.id)}>
              ×
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}

export function AgentPanel() {
  const trace = useAgentStore((state) => state.trace);
  const running = useAgentStore((state) => state.running);
  const replayStep = useAgentStore((state) => state.replayStep);
  const notice = useAgentStore((state) => state.notice);
  const llm = useSettingsStore((state) => state.llm);
  const { startReplay, stepReplay, endReplay, exportTrace } = useAgentStore.getState();
  const [host] = useState(() => (url: string) => {
    try {
      return new URL(url).host;
    } catch {
      return url || "no endpoint";
    }
  });
  const steps = useMemo(() => (trace ? replaySteps(trace.events) : []), [trace]);
  const view = useMemo(() => {
    const events = trace ? (replayStep === null ? trace.events : trace.events.slice(0, steps[replayStep] ?? trace.events.length)) : [];
    return traceView(events);
  }, [trace, replayStep, steps]);
  const lastTurn = view.turns.at(-1)?.turn;

  return (
    <aside className="agent-panel" aria-label="Agent trace">
      <header className="agent-header">
        <span>
          <strong>{llm.model || "No model"}</strong> <span className="muted">at {host(llm.baseUrl)}</span>
        </span>
        <button type="button" onClick={() => useSettingsStore.getState().setOpen(true)}>
          Settings
        </button>
      </header>
      <DataSharingChoice host={host(llm.baseUrl)} />
      {notice && (
        <p className="notice error" role="alert">
          {notice}
        </p>
      )}
      {!trace && <p className="muted">Ask a question above; each turn of the agent appears here as it happens.</p>}
      {trace && (
        <>
          <h2 className="trace-question">{trace.question}</h2>
          {view.start?.schema && (
            <details className="trace-schema">
              <summary>
                Schema sent: {view.start.schema.columnsKept} of {view.start.schema.columnsTotal} columns, ≈{formatCount(view.start.schema.tokensKept)} of {formatCount(view.start.schema.tokensFull)} tokens
                {view.start.schema.denseUnavailable ? " (without the embedding model)" : ""}
              </summary>
              <pre aria-label="System prompt">{view.start.systemPrompt}</pre>
            </details>
          )}
          <ol className="turns">
            {view.turns.map((turn) => (
              <TurnCard key={turn.turn} turn={turn} live={running && turn.turn === lastTurn} />
            ))}
          </ol>
          {view.final && <FinalAnswer sql={view.final.sql} />}
          {view.error && view.error.kind !== "stopped" && (
            <div className="agent-error" role="alert">
              {view.error.message}
              {!view.final && view.error.lastSuccessfulSql && <FinalAnswer sql={view.error.lastSuccessfulSql} />}
            </div>
          )}
          {view.error?.kind === "stopped" && <p className="turn-note" role="status">Stopped.</p>}
          {view.end && (
            <p className="totals" aria-label="Totals">
              {view.end.turns} {view.end.turns === 1 ? "turn" : "turns"} · {formatCount(view.end.usage.inputTokens)} tokens in · {formatCount(view.end.usage.outputTokens)} out ·{" "}
              {formatDuration(view.end.elapsedMs)}
            </p>
          )}
          {!running && (
            <div className="replay" role="group" aria-label="Replay">
              {replayStep === null ? (
                <button type="button" onClick={startReplay} disabled={steps.length === 0}>
                  Replay
                </button>
              ) : (
                <>
                  <button type="button" aria-label="Previous step" onClick={() => stepReplay(-1)} disabled={replayStep === 0}>
                    ◀
                  </button>
                  <span>
                    Step {replayStep + 1} of {steps.length}
                  </span>
                  <button type="button" aria-label="Next step" onClick={() => stepReplay(1)} disabled={replayStep >= steps.length - 1}>
                    ▶
                  </button>
                  <button type="button" onClick={endReplay}>
                    Show all
                  </button>
                </>
              )}
              <button type="button" onClick={exportTrace}>
                Export trace
              </button>
            </div>
          )}
        </>
      )}
      <TraceHistory />
    </aside>
  );
}
