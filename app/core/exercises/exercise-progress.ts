// A student's progress on one exercise set: per question the attempts, whether it was solved and the last SQL checked;
// read back from storage only when valid, and written out as the export file docs/exercises.md describes.
import * as z from "../zod-mini";

/** The last SQL is kept for the student to pick up again, not as an archive: a pasted dump stops here. */
export const MAX_KEPT_SQL = 20_000;

export const questionProgressSchema = z.object({
  attempts: z.int().check(z.nonnegative()),
  solved: z.boolean(),
  lastSql: z.string().check(z.maxLength(MAX_KEPT_SQL)),
});
export type QuestionProgress = z.infer<typeof questionProgressSchema>;

/** Per question id. */
export const setProgressSchema = z.record(z.string().check(z.maxLength(64)), questionProgressSchema);
export type SetProgress = z.infer<typeof setProgressSchema>;

export const PROGRESS_EXPORT_FORMAT = "querylab-exercise-progress";

export interface ProgressExport {
  format: typeof PROGRESS_EXPORT_FORMAT;
  version: 1;
  set: { source: string; title: string };
  exportedAt: string;
  questions: SetProgress;
}

/** One more Check of a question. Once solved it stays solved: a later wrong try does not undo what the student showed. */
export function withAttempt(progress: SetProgress, questionId: string, sql: string, correct: boolean): SetProgress {
  const before = progress[questionId] ?? { attempts: 0, solved: false, lastSql: "" };
  return {
    ...progress,
    [questionId]: { attempts: before.attempts + 1, solved: before.solved || correct, lastSql: sql.slice(0, MAX_KEPT_SQL) },
  };
}

/** How many of the set's questions are solved (progress kept for ids the set no longer has is not counted). */
export function solvedCount(progress: SetProgress, questionIds: readonly string[]): number {
  return questionIds.filter((id) => progress[id]?.solved).length;
}

/** Stored text back to progress: anything unreadable (another version, a hand edit) starts the set afresh rather than failing. */
export function parseStoredProgress(text: string | null): SetProgress {
  if (text === null) return {};
  try {
    const parsed = setProgressSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

export function progressExport(progress: SetProgress, set: { source: string; title: string }, exportedAt: Date): ProgressExport {
  return { format: PROGRESS_EXPORT_FORMAT, version: 1, set, exportedAt: exportedAt.toISOString(), questions: progress };
}
