// The OpenAI Chat Completions wire format as the scripted LLM server speaks it: request schema, script schema, and pure builders for completions, stream chunks and error bodies.
import { z } from "zod";

// ---------------------------------------------------------------------------------------------
// What a client sends. Loose objects: real clients add fields (user, seed, verbosity, x-stainless
// headers...) and the server must record them rather than reject them.
// ---------------------------------------------------------------------------------------------

export const chatToolCallSchema = z.looseObject({
  id: z.string().optional(),
  type: z.string().optional(),
  function: z.looseObject({ name: z.string(), arguments: z.string() }),
});

export const chatMessageSchema = z.looseObject({
  role: z.string(),
  content: z.union([z.string(), z.array(z.looseObject({ type: z.string() })), z.null()]).optional(),
  tool_calls: z.array(chatToolCallSchema).nullish(),
  tool_call_id: z.string().nullish(),
  name: z.string().nullish(),
});

export const chatToolSchema = z.looseObject({
  type: z.string(),
  function: z.looseObject({ name: z.string(), description: z.string().nullish(), parameters: z.unknown() }),
});

export const chatRequestSchema = z.looseObject({
  model: z.string().min(1),
  messages: z.array(chatMessageSchema).min(1),
  stream: z.boolean().nullish(),
  stream_options: z.looseObject({ include_usage: z.boolean().nullish() }).nullish(),
  tools: z.array(chatToolSchema).nullish(),
  tool_choice: z.unknown().optional(),
});

export type ChatMessage = z.infer<typeof chatMessageSchema>;
export type ChatTool = z.infer<typeof chatToolSchema>;
export type ChatRequest = z.infer<typeof chatRequestSchema>;

// ---------------------------------------------------------------------------------------------
// What a test scripts.
// ---------------------------------------------------------------------------------------------

/** One tool call the scripted model makes. A string `arguments` is sent verbatim, so malformed JSON can be scripted. */
export interface ScriptedToolCall {
  name: string;
  arguments: string | object;
  /** Wire id; default `call_<n>` with n counting up per server. */
  id?: string;
}

export type Fault =
  /** An HTTP error with an OpenAI-style body (or `body` verbatim); Retry-After / retry-after-ms headers when given. */
  | { kind: "status"; status: number; body?: unknown; retryAfterSeconds?: number; retryAfterMs?: number }
  /** Stream this many SSE events of the normal answer, then destroy the socket: no finish chunk, no [DONE]. */
  | { kind: "cut-stream"; afterChunks: number }
  /** Never answer (until the client aborts or the server closes); with afterChunks, stall after that many SSE events. */
  | { kind: "hang"; afterChunks?: number }
  /** Stream this many SSE events, then an in-band `data: {"error": {...}}` event and [DONE], as OpenRouter and vLLM do. */
  | { kind: "stream-error"; afterChunks: number; message?: string };

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
  /** Default: computed roughly from lengths (4 characters a token). */
  usage?: { prompt_tokens: number; completion_tokens: number };
  /** Default "tool_calls" when there are tool calls, else "stop"; "length" scripts a truncated answer. */
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

// ---------------------------------------------------------------------------------------------
// What the server answers.
// ---------------------------------------------------------------------------------------------

export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

export interface WireToolCall {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
}

/** A turn resolved to what goes on the wire: ids assigned, arguments serialized, usage and finish reason decided. */
export interface AnswerContent {
  id: string;
  created: number;
  model: string;
  text: string;
  toolCalls: WireToolCall[];
  finishReason: string;
  usage: Usage;
}

export interface ChunkOptions {
  /** Characters of text or tool arguments per chunk. */
  chunkSize: number;
  /** Whether the client asked for `stream_options.include_usage`: usage then comes in its own chunk with `choices: []`. */
  includeUsage: boolean;
}

const CHARACTERS_PER_TOKEN = 4;

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARACTERS_PER_TOKEN);
}

export function serializeArguments(value: string | object): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

export function defaultUsage(request: Pick<ChatRequest, "messages" | "tools">, text: string, toolCalls: WireToolCall[]): Usage {
  const prompt_tokens = estimateTokens(JSON.stringify({ messages: request.messages, tools: request.tools ?? [] }));
  const completionText = text + toolCalls.map((call) => call.function.name + call.function.arguments).join("");
  const completion_tokens = Math.max(1, estimateTokens(completionText));
  return { prompt_tokens, completion_tokens, total_tokens: prompt_tokens + completion_tokens };
}

