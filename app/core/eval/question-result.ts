// One benchmark question's outcome: what was predicted, whether it matched, and what it cost. Kept apart from the
// runner so the page can read results without loading the AI SDK.
import { z } from "zod";

export const questionResultSchema = z.object({
  index: z.number(),
  db_id: z.string(),
  question: z.string(),
  difficulty: z.string().optional(),
  gold: z.string(),
  predicted: z.string().nullable(),
  match: z.boolean(),
  reason: z.string(),
  turns: z.number(),
  tokens: z.object({ input: z.number(), output: z.number() }),
  latencyMs: z.number(),
  overheadMs: z.number(),
  error: z.string().nullable(),
});
export type QuestionResult = z.infer<typeof questionResultSchema>;

/** A question that could not be run at all (its database failed to open, the worker died): still accounted for. */
export function failedQuestionResult(
  question: { index: number; dbId: string; question: string; difficulty?: string; gold: string },
  message: string,
): QuestionResult {
  return {
    index: question.index,
    db_id: question.dbId,
    question: question.question,
    difficulty: question.difficulty,
    gold: question.gold,
    predicted: null,
    match: false,
    reason: "error",
    turns: 0,
    tokens: { input: 0, output: 0 },
    latencyMs: 0,
    overheadMs: 0,
    error: message,
  };
}
