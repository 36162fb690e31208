// One benchmark row opened: the agent's full trace, and the gold and predicted results side by side with differences marked.
import { useEffect, useState } from "react";
import { traceView } from "../../core/agent/trace";
import type { SqlValue } from "../../core/db/types";
import { unmatchedRows } from "../../core/eval/result-diff";
import type { QueryOutcome } from "../../core/eval/query-runner";
import { formatCount } from "../../core/format";
import { connectionFor, type RunResult } from "../../state/benchmark-store";
import { TurnCard } from "../agent/agent-panel";
import { blobSummary } from "../results/cell-text";

const SHOWN_ROWS = 100;

function ResultTable({ label, outcome, unmatched }: { label: string; outcome: QueryOutcome | null; unmatched: boolean[] }) {
  if (!outcome) return <p className="muted">{label}: no query.</p>;
  if (!outcome.ok) {
    return (
      <div className="diff-side">
        <h4>{label}</h4>
        <p className="notice error">{outcome.error.message}</p>
      </div>
    );
  }
  const cell = (value: SqlValue) => (value === null ? <span className="cell-null">NULL</span> : value instanceof Uint8Array ? blobSummary(value) : String(value));
  return (
    <div className="diff-side">
      <h4>
        {label} · {formatCount(outcome.rows.length)} rows
      </h4>
      <table aria-label={`${label} result`}>
        <thead>
          <tr>
            {outcome.columns.map((column, index) => (
              <th key={index} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {outcome.rows.slice(0, SHOWN_ROWS).map((row, index) => (
            <tr key={index} className={unmatched[index] ? "diff-unmatched" : undefined} aria-label={unmatched[index] ? "Row not in the other result" : undefined}>
              {row.map((value, column) => (
                <td key={column}>{cell(value)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {outcome.rows.length > SHOWN_ROWS && <p className="muted">First {SHOWN_ROWS} rows shown.</p>}
    </div>
  );
}

export function ResultDetails({ result }: { result: RunResult }) {
  const [outcomes, setOutcomes] = useState<{ gold: QueryOutcome; predicted: QueryOutcome | null } | { error: string } | null>(null);

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      try {
        const engine = (await connectionFor(result.db_id)).engine;
        const gold = await engine.runForJudge(result.gold, { timeoutMs: 30_000 });
        const predicted = result.predicted ? await engine.runForJudge(result.predicted, { timeoutMs: 30_000 }) : null;
        if (!cancelled) setOutcomes({ gold, predicted });
      } catch (error) {
        if (!cancelled) setOutcomes({ error: error instanceof Error ? error.message : String(error) });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [result]);

  const view = result.events ? traceView(result.events) : null;
  let goldUnmatched: boolean[] = [];
  let predictedUnmatched: boolean[] = [];
  if (outcomes && !("error" in outcomes) && outcomes.gold.ok && outcomes.predicted?.ok) {
    goldUnmatched = unmatchedRows(outcomes.gold.rows, outcomes.predicted.rows);
    predictedUnmatched = unmatchedRows(outcomes.predicted.rows, outcomes.gold.rows);
  }

  return (
    <div className="result-details">
      <section aria-label="Results side by side">
        {!outcomes && <p className="muted">Running both queries…</p>}
        {outcomes && "error" in outcomes && <p className="notice error">{outcomes.error}</p>}
        {outcomes && !("error" in outcomes) && (
          <div className="diff">
            <ResultTable label="Gold" outcome={outcomes.gold} unmatched={goldUnmatched} />
            <ResultTable label="Predicted" outcome={outcomes.predicted} unmatched={predictedUnmatched} />
          </div>
        )}
      </section>
      <section aria-label="Trace of this question">
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
