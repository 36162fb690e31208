// What a trace keeps of how the schema was pruned (one zod schema and its type), and the schema as the agent receives it.
import * as z from "../zod-mini";

/** Enough to show what the agent saw and why, without the per-column scores. */
export const schemaPruningSummarySchema = z.object({
  tokensKept: z.number(),
  tokensFull: z.number(),
  /** Tokens the text was held to; a schema sent unpruned records its own size (nothing had to go). */
  budget: z.number(),
  kept: z.record(z.string(), z.array(z.string())),
  columnsKept: z.number(),
  columnsTotal: z.number(),
  /** Ranking stages that ran; empty when the schema was sent unpruned. */
  stagesUsed: z.array(z.enum(["dense", "lexical", "value"])),
  denseUnavailable: z.optional(z.string()),
});
export type SchemaPruningSummary = z.infer<typeof schemaPruningSummarySchema>;

/** Whether the schema sent leaves something out (so search_schema has something to find). */
export function isPruned(summary: SchemaPruningSummary): boolean {
  return summary.columnsKept < summary.columnsTotal;
}

/** The schema text exactly as the prompt carries it, with how it was pruned (recorded in the trace). */
export interface PromptSchema {
  text: string;
  pruning: SchemaPruningSummary;
}
