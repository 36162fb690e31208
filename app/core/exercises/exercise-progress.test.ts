import { describe, expect, it } from "vitest";
import { MAX_KEPT_SQL, parseStoredProgress, progressExport, solvedCount, withAttempt } from "./exercise-progress";

describe("exercise progress", () => {
  it("counts attempts, keeps the last SQL, and stays solved after a later wrong try", () => {
    let progress = withAttempt({}, "q1", "SELECT 1", false);
    progress = withAttempt(progress, "q1", "SELECT 2", true);
    progress = withAttempt(progress, "q1", "SELECT 3", false);
    progress = withAttempt(progress, "q2", "SELECT x", false);
    expect(progress).toEqual({
      q1: { attempts: 3, solved: true, lastSql: "SELECT 3" },
      q2: { attempts: 1, solved: false, lastSql: "SELECT x" },
    });
    expect(solvedCount(progress, ["q1", "q2", "q3"])).toBe(1);
    expect(solvedCount(progress, ["q2"])).toBe(0);
  });

  it("keeps at most MAX_KEPT_SQL characters of the last SQL", () => {
    const progress = withAttempt({}, "q1", "x".repeat(MAX_KEPT_SQL + 10), false);
    expect(progress.q1!.lastSql).toHaveLength(MAX_KEPT_SQL);
  });

  it("reads back what it wrote, and starts afresh from anything unreadable", () => {
    const progress = withAttempt({}, "q1", "SELECT 1", true);
    expect(parseStoredProgress(JSON.stringify(progress))).toEqual(progress);
    expect(parseStoredProgress(null)).toEqual({});
    expect(parseStoredProgress("{not json")).toEqual({});
    expect(parseStoredProgress(JSON.stringify({ q1: { attempts: -1, solved: true, lastSql: "" } }))).toEqual({});
  });

  it("exports the set's source and title with the time and the questions", () => {
    const progress = withAttempt({}, "open-stores", "SELECT name FROM stores WHERE closed_date IS NULL", true);
    const exported = progressExport(progress, { source: "https://x.test/set.json", title: "Set" }, new Date("2026-12-02T01:30:00Z"));
    expect(JSON.parse(JSON.stringify(exported))).toEqual({
      format: "querylab-exercise-progress",
      version: 1,
      set: { source: "https://x.test/set.json", title: "Set" },
      exportedAt: "2026-12-02T01:30:00.000Z",
      questions: { "open-stores": { attempts: 1, solved: true, lastSql: "SELECT name FROM stores WHERE closed_date IS NULL" } },
    });
  });
});
