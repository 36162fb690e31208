// The trace on screen: the question, its forks and branches, each turn's card, the answer, totals, replay and sharing.
// Loaded on demand (agent-panel.tsx): no part of the first screen, which has no trace until a question is asked or a
// thread comes back from History, so its code is fetched once the page is idle after the start (issue #14).
import { useMemo } from "react";
import { replaySteps, traceView, type Trace } from "../../core/agent/trace";
import { formatCount } from "../../core/format";
import { shownBranch, shownEvents, useAgentStore } from "../../state/agent-store";
import { useEditorStore } from "../../state/editor-store";
import { useQueryStore } from "../../state/query-store";
import { SqlHighlight } from "../common/sql-highlight";
import { AnswerResult, type AnswerRows } from "../chart/answer-result";
import { DiagnoseButton } from "../editor/diagnose-button";
import { focusEditor } from "../editor/editor-commands";
import { TraceTotals } from "./trace-totals";
import { CandidateTrace } from "./candidate-trace";
import { TurnCard } from "./turn-card";
import { useModelPrice } from "./use-model-price";
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

export default function TraceBody({ trace }: { trace: Trace }) {
  const liveView = useAgentStore((state) => state.view);
  const running = useAgentStore((state) => state.running);
  const replayStep = useAgentStore((state) => state.replayStep);
  // A trace with forks shows one of its runs (its own, or a branch) and, when comparing, all of them side by side.
  const events = useAgentStore(shownEvents);
  const branch = useAgentStore(shownBranch);
  const comparing = useAgentStore((state) => state.comparing);
  const { startReplay, stepReplay, endReplay, exportTrace } = useAgentStore.getState();
  // Replay is offered once the run has ended: computing its steps on every frame of a live run would scan the whole trace each time.
  const steps = useMemo(() => (!running ? replaySteps(events) : []), [events, running]);
  // The whole trace is the store's view, folded as events arrived; only a replay prefix is folded here.
  const view = useMemo(
    () => (replayStep !== null ? traceView(events.slice(0, steps[replayStep] ?? events.length)) : liveView),
    [events, replayStep, steps, liveView],
  );
  const lastTurn = view.turns.at(-1)?.turn;
  // Priced by the trace's own model and endpoint (a History trace may be another model's) at the table in Settings.
  const price = useModelPrice(branch?.model ?? trace.model, branch?.baseUrl ?? trace.baseUrl);

  return (
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
      {/* Opened by Share, above. */}
      <ShareDialog />
    </>
  );
}
