// The Anthropic Messages API as the scripted LLM server speaks it (POST /v1/messages): request schema, its refusals, the message object, the streamed events and error bodies, checked against @ai-sdk/anthropic's parser and Anthropic's documentation.
import { z } from "zod";
import type { ChatMessage, ChatRequest } from "./openai-wire-format.js";
import { type ResolvedAnswer, splitIntoPieces } from "./script-format.js";
import { headerValue, retryAfterHeaders, sseEvent, type WireAnswer, type WireProtocol } from "./wire-protocol.js";

// Loose objects: clients add fields (cache_control, metadata, thinking...) that the server records rather than rejects.
const textBlockSchema = z.looseObject({ type: z.literal("text"), text: z.string() });
const blockSchema = z.looseObject({ type: z.string() });

export const anthropicMessageSchema = z.looseObject({
  role: z.enum(["user", "assistant"]),
  content: z.union([z.string(), z.array(blockSchema)]),
});

export const anthropicRequestSchema = z.looseObject({
  model: z.string().min(1),
  max_tokens: z.number().int().positive(),
  messages: z.array(anthropicMessageSchema),
  system: z.union([z.string(), z.array(textBlockSchema)]).optional(),
  tools: z.array(z.looseObject({ name: z.string(), description: z.string().optional(), input_schema: z.unknown() })).optional(),
  tool_choice: z.unknown().optional(),
  stream: z.boolean().optional(),
});

export type AnthropicRequest = z.infer<typeof anthropicRequestSchema>;
export type AnthropicMessage = z.infer<typeof anthropicMessageSchema>;

export interface AnthropicErrorBody {
  type: "error";
  error: { type: string; message: string };
  request_id: string;
}

export function anthropicError(type: string, message: string): AnthropicErrorBody {
  return { type: "error", error: { type, message }, request_id: "req_scripted" };
}

/** The body Anthropic sends with each status (https://docs.anthropic.com/en/api/errors). */
export function anthropicErrorBody(status: number): AnthropicErrorBody {
  switch (status) {
    case 400:
      return anthropicError("invalid_request_error", "Invalid request.");
    case 401:
      return anthropicError("authentication_error", "invalid x-api-key");
    case 403:
      return anthropicError("permission_error", "Your API key does not have permission to use the specified resource.");
    case 404:
      return anthropicError("not_found_error", "The requested resource was not found.");
    case 413:
      return anthropicError("request_too_large", "Request exceeds the maximum allowed number of bytes.");
    case 429:
      return anthropicError("rate_limit_error", "Number of request tokens has exceeded your per-minute rate limit.");
    case 529:
      return anthropicError("overloaded_error", "Overloaded");
    default:
      return status >= 500 ? anthropicError("api_error", "Internal server error") : anthropicError("invalid_request_error", `Scripted error ${status}.`);
  }
}

function blocksOf(content: AnthropicMessage["content"]): { type: string; [key: string]: unknown }[] {
  return typeof content === "string" ? [{ type: "text", text: content }] : content;
}

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.map((block) => (typeof (block as { text?: unknown }).text === "string" ? (block as { text: string }).text : "")).join("");
}

/** The request as OpenAI-style messages: system first, tool_result blocks as tool messages, tool_use blocks as tool_calls. */
export function anthropicChatView(request: AnthropicRequest): ChatRequest {
  const messages: ChatMessage[] = [];
  if (request.system !== undefined) messages.push({ role: "system", content: textOf(request.system) });
  for (const message of request.messages) {
    const blocks = blocksOf(message.content);
    if (message.role === "user") {
      for (const block of blocks) {
        if (block.type === "tool_result") messages.push({ role: "tool", tool_call_id: String(block.tool_use_id), content: textOf(block.content) });
      }
      const text = blocks.filter((block) => block.type === "text");
      if (text.length > 0) messages.push({ role: "user", content: textOf(text) });
    } else {
      const calls = blocks
        .filter((block) => block.type === "tool_use")
        .map((block) => ({ id: String(block.id), type: "function", function: { name: String(block.name), arguments: JSON.stringify(block.input ?? {}) } }));
      messages.push({
        role: "assistant",
        content: textOf(blocks.filter((block) => block.type === "text")),
        ...(calls.length > 0 ? { tool_calls: calls } : {}),
      });
    }
  }
  return {
    model: request.model,
    messages,
    stream: request.stream ?? null,
    tools: request.tools?.map((tool) => ({
      type: "function",
      function: { name: tool.name, description: tool.description ?? null, parameters: tool.input_schema },
    })),
    tool_choice: request.tool_choice,
  };
}

