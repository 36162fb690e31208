import { describe, expect, it } from "vitest";
import { parseBenchmarkQuestions, selectQuestions } from "./benchmark";

const text = JSON.stringify([
  { db_id: "a", question: "q0", query: "SELECT 0", difficulty: "easy" },
  { db_id: "a", question: "q1", query: "SELECT 1", difficulty: "hard" },
  { db_id: "b", question: "q2", SQL: "SELECT 2", evidence: "hint", difficulty: "simple" },
  { db_id: "b", question: "q3", query: "SELECT 3", hardness: "easy" },
  { db_id: "c", question: "q4", query: "SELECT 4" },
]);

describe("benchmark questions", () => {
  it("reads the Spider and BIRD shapes", () => {
    const parsed = parseBenchmarkQuestions(text);
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.questions[2]).toEqual({ index: 2, dbId: "b", question: "q2", gold: "SELECT 2", evidence: "hint", difficulty: "simple" });
    expect(parsed.questions[3]!.difficulty).toBe("easy");
  });

  it("explains a file without gold SQL", () => {
    expect(parseBenchmarkQuestions(JSON.stringify([{ db_id: "a", question: "q" }]))).toMatchObject({ ok: false, message: expect.stringContaining("gold SQL") });
  });

  it("selects by database, difficulty, the first N or a reproducible random sample", () => {
    const parsed = parseBenchmarkQuestions(text);
    if (!parsed.ok) throw new Error(parsed.message);
    const questions = parsed.questions;
    expect(selectQuestions(questions, { dbIds: ["b"] }).map((question) => question.index)).toEqual([2, 3]);
    expect(selectQuestions(questions, { difficulties: ["easy"] }).map((question) => question.index)).toEqual([0, 3]);
    expect(selectQuestions(questions, { limit: 2 }).map((question) => question.index)).toEqual([0, 1]);
    const sample = selectQuestions(questions, { limit: 3, sampleSeed: 7 });
    expect(sample).toHaveLength(3);
    expect(selectQuestions(questions, { limit: 3, sampleSeed: 7 })).toEqual(sample);
    expect(sample.map((question) => question.index)).toEqual([...sample.map((question) => question.index)].sort((a, b) => a - b));
    const seeds = new Set(
      Array.from({ length: 10 }, (_, seed) =>
        selectQuestions(questions, { limit: 2, sampleSeed: seed })
          .map((question) => question.index)
          .join(),
      ),
    );
    expect(seeds.size).toBeGreaterThan(1);
  });
});