/** Splits by code points so a piece never ends inside a surrogate pair (an emoji split in half would not reassemble). */
export function splitIntoPieces(text: string, size: number): string[] {
  const codePoints = Array.from(text);
  const pieces: string[] = [];
  const step = Math.max(1, Math.floor(size));
  for (let start = 0; start < codePoints.length; start += step) pieces.push(codePoints.slice(start, start + step).join(""));
  return pieces;
}

/** The `chat.completion` object of a non-streaming answer. */
export function completionOf(content: AnswerContent) {
  return {
    id: content.id,
    object: "chat.completion" as const,
    created: content.created,
    model: content.model,
    system_fingerprint: null,
    choices: [
      {
        index: 0,
        message: {
          role: "assistant" as const,
          // OpenAI sends null, not "", when the model only calls tools.
          content: content.text.length > 0 || content.toolCalls.length === 0 ? content.text : null,
          refusal: null,
          ...(content.toolCalls.length > 0 ? { tool_calls: content.toolCalls } : {}),
        },
        logprobs: null,
        finish_reason: content.finishReason,
      },
    ],
    usage: content.usage,
  };
}

/**
 * The `chat.completion.chunk` objects of a streamed answer, in order, without the final `[DONE]`:
 * a role chunk, text pieces, tool-call deltas (first with index, id, type, name and empty arguments,
 * then index and argument pieces only), the finish chunk, and the usage chunk when asked for.
 */
export function sseChunksOf(content: AnswerContent, options: ChunkOptions): object[] {
  const base = { id: content.id, object: "chat.completion.chunk" as const, created: content.created, model: content.model, system_fingerprint: null };
  const chunkWith = (delta: object, finishReason: string | null = null) => ({
    ...base,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
  });
  const chunks: object[] = [chunkWith({ role: "assistant", content: "", refusal: null })];
  for (const piece of splitIntoPieces(content.text, options.chunkSize)) chunks.push(chunkWith({ content: piece }));
  content.toolCalls.forEach((call, index) => {
    chunks.push(chunkWith({ tool_calls: [{ index, id: call.id, type: "function", function: { name: call.function.name, arguments: "" } }] }));
    for (const piece of splitIntoPieces(call.function.arguments, options.chunkSize)) {
      chunks.push(chunkWith({ tool_calls: [{ index, function: { arguments: piece } }] }));
    }
  });
  if (options.includeUsage) {
    chunks.push(chunkWith({}, content.finishReason));
    chunks.push({ ...base, choices: [], usage: content.usage });
  } else {
    // Without include_usage OpenAI sends no usage at all; many compatible servers put it on the last chunk,
    // and the AI SDK reads it from any chunk, so it is sent there rather than lost.
    chunks.push({ ...chunkWith({}, content.finishReason), usage: content.usage });
  }
  return chunks;
}

export function sseEvent(data: object | string): string {
  return `data: ${typeof data === "string" ? data : JSON.stringify(data)}\n\n`;
}

export interface OpenAiErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null };
}

export function openAiError(message: string, type: string, code: string | null = null, param: string | null = null): OpenAiErrorBody {
  return { error: { message, type, param, code } };
}

/** The body a real OpenAI endpoint sends for a status, so clients classify scripted faults as they would real ones. */
export function defaultErrorBody(status: number): OpenAiErrorBody {
  switch (status) {
    case 400:
      return openAiError("Invalid request.", "invalid_request_error");
    case 401:
      return openAiError("Incorrect API key provided.", "invalid_request_error", "invalid_api_key");
    case 403:
      return openAiError("You are not allowed to use this model.", "invalid_request_error", "permission_denied");
    case 404:
      return openAiError("The requested resource does not exist.", "invalid_request_error", "not_found");
    case 408:
      return openAiError("Request timed out.", "timeout_error");
    case 429:
      return openAiError("Rate limit reached for requests. Please try again later.", "requests", "rate_limit_exceeded");
    case 500:
      return openAiError("The server had an error while processing your request. Sorry about that!", "server_error");
    case 502:
      return openAiError("Bad gateway.", "server_error");
    case 503:
      return openAiError("The engine is currently overloaded, please try again later.", "server_error", "overloaded");
    default:
      return openAiError(`Scripted error ${status}.`, status >= 500 ? "server_error" : "invalid_request_error");
  }
}