/**
 * The refusals Anthropic gives a conversation it cannot accept, in its words: empty text blocks and empty messages,
 * a tool_use not answered by a tool_result in the very next message, a tool_result with no tool_use before it.
 */
export function anthropicConversationProblem(request: AnthropicRequest): string | undefined {
  const { messages } = request;
  for (let index = 0; index < messages.length; index++) {
    const message = messages[index]!;
    const blocks = blocksOf(message.content);
    const isFinalAssistant = index === messages.length - 1 && message.role === "assistant";
    if (blocks.length === 0 || (typeof message.content === "string" && message.content === "" && !isFinalAssistant)) {
      if (!isFinalAssistant) return `messages.${index}: all messages must have non-empty content except for the optional final assistant message`;
    }
    for (const [blockIndex, block] of blocks.entries()) {
      if (block.type === "text" && block.text === "" && typeof message.content !== "string") {
        return `messages.${index}.content.${blockIndex}.text: text content blocks must be non-empty`;
      }
    }
    const previousUses = new Set(
      index > 0 && messages[index - 1]!.role === "assistant"
        ? blocksOf(messages[index - 1]!.content)
            .filter((block) => block.type === "tool_use")
            .map((block) => String(block.id))
        : [],
    );
    for (const [blockIndex, block] of blocks.entries()) {
      if (block.type === "tool_result" && !previousUses.has(String(block.tool_use_id))) {
        return `messages.${index}.content.${blockIndex}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${String(block.tool_use_id)}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`;
      }
    }
    if (message.role !== "assistant") continue;
    const uses = blocks.filter((block) => block.type === "tool_use").map((block) => String(block.id));
    if (uses.length === 0) continue;
    const next = messages[index + 1];
    const answered = new Set(
      next?.role === "user"
        ? blocksOf(next.content)
            .filter((block) => block.type === "tool_result")
            .map((block) => String(block.tool_use_id))
        : [],
    );
    const missing = uses.filter((id) => !answered.has(id));
    if (missing.length > 0) {
      return `messages.${index + 1}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${missing.join(", ")}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`;
    }
  }
  return undefined;
}

function stopReasonOf(finishReason: string): string {
  switch (finishReason) {
    case "stop":
      return "end_turn";
    case "tool_calls":
      return "tool_use";
    case "length":
      return "max_tokens";
    case "content_filter":
      return "refusal";
    default:
      return finishReason;
  }
}

/** Anthropic sends tool input as an object; only a stream can carry text that is not JSON (as a cut-off input_json_delta does). */
function toolInputOf(call: ResolvedAnswer["toolCalls"][number]): unknown {
  try {
    return JSON.parse(call.arguments) as unknown;
  } catch {
    throw new Error(
      `tool call ${call.name}: Anthropic's non-streaming answer carries input as JSON, so the arguments ${JSON.stringify(call.arguments)} cannot be sent on it`,
    );
  }
}

/** The `message` object of a non-streaming answer. */
export function anthropicMessageOf(answer: ResolvedAnswer) {
  return {
    id: answer.id,
    type: "message" as const,
    role: "assistant" as const,
    model: answer.model,
    content: [
      ...(answer.text.length > 0 ? [{ type: "text" as const, text: answer.text }] : []),
      ...answer.toolCalls.map((call) => ({ type: "tool_use" as const, id: call.id!, name: call.name, input: toolInputOf(call) })),
    ],
    stop_reason: stopReasonOf(answer.finishReason),
    stop_sequence: null,
    usage: { input_tokens: answer.usage.inputTokens, output_tokens: answer.usage.outputTokens },
  };
}

/**
 * The events of a streamed answer, as Anthropic sends them: message_start (input tokens), a ping, per content block
 * content_block_start / content_block_delta (text_delta pieces, or input_json_delta pieces after an empty first one) /
 * content_block_stop, then message_delta (stop reason, output tokens) and message_stop.
 */
