// The events the agent loop yields: the UI renders them, the CLI prints them, a trace is the list of them.
import { z } from "zod";
import { sqlValueSchema } from "../db/types";
import { llmErrorKindSchema } from "../llm/llm-errors";
import { schemaPruningSummarySchema } from "../schema/pruning-summary";

const resultSchema = z.object({
  columns: z.array(z.string()),
  rows: z.array(z.array(sqlValueSchema)),
  rowCount: z.number(),
  elapsedMs: z.number(),
});

/** Why a run ended without an answer: the loop's own reasons, or what the LLM call failed with. */
export const agentErrorKindSchema = z.enum(["stopped", "max-turns", "token-budget", "cost-budget", "repeated-failure", ...llmErrorKindSchema.options]);
export type AgentErrorKind = z.infer<typeof agentErrorKindSchema>;

const usageSchema = z.object({ inputTokens: z.number(), outputTokens: z.number() });
export type TokenUsage = z.infer<typeof usageSchema>;

export const agentEventSchema = z.discriminatedUnion("type", [
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
    schema: schemaPruningSummarySchema.optional(),
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
     * Set when the agent loop itself made the call rather than the model: it submits a query the model ran twice
     * without submitting it (the observation says why). Absent for the model's own calls.
     */
    by: z.literal("agent").optional(),
  }),
  z.object({
    type: z.literal("observation"),
    turn: z.number(),
    toolCallId: z.string(),
    tool: z.string(),
    ok: z.boolean(),
    text: z.string(),
    result: resultSchema.optional(),
  }),
  z.object({
    type: z.literal("turn-end"),
    turn: z.number(),
    usage: usageSchema,
    latencyMs: z.number(),
    /** The request and response as they went over the wire (no API key: headers are not recorded). */
    raw: z.array(z.object({ request: z.string(), response: z.string() })),
  }),
  z.object({ type: z.literal("final"), turn: z.number(), sql: z.string(), result: resultSchema.optional() }),
  z.object({
    type: z.literal("error"),
    turn: z.number().optional(),
    // A kind this version does not know (a trace from another version) reads as "unknown"; its message is kept.
    kind: agentErrorKindSchema.catch("unknown"),
    message: z.string(),
    /** When the run ends without an answer, the last query that ran without error, to offer instead. */
    lastSuccessfulSql: z.string().optional(),
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

export type AgentEvent = z.infer<typeof agentEventSchema>;
export type AgentEventOf<T extends AgentEvent["type"]> = Extract<AgentEvent, { type: T }>;
