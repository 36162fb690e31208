// The benchmark view's side-by-side: voted answers against candidate 1 alone, only over questions that were voted on.
import { describe, expect, it } from "vitest";
import { failedQuestionResult, type QuestionResult } from "./question-result";
import { votingComparison } from "./voting-comparison";

function result(model: string, match: boolean, firstMatch: boolean | null, candidates = 5): QuestionResult & { model: string } {
  const base = { ...failedQuestionResult({ index: 0, dbId: "db", question: "q", gold: "SELECT 1" }, ""), match, error: null, model };
  if (firstMatch === null) return base;
  return {
    ...base,
    voting: { candidates, temperature: 0.7, groups: [], winner: null, rule: "", unanswered: [], first: { predicted: "SELECT 1", match: firstMatch } },
  };
}

describe("votingComparison", () => {
  it("counts both accuracies per model, what the vote fixed and broke, and leaves out questions without a vote", () => {
    const rows = votingComparison([
      result("a", true, false),
      result("a", true, true),
      result("a", false, true),
      result("a", false, false),
      result("a", true, null),
      result("b", true, true, 3),
    ]);
    expect(rows).toEqual([
      { model: "a", questions: 4, withVoting: 2, withoutVoting: 2, fixed: 1, broken: 1, candidates: [5] },
      { model: "b", questions: 1, withVoting: 1, withoutVoting: 1, fixed: 0, broken: 0, candidates: [3] },
    ]);
  });

  it("nothing to compare without voting", () => {
    expect(votingComparison([result("a", true, null)])).toEqual([]);
  });
});
