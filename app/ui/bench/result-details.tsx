// One benchmark row opened: the agent's full trace, and the gold and predicted results side by side with differences marked.
import { useEffect, useState } from "react";
import { traceView } from "../../core/agent/trace";
import { useBenchmarkStore, type ResultComparison, type RunResult } from "../../state/benchmark-store";
import { TurnCard } from "../agent/turn-card";
import { CandidateTrace } from "../agent/candidate-trace";
import { ResultSide } from "../results/result-side";

export function ResultDetails({ result }: { result: RunResult }) {
  const [comparison, setComparison] = useState<{ result: RunResult; value: ResultComparison } | null>(null);

  useEffect(() => {
    let cancelled = false;
    void useBenchmarkStore
      .getState()
      .compareResult(result)
      .then((value) => {
        if (!cancelled) setComparison({ result, value });
      });
    return () => {
      cancelled = true;
    };
  }, [result]);

  // A comparison of the row shown before is not this row's.
  const outcomes = comparison?.result === result ? comparison.value : null;
  const view = result.events ? traceView(result.events) : null;

  return (
    <div className="result-details">
      <section aria-label="Results side by side">
        {!outcomes && <p className="muted">Running both queries…</p>}
        {outcomes && !outcomes.ok && <p className="notice error">{outcomes.message}</p>}
        {outcomes?.ok && (
          <div className="diff">
            <ResultSide label="Gold" outcome={outcomes.gold} unmatched={outcomes.goldUnmatched} />
            <ResultSide label="Predicted" outcome={outcomes.predicted} unmatched={outcomes.predictedUnmatched} />
          </div>
        )}
      </section>
      <section aria-label="Trace of this question">
        {/* A voted question: the vote and each candidate (its own turns are inside them, not in view.turns). */}
        {result.events && <CandidateTrace events={result.events} running={false} price={null} />}
        {view ? (
          <ol className="turns">
            {view.turns.map((turn) => (
              <TurnCard key={turn.turn} turn={turn} live={false} />
            ))}
          </ol>
        ) : (
          <p className="muted">No trace was kept for this result (imported results carry none).</p>
        )}
        {view?.error && <p className="notice error">{view.error.message}</p>}
      </section>
    </div>
  );
}
