// Difficulty labels in the benchmark view's filter and breakdowns: easiest first, BIRD's as written.
import { describe, expect, it } from "vitest";
import { withDifficulties } from "./hardness";
import { accuracyByDifficulty, sortedDifficulties } from "./difficulty-labels";

describe("sortedDifficulties", () => {
  it("puts Spider's levels and BIRD's labels easiest first, and others after in alphabetical order", () => {
    expect(sortedDifficulties(["extra", "easy", "hard", "medium", "easy"])).toEqual(["easy", "medium", "hard", "extra"]);
    expect(sortedDifficulties(["challenging", "simple", "moderate"])).toEqual(["simple", "moderate", "challenging"]);
    expect(sortedDifficulties(["zeta", "alpha", "simple"])).toEqual(["simple", "alpha", "zeta"]);
  });
});

describe("a BIRD benchmark's own labels", () => {
  it("are kept as they are, not replaced by Spider's hardness of the gold SQL", () => {
    const questions = [
      { gold: "SELECT count(*) FROM t", difficulty: "challenging" },
      { gold: "SELECT a FROM t JOIN u ON t.id = u.id WHERE x IN (SELECT y FROM v) GROUP BY a HAVING count(*) > 1", difficulty: "simple" },
    ];
    expect(withDifficulties(questions)).toEqual({ questions, computed: false });
    expect(
      withDifficulties(questions.map(({ gold }): { gold: string; difficulty?: string } => ({ gold }))).questions.map((question) => question.difficulty),
    ).toEqual(["easy", "extra"]);
  });
});

describe("accuracyByDifficulty", () => {
  it("counts matches per label, easiest first, unlabelled last", () => {
    const results = [
      { difficulty: "moderate", match: true },
      { difficulty: "simple", match: false },
      { match: true },
      { difficulty: "simple", match: true },
      { difficulty: "moderate", match: true },
    ];
    expect(accuracyByDifficulty(results)).toEqual([
      { difficulty: "simple", matches: 1, questions: 2 },
      { difficulty: "moderate", matches: 2, questions: 2 },
      { difficulty: "unlabelled", matches: 1, questions: 1 },
    ]);
  });
});
