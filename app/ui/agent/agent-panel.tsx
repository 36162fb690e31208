// The agent trace beside the workspace: one card per turn (thought, action, observation), the answer, totals, replay.
import { FilePickerButton } from "../common/file-picker-button";
import { LazyDetails } from "../common/lazy-details";
import { useMemo, useState } from "react";
import { replaySteps, traceView } from "../../core/agent/trace";
import { formatCount } from "../../core/format";
import { presetOf } from "../../core/llm/provider-presets";
import { shownBranch, shownEvents, useAgentStore } from "../../state/agent-store";
import { useEditorStore } from "../../state/editor-store";
import { useQueryStore } from "../../state/query-store";
import { useSettingsStore } from "../../state/settings-store";
import { SqlHighlight } from "../common/sql-highlight";
import { AnswerResult, type AnswerRows } from "../chart/answer-result";
import { DiagnoseButton } from "../editor/diagnose-button";
import { focusEditor } from "../editor/editor-commands";
import { DataSharingChoice } from "./data-sharing-choice";
import { InPageModelStatus } from "./in-page-model-status";
import { DuplicateTraceDialog } from "./duplicate-trace-dialog";
import { TraceTotals } from "./trace-totals";
import { CandidateTrace } from "./candidate-trace";
import { TurnCard } from "./turn-card";
import { useModelPrice } from "./use-model-price";
import { ThreadHistory, ThreadList } from "./thread-list";
import { BranchTabs } from "./branch-tabs";
import { BranchComparison } from "./branch-comparison";
import { ForkFromQuestion } from "./fork-controls";
import { SessionBanner, ShareButton, ShareDialog } from "./session-share";

/** The answer: its SQL, its rows and a chart when they suit one (`result` is what the trace kept; absent, Run shows them). */
export function FinalAnswer({ sql, result }: { sql: string; result?: AnswerRows }) {
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
        <DiagnoseButton sql={sql} label="Diagnose the answer" />
      </div>
      <AnswerResult result={result} />
    </div>
  );
}

function TraceHistory() {
  const history = useAgentStore((state) => state.history);
  const running = useAgentStore((state) => state.running);
  const { openTrace, deleteTrace, importTrace } = useAgentStore.getState();
  return (
    <LazyDetails
      className="trace-history"
      summary={`History (${history.length})`}
      whileOpen={() => (
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
      )}
    >
      <FilePickerButton inputLabel="Trace file" accept=".json,application/json" onFiles={([file]) => void importTrace(file)}>
        Import trace
      </FilePickerButton>
    </LazyDetails>
  );
}

export function AgentPanel() {
  const trace = useAgentStore((state) => state.trace);
  const liveView = useAgentStore((state) => state.view);
  const running = useAgentStore((state) => state.running);
  const replayStep = useAgentStore((state) => state.replayStep);
  const notice = useAgentStore((state) => state.notice);
  // A trace with forks shows one of its runs (its own, or a branch) and, when comparing, all of them side by side.
  const events = useAgentStore(shownEvents);
  const branch = useAgentStore(shownBranch);
  const comparing = useAgentStore((state) => state.comparing);
  const llm = useSettingsStore((state) => state.llm);
  const { startReplay, stepReplay, endReplay, exportTrace } = useAgentStore.getState();
  const [host] = useState(() => (url: string) => {
    try {
      return new URL(url).host;
    } catch {
      return url || "no endpoint";
    }
  });
  // Replay is offered once the run has ended: computing its steps on every frame of a live run would scan the whole trace each time.
  const steps = useMemo(() => (trace && !running ? replaySteps(events) : []), [trace, events, running]);
  // The whole trace is the store's view, folded as events arrived; only a replay prefix is folded here.
  const view = useMemo(
    () => (trace && replayStep !== null ? traceView(events.slice(0, steps[replayStep] ?? events.length)) : liveView),
    [trace, events, replayStep, steps, liveView],
  );
  const lastTurn = view.turns.at(-1)?.turn;
  // Priced by the trace's own model and endpoint (a History trace may be another model's) at the table in Settings.
  const price = useModelPrice(branch?.model ?? trace?.model, branch?.baseUrl ?? trace?.baseUrl);

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
      {/* The in-page model's Base URL is where its files come from; what the agent shares goes to the model in this page. */}
      <DataSharingChoice host={presetOf(llm).kind === "in-page" ? "the model in this page" : host(llm.baseUrl)} />
      {presetOf(llm).kind === "in-page" && <InPageModelStatus />}
      {notice && (
        <p className="notice error" role="alert">
          {notice}
        </p>
      )}
      <ThreadList />
      {!trace && <p className="muted">Ask a question above; each turn of the agent appears here as it happens.</p>}
      {trace && (
        <>
          <h2 className="trace-question">{branch?.question ?? trace.question}</h2>
          <ForkFromQuestion question={branch?.question ?? trace.question} />
          <BranchTabs />
          {comparing && <BranchComparison />}
          <SessionBanner />
          {view.start?.schema && (
            <details className="trace-schema">
              <summary>
                Schema sent: {view.start.schema.columnsKept} of {view.start.schema.columnsTotal} columns, ≈{formatCount(view.start.schema.tokensKept)} of{" "}
                {formatCount(view.start.schema.tokensFull)} tokens
                {view.start.schema.denseUnavailable ? " (without the embedding model)" : ""}
              </summary>
              <pre aria-label="System prompt">{view.start.systemPrompt}</pre>
            </details>
          )}
          <CandidateTrace events={events} running={running} price={price} />
          <ol className="turns">
            {view.turns.map((turn) => (
              <TurnCard key={turn.turn} turn={turn} live={running && turn.turn === lastTurn} price={price} forkable />
            ))}
          </ol>
          {view.final && <FinalAnswer sql={view.final.sql} result={view.final.result} />}
          {view.error && view.error.kind !== "stopped" && (
            <div className="agent-error" role="alert">
              {view.error.message}
              {!view.final && view.error.lastSuccessfulSql && <FinalAnswer sql={view.error.lastSuccessfulSql} />}
            </div>
          )}
          {view.error?.kind === "stopped" && (
            <p className="turn-note" role="status">
              Stopped.
            </p>
          )}
          {view.end && <TraceTotals end={view.end} price={price} />}
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
              <ShareButton />
            </div>
          )}
        </>
      )}
      <TraceHistory />
      <ThreadHistory />
      {/* Outside History: a closed <details> would hide the question. */}
      <DuplicateTraceDialog />
      <ShareDialog />
    </aside>
  );
}
