// The scripted LLM's script, the same for every wire protocol: turns of text, tool calls and faults, and the resolved answer each protocol's writer encodes.
import { z } from "zod";

/** One tool call the scripted model makes. A string `arguments` is sent verbatim, so malformed JSON can be scripted. */
export interface ScriptedToolCall {
  name: string;
  arguments: string | object;
  /** Wire id; default per protocol (`call_<n>` for OpenAI, `toolu_scripted_<n>` for Anthropic, none for Gemini, which sends none). */
  id?: string;
}

export type Fault =
  /** An HTTP error with the protocol's error body (or `body` verbatim); Retry-After / retry-after-ms headers when given. */
  | { kind: "status"; status: number; body?: unknown; retryAfterSeconds?: number; retryAfterMs?: number }
  /** Stream this many SSE events of the normal answer, then destroy the socket: no finish, no end marker. */
  | { kind: "cut-stream"; afterChunks: number }
  /** Never answer (until the client aborts or the server closes); with afterChunks, stall after that many SSE events. */
  | { kind: "hang"; afterChunks?: number }
  /**
   * Stream this many SSE events, then an in-band error event, the way each service reports a failure mid-answer
   * (OpenAI-compatible gateways: `data: {"error": {...}}` and [DONE]; Anthropic: `event: error`; Gemini: `data: {"error": {...}}`).
   */
  | { kind: "stream-error"; afterChunks: number; message?: string }
  /** Stream this many SSE events, then one `data:` line that is not JSON (a proxy that garbles the stream), then end the stream. */
  | { kind: "malformed"; afterChunks: number };

export interface ScriptedTurn {
  /** Assistant text (the model's "thinking" shown to the user). */
  text?: string;
  toolCalls?: ScriptedToolCall[];
  /** Answer with this fault instead of the turn's content, `times` times for the same request messages. */
  fault?: Fault;
  /** How many times the fault is played for the same messages before the content is (default 1; "always" never relents). */
  times?: number | "always";
  /** Wait before answering (slow answers, timeouts). */
  delayMs?: number;
  /** Wait between SSE events (watching a stream arrive); default the server's chunkDelayMs. */
  chunkDelayMs?: number;
  /** Default: computed roughly from lengths (4 characters a token). Named as OpenAI names them; every protocol reports them in its own words. */
  usage?: { prompt_tokens: number; completion_tokens: number };
  /** In OpenAI's words ("stop", "tool_calls", "length", "content_filter"), mapped per protocol. Default "tool_calls" when there are tool calls, else "stop". */
  finishReason?: string;
}

const usageSchema = z.object({ prompt_tokens: z.number().int().nonnegative(), completion_tokens: z.number().int().nonnegative() });

export const faultSchema: z.ZodType<Fault> = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("status"),
    status: z.number().int().min(400).max(599),
    body: z.unknown().optional(),
    retryAfterSeconds: z.number().nonnegative().optional(),
    retryAfterMs: z.number().nonnegative().optional(),
  }),
  z.object({ kind: z.literal("cut-stream"), afterChunks: z.number().int().nonnegative() }),
  z.object({ kind: z.literal("hang"), afterChunks: z.number().int().nonnegative().optional() }),
  z.object({ kind: z.literal("stream-error"), afterChunks: z.number().int().nonnegative(), message: z.string().optional() }),
  z.object({ kind: z.literal("malformed"), afterChunks: z.number().int().nonnegative() }),
]);

export const scriptedTurnSchema: z.ZodType<ScriptedTurn> = z.object({
  text: z.string().optional(),
  toolCalls: z
    .array(z.object({ name: z.string().min(1), arguments: z.union([z.string(), z.record(z.string(), z.unknown())]), id: z.string().optional() }))
    .optional(),
  fault: faultSchema.optional(),
  times: z.union([z.number().int().nonnegative(), z.literal("always")]).optional(),
  delayMs: z.number().nonnegative().optional(),
  chunkDelayMs: z.number().nonnegative().optional(),
  usage: usageSchema.optional(),
  finishReason: z.string().optional(),
});

export const scriptSchema = z.array(scriptedTurnSchema);

/** A turn resolved for the wire: ids assigned (or not, where the protocol has none), arguments serialized, usage and finish reason decided. */
export interface ResolvedAnswer {
  /** The response id, in the protocol's own style. */
  id: string;
  /** Unix seconds. */
  created: number;
  model: string;
  text: string;
  toolCalls: { id: string | undefined; name: string; arguments: string }[];
  /** OpenAI's words; each writer maps them. */
  finishReason: string;
  usage: { inputTokens: number; outputTokens: number };
}

const CHARACTERS_PER_TOKEN = 4;

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARACTERS_PER_TOKEN);
}

export function serializeArguments(value: string | object): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** Splits by code points so a piece never ends inside a surrogate pair (an emoji split in half would not reassemble). */
export function splitIntoPieces(text: string, size: number): string[] {
  const codePoints = Array.from(text);
  const pieces: string[] = [];
  const step = Math.max(1, Math.floor(size));
  for (let start = 0; start < codePoints.length; start += step) pieces.push(codePoints.slice(start, start + step).join(""));
  return pieces;
}
