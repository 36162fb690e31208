// The OpenAI Chat Completions wire format as the scripted LLM server speaks it: request schema, script schema, and pure builders for completions, stream chunks and error bodies.
import { z } from "zod";
import { estimateTokens, type ResolvedAnswer, splitIntoPieces } from "./script-format.js";
import { headerValue, retryAfterHeaders, sseEvent, type WireAnswer, type WireProtocol } from "./wire-protocol.js";

export { estimateTokens, faultSchema, scriptedTurnSchema, scriptSchema, serializeArguments, splitIntoPieces } from "./script-format.js";
export type { Fault, ScriptedToolCall, ScriptedTurn } from "./script-format.js";
export { sseEvent } from "./wire-protocol.js";

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

export function defaultUsage(request: Pick<ChatRequest, "messages" | "tools">, text: string, toolCalls: WireToolCall[]): Usage {
  const prompt_tokens = estimateTokens(JSON.stringify({ messages: request.messages, tools: request.tools ?? [] }));
  const completionText = text + toolCalls.map((call) => call.function.name + call.function.arguments).join("");
  const completion_tokens = Math.max(1, estimateTokens(completionText));
  return { prompt_tokens, completion_tokens, total_tokens: prompt_tokens + completion_tokens };
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

// ---------------------------------------------------------------------------------------------
// The protocol as the server plays it.
// ---------------------------------------------------------------------------------------------

function contentOf(answer: ResolvedAnswer): AnswerContent {
  return {
    id: answer.id,
    created: answer.created,
    model: answer.model,
    text: answer.text,
    toolCalls: answer.toolCalls.map((call, index) => ({
      id: call.id ?? `call_${index}`,
      type: "function",
      function: { name: call.name, arguments: call.arguments },
    })),
    finishReason: answer.finishReason,
    usage: {
      prompt_tokens: answer.usage.inputTokens,
      completion_tokens: answer.usage.outputTokens,
      total_tokens: answer.usage.inputTokens + answer.usage.outputTokens,
    },
  };
}

/** OpenAI refuses a conversation whose tool calls and tool messages do not pair up; so does the scripted server, with OpenAI's words. */
function unpairedToolMessages(request: ChatRequest): string | undefined {
  const messages = request.messages;
  for (let index = 0; index < messages.length; index++) {
    const message = messages[index]!;
    if (message.role === "tool") {
      const previous = messages.slice(0, index).findLast((candidate) => candidate.role !== "tool");
      if (previous?.role !== "assistant" || !previous.tool_calls?.some((call) => call.id === message.tool_call_id)) {
        return `Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.`;
      }
    }
    const calls = message.role === "assistant" ? (message.tool_calls ?? []) : [];
    if (calls.length === 0) continue;
    const answered = new Set<string>();
    for (let next = index + 1; next < messages.length && messages[next]!.role === "tool"; next++) answered.add(messages[next]!.tool_call_id ?? "");
    const missing = calls.filter((call) => !answered.has(call.id ?? ""));
    if (missing.length > 0) {
      return `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${missing.map((call) => call.id).join(", ")}`;
    }
  }
  return undefined;
}

export const openAiWire: WireProtocol = {
  name: "openai",
  parse(body) {
    const parsed = chatRequestSchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue === undefined ? "" : ` at '${issue.path.join(".")}'`;
      return {
        ok: false,
        error: { status: 400, body: openAiError(`Invalid chat completion request${where}: ${issue?.message ?? "not JSON"}`, "invalid_request_error") },
      };
    }
    const chat = parsed.data;
    return { ok: true, request: { model: chat.model, stream: chat.stream === true, view: chat, includeUsage: chat.stream_options?.include_usage === true } };
  },
  checkAuth(headers, _url, requiredKey) {
    if (requiredKey === undefined) return undefined;
    const authorization = headerValue(headers, "authorization");
    if (authorization === `Bearer ${requiredKey}`) return undefined;
    const message =
      authorization === undefined || authorization === ""
        ? "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY)."
        : "Incorrect API key provided.";
    return { status: 401, body: openAiError(message, "invalid_request_error", "invalid_api_key") };
  },
  checkConversation(body) {
    const parsed = chatRequestSchema.safeParse(body);
    const problem = parsed.success ? unpairedToolMessages(parsed.data) : undefined;
    return problem === undefined ? undefined : { status: 400, body: openAiError(problem, "invalid_request_error", null, "messages") };
  },
  unknownModel: (model): WireAnswer => ({
    status: 404,
    body: openAiError(`The model \`${model}\` does not exist`, "invalid_request_error", "model_not_found", "model"),
  }),
  errorBody: defaultErrorBody,
  statusFault: (fault) => ({ status: fault.status, body: fault.body ?? defaultErrorBody(fault.status), headers: retryAfterHeaders(fault) }),
  toolCallId: (counter) => `call_${counter}`,
  responseId: (counter) => `chatcmpl-scripted-${counter}`,
  complete: (answer) => completionOf(contentOf(answer)),
  streamEvents: (answer, options) => sseChunksOf(contentOf(answer), options).map((chunk) => sseEvent(chunk)),
  streamEnd: () => [sseEvent("[DONE]")],
  // As OpenRouter and vLLM do: an error object in a data event, then [DONE].
  inBandError: (message) => [sseEvent(openAiError(message, "server_error")), sseEvent("[DONE]")],
  // Some gateways answer a failed plain request with 200 and an error object.
  plainFailure: (message) => ({ status: 200, body: openAiError(message, "server_error") }),
  malformedEvent: () => 'data: {"id":"chatcmpl-garbled","choices":[{"delta":{"content":"x\n\n',
  modelList: (ids) => ({ object: "list", data: ids.map((id) => ({ id, object: "model", created: 0, owned_by: "scripted" })) }),
};
