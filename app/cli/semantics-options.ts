// `--semantics spider|bird` and `--keep-distinct`: which official execution match `querylab ex` and `querylab eval` reproduce.
import type { ExSemantics } from "../core/eval/ex-judge";

export const SEMANTICS_OPTION_SPEC = {
  semantics: { type: "string" },
  "keep-distinct": { type: "boolean" },
} as const;

export const SEMANTICS_USAGE = "[--semantics spider|bird] [--keep-distinct]";

/** What each choice means, for the commands' help. */
export const SEMANTICS_HELP = `  --semantics spider (default)  as the official Spider test suite (taoyds/test-suite-sql-eval, exec_eval.py):
                                both queries rewritten as it does (DISTINCT dropped, "> =" joined, …) before they
                                run; rows compared as multisets, the predicted columns in any order; row order
                                only when the gold SQL contains "order by".
  --keep-distinct               Spider: DISTINCT kept, as the official --keep_distinct.
  --semantics bird              as BIRD's evaluation (bird-bench/mini_dev, evaluation_ex.py): the queries as
                                written; the sets of rows equal (duplicates and row order ignored, columns in
                                the order written).`;

export interface SemanticsChoice {
  semantics: ExSemantics;
  keepDistinct: boolean;
}

/** The choice from parsed options; throws with what to type instead on an unknown name or --keep-distinct with BIRD. */
export function semanticsFrom(values: { semantics?: string; "keep-distinct"?: boolean }): SemanticsChoice {
  const semantics = values.semantics ?? "spider";
  if (semantics !== "spider" && semantics !== "bird") throw new Error(`--semantics is spider or bird, not ${semantics}`);
  const keepDistinct = values["keep-distinct"] === true;
  if (keepDistinct && semantics === "bird") throw new Error("--keep-distinct is for --semantics spider: BIRD runs the queries as written");
  return { semantics, keepDistinct };
}

/** "spider", "spider, DISTINCT kept" or "bird", for summaries. */
export function semanticsLabel(choice: SemanticsChoice): string {
  return choice.keepDistinct ? `${choice.semantics}, DISTINCT kept` : choice.semantics;
}
