// The embed's trace: the question asked, one card per turn as it happens, and the answer with its rows. The agent
// panel's history, threads, replay and export stay in the full app ("Open in QueryLab").
import { useAgentStore } from "../../state/agent-store";
import { AnswerResult } from "../chart/answer-result";
import { SqlHighlight } from "../common/sql-highlight";
import { DiagnoseButton } from "../editor/diagnose-button";
import { CandidateTrace } from "../agent/candidate-trace";
import { TraceTotals } from "../agent/trace-totals";
import { TurnCard } from "../agent/turn-card";
import { useModelPrice } from "../agent/use-model-price";

export function EmbedTrace() {
  const trace = useAgentStore((state) => state.trace);
  const view = useAgentStore((state) => state.view);
  const running = useAgentStore((state) => state.running);
  const notice = useAgentStore((state) => state.notice);
  const price = useModelPrice(trace?.model, trace?.baseUrl);
  const lastTurn = view.turns.at(-1)?.turn;
  // The answer the run ended on, or the last query that worked when it failed before answering.
  const answer = view.final ?? (view.error?.lastSuccessfulSql ? { sql: view.error.lastSuccessfulSql, result: undefined } : null);

  return (
    <section className="embed-trace" aria-label="Agent trace">
      {notice && (
        <p className="notice error" role="alert">
          {notice}
        </p>
      )}
      {!trace && <p className="muted">Ask a question above: each step of the agent appears here, then the answer with its rows.</p>}
      {trace && (
        <>
          <h2 className="trace-question">{trace.question}</h2>
          <CandidateTrace events={trace.events} running={running} price={price} />
          <ol className="turns">
            {view.turns.map((turn) => (
              <TurnCard key={turn.turn} turn={turn} live={running && turn.turn === lastTurn} price={price} />
            ))}
          </ol>
          {view.error && view.error.kind !== "stopped" && (
            <div className="agent-error" role="alert">
              {view.error.message}
            </div>
          )}
          {view.error?.kind === "stopped" && (
            <p className="turn-note" role="status">
              Stopped.
            </p>
          )}
          {answer && (
            <div className="final-answer" aria-label="Final SQL">
              <pre>
                <SqlHighlight sql={answer.sql} />
              </pre>
              <div className="final-actions">
                <DiagnoseButton sql={answer.sql} label="Diagnose the answer" />
              </div>
              {answer.result ? (
                <AnswerResult result={answer.result} />
              ) : (
                <p className="muted">The rows of this query are not in the trace: Open in QueryLab runs it.</p>
              )}
            </div>
          )}
          {view.end && <TraceTotals end={view.end} price={price} />}
        </>
      )}
    </section>
  );
}
