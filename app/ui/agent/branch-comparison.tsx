// The runs of a trace side by side: each one's final SQL and result, and the step where it parts from the run it forked.
import "./fork.css";
import { useMemo } from "react";
import { branchOutcome, divergence, divergenceText, type BranchOutcome } from "../../core/agent/branch-compare";
import { branchLabel } from "../../core/agent/branches";
import type { Trace } from "../../core/agent/trace";
import { traceView } from "../../core/agent/trace";
import { formatCount } from "../../core/format";
import { useAgentStore } from "../../state/agent-store";
import { SqlHighlight } from "../common/sql-highlight";
import { forkOrigin } from "./branch-tabs";
import { SmallResult } from "./small-result";

interface ComparedRun {
  label: string;
  /** Where it came from and where it parts from that run; null for the original. */
  origin: string | null;
  outcome: BranchOutcome;
}

function comparedRuns(trace: Trace): ComparedRun[] {
  const branches = trace.branches ?? [];
  const original = { question: trace.question, events: trace.events };
  return [
    { label: branchLabel(null), origin: null, outcome: branchOutcome(traceView(trace.events)) },
    ...branches.map((branch, index) => {
      const parent = branches.find((candidate) => candidate.id === branch.parentId) ?? original;
      const parts = divergenceText(divergence(parent, branch));
      return {
        label: branchLabel(index),
        origin: `Forked from ${forkOrigin(branch, branches)}. ${parts}`,
        outcome: branchOutcome(traceView(branch.events)),
      };
    }),
  ];
}

function RunColumn({ run }: { run: ComparedRun }) {
  const { outcome } = run;
  return (
    <section className="compared-run" aria-label={run.label}>
      <h3>{run.label}</h3>
      {run.origin && <p className="turn-note">{run.origin}</p>}
      <p className="muted">
        {outcome.status} · {formatCount(outcome.turns)} {outcome.turns === 1 ? "turn" : "turns"}
      </p>
      {outcome.sql ? (
        <>
          <p className="turn-note">{outcome.submitted ? "Final SQL" : "No answer submitted; the last query that ran:"}</p>
          <pre aria-label={`SQL of ${run.label}`}>
            <SqlHighlight sql={outcome.sql} />
          </pre>
        </>
      ) : (
        <p className="muted">No query.</p>
      )}
      {outcome.result ? <SmallResult result={outcome.result} /> : outcome.sql && <p className="muted">No rows kept with the answer.</p>}
      {outcome.error && <p className="agent-error">{outcome.error}</p>}
    </section>
  );
}

export function BranchComparison() {
  const trace = useAgentStore((state) => state.trace);
  const runs = useMemo(() => (trace ? comparedRuns(trace) : []), [trace]);
  if (runs.length < 2) return null;
  return (
    <div className="branch-comparison" role="region" aria-label="Compare branches">
      {runs.map((run) => (
        <RunColumn key={run.label} run={run} />
      ))}
    </div>
  );
}
