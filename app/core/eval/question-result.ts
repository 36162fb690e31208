// One benchmark question's outcome: what was predicted, whether it matched, and what it cost. Kept apart from the
// runner so the page can read results without loading the AI SDK.
import * as z from "../zod-mini";
import { voteOutcomeSchema } from "../agent/events";

/** A question answered by candidate voting: the vote (as the trace records it), and the first candidate's own answer judged alone. */
export const votingResultSchema = z.extend(voteOutcomeSchema, {
  /**
   * Candidate 1 judged on its own: the "without voting" answer of the same run, at the same temperature, so the two
   * accuracies differ by the vote alone and cost nothing extra to measure.
   */
  first: z.object({ predicted: z.nullable(z.string()), match: z.boolean() }),
});
export type VotingResult = z.infer<typeof votingResultSchema>;

export const questionResultSchema = z.object({
  index: z.number(),
  db_id: z.string(),
  question: z.string(),
  difficulty: z.optional(z.string()),
  gold: z.string(),
  predicted: z.nullable(z.string()),
  match: z.boolean(),
  reason: z.string(),
  turns: z.number(),
  tokens: z.object({ input: z.number(), output: z.number() }),
  latencyMs: z.number(),
  overheadMs: z.number(),
  error: z.nullable(z.string()),
  /** Set when the question was answered by candidate voting. */
  voting: z.optional(votingResultSchema),
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
