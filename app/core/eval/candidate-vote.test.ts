// The vote itself: grouping by the EX judge's comparison, the ranking and its tie rules, and candidates without an answer.
import { describe, expect, it } from "vitest";
import type { SqlValue } from "../db/types";
import { voteOnCandidates, type CandidateAnswer } from "./candidate-vote";

const rows = (candidate: number, sql: string, columns: string[], values: SqlValue[][]): CandidateAnswer => ({
  candidate,
  sql,
  outcome: { ok: true, columns, rows: values },
});
const failed = (candidate: number, sql: string): CandidateAnswer => ({
  candidate,
  sql,
  outcome: { ok: false, error: { kind: "sql-error", message: "no such column: x" } },
});
const none = (candidate: number): CandidateAnswer => ({ candidate, sql: null, reason: "max-turns: ran out of turns" });

describe("voteOnCandidates", () => {
  it("groups by result, not by text: three differently written queries with the same rows beat two others", () => {
    const vote = voteOnCandidates(
      [
        rows(1, "SELECT name FROM city WHERE country = 'France'", ["name"], [["Paris"], ["Lyon"]]),
        rows(2, "SELECT name FROM city", ["name"], [["Paris"], ["Lyon"], ["Berlin"]]),
        rows(3, "select c.name from city as c where c.country='France'", ["n"], [["Lyon"], ["Paris"]]),
        rows(4, "SELECT name FROM city WHERE population > 1000000", ["name"], [["Paris"], ["Berlin"]]),
        rows(5, "SELECT name FROM city WHERE country = 'France'", ["name"], [["Paris"], ["Lyon"]]),
      ],
      "spider",
    );
    expect(vote.winner).toBe(0);
    expect(vote.groups[0]).toEqual({
      candidates: [1, 3, 5],
      queries: [
        { sql: "SELECT name FROM city WHERE country = 'France'", count: 2 },
        { sql: "select c.name from city as c where c.country='France'", count: 1 },
      ],
      columns: ["name"],
      rowCount: 2,
    });
    expect(vote.groups.map((group) => group.candidates)).toEqual([[1, 3, 5], [2], [4]]);
    expect(vote.answer).toEqual({ sql: "SELECT name FROM city WHERE country = 'France'", candidate: 1 });
    expect(vote.rule).toBe("the largest group: 3 of 5 candidates.");
  });

  it("shows a group with its first query's columns and rows, whichever member joined it first", () => {
    const vote = voteOnCandidates(
      [
        rows(1, "SELECT count(*) FROM books WHERE genre_id = 3", ["count(*)"], [[42]]),
        rows(2, "SELECT count(*) AS mystery_books FROM books WHERE genre_id = 3", ["mystery_books"], [[42]]),
        rows(3, "SELECT count(*) FROM books", ["count(*)"], [[1600]]),
        rows(4, "select count(*) as mystery_books from books where genre_id = 3;", ["mystery_books"], [[42]]),
      ],
      "spider",
    );
    expect(vote.groups[0]).toEqual({
      candidates: [1, 2, 4],
      queries: [
        { sql: "SELECT count(*) AS mystery_books FROM books WHERE genre_id = 3", count: 2 },
        { sql: "SELECT count(*) FROM books WHERE genre_id = 3", count: 1 },
      ],
      columns: ["mystery_books"],
      rowCount: 1,
    });
    expect(vote.answer).toEqual({ sql: "SELECT count(*) AS mystery_books FROM books WHERE genre_id = 3", candidate: 2 });
  });

  it("compares as the judge does: Spider takes columns in any order, BIRD does not", () => {
    const answers = [rows(1, "SELECT a, b FROM t", ["a", "b"], [[1, "x"]]), rows(2, "SELECT b, a FROM t", ["b", "a"], [["x", 1]])];
    expect(voteOnCandidates(answers, "spider").groups.map((group) => group.candidates)).toEqual([[1, 2]]);
    expect(voteOnCandidates(answers, "bird").groups.map((group) => group.candidates)).toEqual([[1], [2]]);
  });

  it("a tie goes to the group whose query more candidates wrote alike (normal form), then to the shorter query, then to the earlier candidate", () => {
    const alike = voteOnCandidates(
      [
        rows(1, "SELECT count(*) FROM t WHERE x > 1", ["c"], [[3]]),
        rows(2, "SELECT count(*) FROM t WHERE x >= 2 AND 1 = 1", ["c"], [[4]]),
        rows(3, "select COUNT(*) from t where x >= 2 and 1 = 1;", ["c"], [[4]]),
        rows(4, "SELECT count(*) FROM t WHERE x >= 1", ["c"], [[3]]),
      ],
      "spider",
    );
    // Candidates 2 and 3 wrote the same query; 1 and 4 two different ones.
    expect(alike.groups[0]!.candidates).toEqual([2, 3]);
    expect(alike.rule).toBe("a tie of groups of 2: the one whose query 2 candidates wrote alike wins.");

    const shorter = voteOnCandidates(
      [rows(1, "SELECT count(*) FROM t WHERE x > 1 AND x IS NOT NULL", ["c"], [[3]]), rows(2, "SELECT count(*) FROM t WHERE x > 2", ["c"], [[4]])],
      "spider",
    );
    expect(shorter.answer).toEqual({ sql: "SELECT count(*) FROM t WHERE x > 2", candidate: 2 });
    expect(shorter.rule).toBe("a tie of groups of 1: the one with the shorter query wins.");

    const earlier = voteOnCandidates([rows(1, "SELECT 3", ["c"], [[3]]), rows(2, "SELECT 4", ["c"], [[4]])], "spider");
    expect(earlier.answer?.candidate).toBe(1);
    expect(earlier.rule).toBe("a tie of groups of 1: the one with the earliest candidate wins.");
  });

  it("candidates without a query, or whose query fails, form no group and are listed with the reason", () => {
    const vote = voteOnCandidates([none(1), failed(2, "SELECT x FROM t"), rows(3, "SELECT 1", ["1"], [[1]]), failed(4, "SELECT x FROM t")], "spider");
    expect(vote.groups.map((group) => group.candidates)).toEqual([[3]]);
    expect(vote.unanswered).toEqual([
      { candidate: 1, reason: "max-turns: ran out of turns" },
      { candidate: 2, reason: "its query failed: no such column: x" },
      { candidate: 4, reason: "its query failed: no such column: x" },
    ]);
    expect(vote.answer?.candidate).toBe(3);
    expect(vote.rule).toBe("the largest group: 1 of 4 candidates (the only result).");
  });

  it("no answer at all is no winner", () => {
    const vote = voteOnCandidates([none(1), failed(2, "SELECT x")], "spider");
    expect(vote).toMatchObject({ groups: [], winner: null, answer: null, rule: "No answer: none of the 2 candidates gave a query that ran." });
  });

  it("empty results group together but lose to any result with rows, even a smaller group", () => {
    const vote = voteOnCandidates(
      [
        rows(1, "SELECT name FROM city WHERE country = 'france'", ["name"], []),
        rows(2, "SELECT id FROM city WHERE 0", ["id"], []),
        rows(3, "SELECT name FROM city WHERE country = 'France'", ["name"], [["Paris"]]),
      ],
      "spider",
    );
    expect(vote.groups.map((group) => [group.candidates, group.rowCount])).toEqual([
      [[3], 1],
      [[1, 2], 0],
    ]);
    expect(vote.rule).toBe("a result with rows wins over an empty one (1 of 3 candidates).");
  });

  it("row order matters only when the group's first query sorts", () => {
    const sorted = rows(1, "SELECT name FROM city ORDER BY name", ["name"], [["Berlin"], ["Paris"]]);
    const reversed = rows(2, "SELECT name FROM city ORDER BY name DESC", ["name"], [["Paris"], ["Berlin"]]);
    expect(voteOnCandidates([sorted, reversed], "spider").groups).toHaveLength(2);
    const unsorted = rows(1, "SELECT name FROM city", ["name"], [["Berlin"], ["Paris"]]);
    expect(voteOnCandidates([unsorted, reversed], "spider").groups).toHaveLength(1);
  });
});