export function anthropicStreamEvents(answer: ResolvedAnswer, chunkSize: number): string[] {
  const events: string[] = [];
  const emit = (data: { type: string; [field: string]: unknown }) => events.push(sseEvent(data, data.type));
  emit({
    type: "message_start",
    message: {
      id: answer.id,
      type: "message",
      role: "assistant",
      model: answer.model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: answer.usage.inputTokens, output_tokens: 1 },
    },
  });
  emit({ type: "ping" });
  let index = 0;
  if (answer.text.length > 0) {
    emit({ type: "content_block_start", index, content_block: { type: "text", text: "" } });
    for (const piece of splitIntoPieces(answer.text, chunkSize)) {
      emit({ type: "content_block_delta", index, delta: { type: "text_delta", text: piece } });
    }
    emit({ type: "content_block_stop", index });
    index += 1;
  }
  for (const call of answer.toolCalls) {
    emit({ type: "content_block_start", index, content_block: { type: "tool_use", id: call.id, name: call.name, input: {} } });
    for (const piece of ["", ...splitIntoPieces(call.arguments, chunkSize)]) {
      emit({ type: "content_block_delta", index, delta: { type: "input_json_delta", partial_json: piece } });
    }
    emit({ type: "content_block_stop", index });
    index += 1;
  }
  emit({
    type: "message_delta",
    delta: { stop_reason: stopReasonOf(answer.finishReason), stop_sequence: null },
    usage: { output_tokens: answer.usage.outputTokens },
  });
  emit({ type: "message_stop" });
  return events;
}

function parseRequest(body: unknown): ReturnType<typeof anthropicRequestSchema.safeParse> {
  return anthropicRequestSchema.safeParse(body);
}

export const anthropicWire: WireProtocol = {
  name: "anthropic",
  parse(body) {
    const parsed = parseRequest(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue === undefined || issue.path.length === 0 ? "" : `${issue.path.join(".")}: `;
      const said = issue?.code === "invalid_type" && issue.input === undefined ? "Field required" : (issue?.message ?? "not JSON");
      return { ok: false, error: { status: 400, body: anthropicError("invalid_request_error", `${where}${said}`) } };
    }
    const request = parsed.data;
    return { ok: true, request: { model: request.model, stream: request.stream === true, view: anthropicChatView(request), includeUsage: true } };
  },
  checkAuth(headers, _url, requiredKey) {
    // A browser sends Origin; Anthropic refuses such calls unless the page opts in with this header.
    if (headerValue(headers, "origin") !== undefined && headerValue(headers, "anthropic-dangerous-direct-browser-access") !== "true") {
      return { status: 401, body: anthropicError("authentication_error", "CORS requests must set 'anthropic-dangerous-direct-browser-access' header") };
    }
    if (headerValue(headers, "anthropic-version") === undefined) {
      return { status: 400, body: anthropicError("invalid_request_error", "anthropic-version: header is required") };
    }
    if (requiredKey === undefined) return undefined;
    const key = headerValue(headers, "x-api-key");
    if (key === undefined || key === "") return { status: 401, body: anthropicError("authentication_error", "x-api-key header is required") };
    return key === requiredKey ? undefined : { status: 401, body: anthropicError("authentication_error", "invalid x-api-key") };
  },
  checkConversation(body) {
    const parsed = parseRequest(body);
    const problem = parsed.success ? anthropicConversationProblem(parsed.data) : undefined;
    return problem === undefined ? undefined : { status: 400, body: anthropicError("invalid_request_error", problem) };
  },
  unknownModel: (model): WireAnswer => ({ status: 404, body: anthropicError("not_found_error", `model: ${model}`) }),
  errorBody: anthropicErrorBody,
  statusFault: (fault) => ({ status: fault.status, body: fault.body ?? anthropicErrorBody(fault.status), headers: retryAfterHeaders(fault) }),
  toolCallId: (counter) => `toolu_scripted_${counter}`,
  responseId: (counter) => `msg_scripted_${counter}`,
  complete: anthropicMessageOf,
  streamEvents: (answer, options) => anthropicStreamEvents(answer, options.chunkSize),
  streamEnd: () => [],
  // Anthropic reports a failure mid-stream as an error event and closes the stream.
  inBandError: (message) => [sseEvent({ type: "error", error: { type: "overloaded_error", message } }, "error")],
  plainFailure: (message) => ({ status: 529, body: anthropicError("overloaded_error", message) }),
  malformedEvent: () => 'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_del\n\n',
  modelList: (ids) => ({
    data: ids.map((id) => ({ type: "model", id, display_name: id, created_at: "2025-01-01T00:00:00Z" })),
    has_more: false,
    first_id: ids[0] ?? null,
    last_id: ids.at(-1) ?? null,
  }),
};
