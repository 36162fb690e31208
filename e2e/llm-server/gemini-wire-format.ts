// Gemini's generateContent / streamGenerateContent (?alt=sse) as the scripted LLM server speaks it: request schema, its refusals, candidates with text and functionCall parts, usageMetadata and error bodies, checked against @ai-sdk/google's parser and Google's documentation.
import { z } from "zod";
import type { ChatMessage, ChatRequest } from "./openai-wire-format.js";
import type { ResolvedAnswer } from "./script-format.js";
import { splitIntoPieces } from "./script-format.js";
import { headerValue, sseEvent, type StatusFault, type WireAnswer, type WireProtocol } from "./wire-protocol.js";

const partSchema = z.looseObject({
  text: z.string().optional(),
  functionCall: z.looseObject({ name: z.string(), args: z.unknown().optional(), id: z.string().optional() }).optional(),
  functionResponse: z.looseObject({ name: z.string(), response: z.unknown(), id: z.string().optional() }).optional(),
});

export const geminiContentSchema = z.looseObject({ role: z.string().optional(), parts: z.array(partSchema) });

export const geminiRequestSchema = z.looseObject({
  contents: z.array(geminiContentSchema).min(1),
  systemInstruction: z.looseObject({ parts: z.array(partSchema) }).optional(),
  tools: z
    .array(
      z.looseObject({
        functionDeclarations: z.array(z.looseObject({ name: z.string(), description: z.string().optional(), parameters: z.unknown().optional() })).optional(),
      }),
    )
    .optional(),
  toolConfig: z.unknown().optional(),
  generationConfig: z.unknown().optional(),
});

export type GeminiRequest = z.infer<typeof geminiRequestSchema>;
type GeminiPart = z.infer<typeof partSchema>;

export interface GeminiErrorBody {
  error: { code: number; message: string; status: string; details?: unknown[] };
}

export function geminiError(code: number, status: string, message: string, details?: unknown[]): GeminiErrorBody {
  return { error: { code, message, status, ...(details === undefined ? {} : { details }) } };
}

/** The body Google sends with each status (https://ai.google.dev/gemini-api/docs/troubleshooting). */
export function geminiErrorBody(status: number): GeminiErrorBody {
  switch (status) {
    case 400:
      return geminiError(400, "INVALID_ARGUMENT", "Request contains an invalid argument.");
    case 401:
      return geminiError(401, "UNAUTHENTICATED", "Request had invalid authentication credentials.");
    case 403:
      return geminiError(403, "PERMISSION_DENIED", "The caller does not have permission");
    case 404:
      return geminiError(404, "NOT_FOUND", "Requested entity was not found.");
    case 429:
      return geminiError(429, "RESOURCE_EXHAUSTED", "You exceeded your current quota, please check your plan and billing details.", [
        {
          "@type": "type.googleapis.com/google.rpc.Help",
          links: [{ description: "Learn more about Gemini API quotas", url: "https://ai.google.dev/gemini-api/docs/rate-limits" }],
        },
      ]);
    case 500:
      return geminiError(
        500,
        "INTERNAL",
        "An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting",
      );
    case 503:
      return geminiError(503, "UNAVAILABLE", "The model is overloaded. Please try again later.");
    case 504:
      return geminiError(504, "DEADLINE_EXCEEDED", "The request timed out. Please try again.");
    default:
      return geminiError(status, status >= 500 ? "UNAVAILABLE" : "FAILED_PRECONDITION", `Scripted error ${status}.`);
  }
}

/** A protobuf Duration in JSON ("38s", "0.010s"), as RetryInfo.retryDelay carries it. */
function durationOf(milliseconds: number): string {
  return `${Number((milliseconds / 1000).toFixed(3))}s`;
}

