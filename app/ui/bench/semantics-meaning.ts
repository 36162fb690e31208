// What the benchmark view's semantics choice means, in one sentence beside it (the CLI's help says the same).
import type { ExSemantics } from "../../core/eval/ex-judge";

export function semanticsMeaning(semantics: ExSemantics, keepDistinct: boolean): string {
  if (semantics === "bird") {
    return "As BIRD's official evaluation (bird-bench/mini_dev, evaluation_ex.py): the queries run as written, and the sets of rows must be equal — duplicates and row order ignored, columns in the order written.";
  }
  const distinct = keepDistinct
    ? "DISTINCT kept (the official --keep_distinct)"
    : "DISTINCT dropped from both queries before they run, as the official default does";
  return `As the official Spider test suite (taoyds/test-suite-sql-eval, exec_eval.py): ${distinct}; rows compared as multisets with the predicted columns in any order; row order only when the gold SQL contains "order by".`;
}
