// The events the agent loop yields: the UI renders them, the CLI prints them, a trace is the list of them.
import * as z from "../zod-mini";
import { sqlValueSchema } from "../db/type-schemas";
import { llmErrorKindSchema } from "../llm/llm-error-kinds";
import { schemaPruningSummarySchema } from "../schema/pruning-summary";
import { dataSharingSchema } from "../data-sharing";

const resultSchema = z.object({
  columns: z.array(z.string()),
  rows: z.array(z.array(sqlValueSchema)),
  rowCount: z.number(),
  elapsedMs: z.number(),
});

/** Why a run ended without an answer: the loop's own reasons, or what the LLM call failed with. */
export const agentErrorKindSchema = z.enum([
  "stopped",
  "max-turns",
  "token-budget",
  "cost-budget",
  "repeated-failure",
  "no-answer",
  ...llmErrorKindSchema.options,
]);
export type AgentErrorKind = z.infer<typeof agentErrorKindSchema>;

const usageSchema = z.object({ inputTokens: z.number(), outputTokens: z.number() });
export type TokenUsage = z.infer<typeof usageSchema>;

/** One agent run's events: what a single run yields, and what each voting candidate's run is made of. */
export const runEventSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("run-start"),
    runId: z.string(),
    question: z.string(),
    model: z.string(),
    baseUrl: z.string(),
    protocol: z.enum(["tools", "text"]),
    systemPrompt: z.string(),
    startedAt: z.number(),
    /** The schema sent and how it was pruned (always set now; absent in traces from before pruning or with it off). */
    schema: z.optional(schemaPruningSummarySchema),
    /** What the person allowed to be sent during this run (absent in traces from before it was recorded): a shared session obeys it. */
    sharing: z.optional(dataSharingSchema),
  }),
  z.object({ type: z.literal("turn-start"), turn: z.number() }),
  z.object({ type: z.literal("text-delta"), turn: z.number(), text: z.string() }),
  /** A failed attempt's partial text is discarded; the turn starts again after the wait. */
  z.object({ type: z.literal("turn-retry"), turn: z.number(), attempt: z.number(), delayMs: z.number(), reason: z.string() }),
  z.object({ type: z.literal("protocol-switch"), turn: z.number(), protocol: z.enum(["tools", "text"]), reason: z.string() }),
  z.object({
    type: z.literal("tool-call"),
    turn: z.number(),
    toolCallId: z.string(),
    tool: z.string(),
    input: z.unknown(),
    /**
     * Set when the model did not make the call as it stands: "agent" when the loop made it (it submits a query the
     * model ran twice without submitting it; the observation says why), "person" when a person changed its SQL to
     * fork the trace from there (fork.ts). Absent for the model's own calls.
     */
    by: z.optional(z.enum(["agent", "person"])),
  }),
  z.object({
    type: z.literal("observation"),
    turn: z.number(),
    toolCallId: z.string(),
    tool: z.string(),
    ok: z.boolean(),
    text: z.string(),
    result: z.optional(resultSchema),
  }),
  z.object({
    type: z.literal("turn-end"),
    turn: z.number(),
    usage: usageSchema,
    latencyMs: z.number(),
    /** The request and response as they went over the wire (no API key: headers are not recorded). */
    raw: z.array(z.object({ request: z.string(), response: z.string() })),
  }),
  z.object({ type: z.literal("final"), turn: z.number(), sql: z.string(), result: z.optional(resultSchema) }),
  z.object({
    type: z.literal("error"),
    turn: z.optional(z.number()),
    // A kind this version does not know (a trace from another version) reads as "unknown"; its message is kept.
    kind: z.catch(agentErrorKindSchema, "unknown"),
    message: z.string(),
    /** When the run ends without an answer, the last query that ran without error, to offer instead. */
    lastSuccessfulSql: z.optional(z.string()),
  }),
  z.object({
    type: z.literal("run-end"),
    status: z.enum(["submitted", "max-turns", "stopped", "failed"]),
    turns: z.number(),
    usage: usageSchema,
    elapsedMs: z.number(),
    /** Time spent outside the model calls: the agent's own overhead (tools, prompt building). */
    overheadMs: z.number(),
  }),
]);
export type RunEvent = z.infer<typeof runEventSchema>;

/** Candidates that returned the same rows (the EX judge's comparison): the vote's unit. */
export const voteGroupSchema = z.object({
  /** Candidate numbers (1-based) in the group, in order. */
  candidates: z.array(z.number()),
  /** Each distinct query of the group (normal form decides "distinct"), most frequent first, with how many wrote it. */
  queries: z.array(z.object({ sql: z.string(), count: z.number() })),
  columns: z.array(z.string()),
  rowCount: z.number(),
});
export type VoteGroup = z.infer<typeof voteGroupSchema>;

/** A vote's outcome: the trace's vote event carries it, and so does a benchmark result answered by voting (eval). */
export const voteOutcomeSchema = z.object({
  candidates: z.number(),
  temperature: z.number(),
  /** Groups with rows first, largest first; the winner is groups[winner] (null: no candidate had an answer). */
  groups: z.array(voteGroupSchema),
  winner: z.nullable(z.number()),
  /** Why the winner won, in words (largest group, or which tie rule decided). */
  rule: z.string(),
  /** Candidates without an answer (no final query, or it failed when run), with the reason. */
  unanswered: z.array(z.object({ candidate: z.number(), reason: z.string() })),
});

/**
 * A voting run (candidate-voting.ts in eval) is the candidates' runs, each event wrapped with its candidate number so
 * they stream into one trace, then the vote, then the run's own final (the winner's query), error and run-end.
 */
export const agentEventSchema = z.discriminatedUnion("type", [
  ...runEventSchema._zod.def.options,
  z.object({ type: z.literal("candidate"), candidate: z.number(), event: runEventSchema }),
  z.object({ type: z.literal("vote"), ...voteOutcomeSchema.shape }),
]);

export type AgentEvent = z.infer<typeof agentEventSchema>;
export type AgentEventOf<T extends AgentEvent["type"]> = Extract<AgentEvent, { type: T }>;