/** Google says when to retry inside the body (google.rpc.RetryInfo), not in a Retry-After header. */
function statusFault(fault: StatusFault): WireAnswer {
  if (fault.body !== undefined) return { status: fault.status, body: fault.body };
  const body = geminiErrorBody(fault.status);
  const delayMs = fault.retryAfterMs ?? (fault.retryAfterSeconds === undefined ? undefined : fault.retryAfterSeconds * 1000);
  if (delayMs !== undefined) {
    body.error.details = [...(body.error.details ?? []), { "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: durationOf(delayMs) }];
    body.error.message += ` Please retry in ${delayMs / 1000}s.`;
  }
  return { status: fault.status, body };
}

function textOf(parts: GeminiPart[]): string {
  return parts.map((part) => part.text ?? "").join("");
}

function responseText(response: unknown): string {
  const content = (response as { content?: unknown } | null)?.content;
  return typeof content === "string" ? content : JSON.stringify(response);
}

/** The request as OpenAI-style messages: systemInstruction first, functionResponse parts as tool messages (paired by id, else by name), functionCall parts as tool_calls. */
export function geminiChatView(request: GeminiRequest, model: string, stream: boolean): ChatRequest {
  const messages: ChatMessage[] = [];
  if (request.systemInstruction !== undefined) messages.push({ role: "system", content: textOf(request.systemInstruction.parts) });
  for (const content of request.contents) {
    if (content.role === "model") {
      const calls = content.parts.flatMap((part) =>
        part.functionCall === undefined
          ? []
          : [
              {
                id: part.functionCall.id ?? part.functionCall.name,
                type: "function",
                function: { name: part.functionCall.name, arguments: JSON.stringify(part.functionCall.args ?? {}) },
              },
            ],
      );
      messages.push({ role: "assistant", content: textOf(content.parts), ...(calls.length > 0 ? { tool_calls: calls } : {}) });
      continue;
    }
    for (const part of content.parts) {
      if (part.functionResponse !== undefined) {
        messages.push({
          role: "tool",
          tool_call_id: part.functionResponse.id ?? part.functionResponse.name,
          content: responseText(part.functionResponse.response),
        });
      }
    }
    const text = content.parts.filter((part) => part.text !== undefined);
    if (text.length > 0) messages.push({ role: "user", content: textOf(text) });
  }
  const declarations = (request.tools ?? []).flatMap((tool) => tool.functionDeclarations ?? []);
  return {
    model,
    messages,
    stream,
    tools:
      declarations.length > 0
        ? declarations.map((declaration) => ({
            type: "function",
            function: { name: declaration.name, description: declaration.description ?? null, parameters: declaration.parameters },
          }))
        : undefined,
    tool_choice: request.toolConfig,
  };
}

/**
 * The refusals Gemini gives a request it cannot accept, in its words: a content without parts, a role other than
 * user or model, an OBJECT schema without properties, and a function-call turn not answered by as many function responses.
 */
export function geminiRequestProblem(request: GeminiRequest): string | undefined {
  for (const [index, content] of request.contents.entries()) {
    if (content.parts.length === 0) return `* GenerateContentRequest.contents[${index}].parts: contents.parts must not be empty.`;
    if (content.role !== undefined && content.role !== "user" && content.role !== "model") {
      return `Please use a valid role: user, model.`;
    }
  }
  for (const [toolIndex, tool] of (request.tools ?? []).entries()) {
    for (const [index, declaration] of (tool.functionDeclarations ?? []).entries()) {
      const parameters = declaration.parameters as { type?: string; properties?: object } | undefined;
      if (parameters !== undefined && String(parameters.type).toUpperCase() === "OBJECT" && Object.keys(parameters.properties ?? {}).length === 0) {
        return `* GenerateContentRequest.tools[${toolIndex}].function_declarations[${index}].parameters.properties: should be non-empty for OBJECT type`;
      }
    }
  }
  for (const [index, content] of request.contents.entries()) {
    const calls = content.parts.filter((part) => part.functionCall !== undefined).length;
    if (content.role !== "model" || calls === 0) continue;
    const next = request.contents[index + 1];
    if (next === undefined) continue;
    const responses = next.parts.filter((part) => part.functionResponse !== undefined).length;
    if (responses !== calls) {
      return "Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn.";
    }
  }
  return undefined;
}

function finishReasonOf(finishReason: string): string {
  switch (finishReason) {
    case "stop":
    case "tool_calls":
      return "STOP";
    case "length":
      return "MAX_TOKENS";
    case "content_filter":
      return "SAFETY";
    default:
      return finishReason;
  }
}

/** Gemini's function-call args are a JSON object; it has no way to send text that is not JSON. */
function argsOf(call: ResolvedAnswer["toolCalls"][number]): unknown {
  try {
    return JSON.parse(call.arguments) as unknown;
  } catch {
    throw new Error(
      `tool call ${call.name}: Gemini sends function-call args as a JSON object, so the arguments ${JSON.stringify(call.arguments)} cannot be sent on this wire`,
    );
  }
}

function functionCallPart(call: ResolvedAnswer["toolCalls"][number]) {
  return { functionCall: { ...(call.id === undefined ? {} : { id: call.id }), name: call.name, args: argsOf(call) } };
}

function usageMetadataOf(answer: ResolvedAnswer) {
  return {
    promptTokenCount: answer.usage.inputTokens,
    candidatesTokenCount: answer.usage.outputTokens,
    totalTokenCount: answer.usage.inputTokens + answer.usage.outputTokens,
    promptTokensDetails: [{ modality: "TEXT", tokenCount: answer.usage.inputTokens }],
  };
}

/** The GenerateContentResponse of a non-streaming answer. */
export function geminiResponseOf(answer: ResolvedAnswer) {
  const parts = [...(answer.text.length > 0 ? [{ text: answer.text }] : []), ...answer.toolCalls.map(functionCallPart)];
  return {
    candidates: [{ content: { parts: parts.length > 0 ? parts : [{ text: "" }], role: "model" }, finishReason: finishReasonOf(answer.finishReason), index: 0 }],
    usageMetadata: usageMetadataOf(answer),
    modelVersion: answer.model,
    responseId: answer.id,
  };
}

/**
 * The chunks of a streamed answer, as the Developer API sends them: text in pieces, one chunk each; each function call
 * whole in its own chunk (only Vertex AI streams call arguments in pieces); finishReason and the full usageMetadata on the
 * last chunk, the prompt's token count on the others.
 */
export function geminiStreamChunks(answer: ResolvedAnswer, chunkSize: number): object[] {
  const partsPerChunk: object[][] = [
    ...splitIntoPieces(answer.text, chunkSize).map((piece) => [{ text: piece }]),
    ...answer.toolCalls.map((call) => [functionCallPart(call)]),
  ];
  if (partsPerChunk.length === 0) partsPerChunk.push([{ text: "" }]);
  return partsPerChunk.map((parts, index) => {
    const last = index === partsPerChunk.length - 1;
    return {
      candidates: [{ content: { parts, role: "model" }, ...(last ? { finishReason: finishReasonOf(answer.finishReason) } : {}), index: 0 }],
      usageMetadata: last
        ? usageMetadataOf(answer)
        : {
            promptTokenCount: answer.usage.inputTokens,
            totalTokenCount: answer.usage.inputTokens,
            promptTokensDetails: [{ modality: "TEXT", tokenCount: answer.usage.inputTokens }],
          },
      modelVersion: answer.model,
      responseId: answer.id,
    };
  });
}

/** The model and method of `/v1beta/models/{model}:{method}`, or undefined for another path. */
export function geminiRouteOf(pathname: string): { model: string; method: string } | undefined {
  const match = /^\/(?:v1beta|v1)\/models\/([^/:]+):(generateContent|streamGenerateContent)$/.exec(pathname);
  return match === null ? undefined : { model: decodeURIComponent(match[1]!), method: match[2]! };
}

function parseRequest(body: unknown) {
  return geminiRequestSchema.safeParse(body);
}

export const geminiWire: WireProtocol = {
  name: "google",
  parse(body, url) {
    const route = geminiRouteOf(url.pathname);
    if (route === undefined) return { ok: false, error: { status: 404, body: geminiErrorBody(404) } };
    const stream = route.method === "streamGenerateContent";
    if (stream && url.searchParams.get("alt") !== "sse") {
      // Without alt=sse Google streams one JSON array; every client here asks for SSE, so that form is not played.
      return { ok: false, error: { status: 400, body: geminiError(400, "INVALID_ARGUMENT", "The scripted server streams only with ?alt=sse.") } };
    }
    const parsed = parseRequest(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue === undefined ? "" : `GenerateContentRequest.${issue.path.join(".")}: `;
      return { ok: false, error: { status: 400, body: geminiError(400, "INVALID_ARGUMENT", `* ${where}${issue?.message ?? "not JSON"}`) } };
    }
    return { ok: true, request: { model: route.model, stream, view: geminiChatView(parsed.data, route.model, stream), includeUsage: true } };
  },
  checkAuth(headers, url, requiredKey) {
    if (requiredKey === undefined) return undefined;
    // Google takes the key in x-goog-api-key or ?key=; the SDK uses the header, so it never lands in a URL or a log.
    const key = headerValue(headers, "x-goog-api-key") ?? url.searchParams.get("key") ?? undefined;
    if (key === undefined || key === "") {
      return {
        status: 403,
        body: geminiError(
          403,
          "PERMISSION_DENIED",
          "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
        ),
      };
    }
    if (key === requiredKey) return undefined;
    return {
      status: 400,
      body: geminiError(400, "INVALID_ARGUMENT", "API key not valid. Please pass a valid API key.", [
        {
          "@type": "type.googleapis.com/google.rpc.ErrorInfo",
          reason: "API_KEY_INVALID",
          domain: "googleapis.com",
          metadata: { service: "generativelanguage.googleapis.com" },
        },
        { "@type": "type.googleapis.com/google.rpc.LocalizedMessage", locale: "en-US", message: "API key not valid. Please pass a valid API key." },
      ]),
    };
  },
  checkConversation(body) {
    const parsed = parseRequest(body);
    const problem = parsed.success ? geminiRequestProblem(parsed.data) : undefined;
    return problem === undefined ? undefined : { status: 400, body: geminiError(400, "INVALID_ARGUMENT", problem) };
  },
  unknownModel: (model): WireAnswer => ({
    status: 404,
    body: geminiError(
      404,
      "NOT_FOUND",
      `models/${model} is not found for API version v1beta, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.`,
    ),
  }),
  errorBody: geminiErrorBody,
  statusFault,
  // The Developer API sends function calls without ids; the SDK makes its own.
  toolCallId: () => undefined,
  responseId: (counter) => `scripted-gemini-${counter}`,
  complete: geminiResponseOf,
  streamEvents: (answer, options) => geminiStreamChunks(answer, options.chunkSize).map((chunk) => sseEvent(chunk)),
  streamEnd: () => [],
  inBandError: (message) => [sseEvent(geminiError(503, "UNAVAILABLE", message))],
  plainFailure: (message) => ({ status: 503, body: geminiError(503, "UNAVAILABLE", message) }),
  malformedEvent: () => 'data: {"candidates": [{"content": {"parts": [{"text": "x\n\n',
  modelList: (ids) => ({
    models: ids.map((id) => ({
      name: `models/${id}`,
      displayName: id,
      supportedGenerationMethods: ["generateContent", "countTokens"],
    })),
  }),
};
