// The outcome of Check: the verdict, and the reference's and the student's results side by side with the rows the
// other lacks marked (the benchmark view's ResultSide). The diagnosis of a wrong answer opens in the Diagnosis panel.
import type { CheckState } from "../../state/exercise-store";
import { ResultSide } from "../results/result-side";

export function ExerciseCheckResult({ check }: { check: CheckState }) {
  const result = check.result;
  const correct = result?.judgement.match ?? false;
  return (
    <section className="exercise-check" aria-label="Check result">
      <p role="status" className={check.status === "done" ? (correct ? "exercise-verdict correct" : "exercise-verdict wrong") : "exercise-verdict"}>
        {check.status === "done" && <span aria-hidden="true">{correct ? "✓ " : "✗ "}</span>}
        {check.message}
      </p>
      {result && (
        <>
          {result.orderMatters && <p className="muted">The reference sorts its rows, so the order counts for this question.</p>}
          {!correct && result.answer.ok && result.reference.ok && (
            <p className="muted">Marked rows are missing from the other result (columns compared in the order written).</p>
          )}
          <div className="diff">
            <ResultSide label="Reference" outcome={result.reference} unmatched={result.referenceUnmatched} />
            <ResultSide label="Your query" outcome={result.answer} unmatched={result.answerUnmatched} />
          </div>
        </>
      )}
    </section>
  );
}
