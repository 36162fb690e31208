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
