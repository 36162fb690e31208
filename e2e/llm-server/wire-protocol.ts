// What the scripted server needs from each wire protocol's writer (OpenAI Chat Completions, Anthropic Messages, Gemini generateContent): read a request, refuse it as that service would, encode an answer.
import type { IncomingHttpHeaders } from "node:http";
import type { ChatRequest } from "./openai-wire-format.js";
import type { Fault, ResolvedAnswer } from "./script-format.js";

export type StatusFault = Extract<Fault, { kind: "status" }>;

export type WireName = "openai" | "anthropic" | "google";
export const WIRE_NAMES: readonly WireName[] = ["openai", "anthropic", "google"];

/** A model request as the server understands it, whatever the wire. */
export interface ParsedModelRequest {
  model: string;
  stream: boolean;
  /**
   * The request as OpenAI-style messages and tools (system, user, assistant with tool_calls, tool), so one responder
   * and one set of assertions serve every wire; the raw body stays in the recorded request.
   */
  view: ChatRequest;
  /** Whether usage goes in its own final chunk (OpenAI's stream_options.include_usage). */
  includeUsage: boolean;
}

/** An HTTP answer: status, JSON body, extra headers. */
export interface WireAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface StreamOptions {
  /** Characters of text or tool arguments per event. */
  chunkSize: number;
  includeUsage: boolean;
}

export interface WireProtocol {
  name: WireName;
  /** Reads the body (and the URL, which carries Gemini's model and stream choice), or refuses it with the protocol's 400. */
  parse(body: unknown, url: URL): { ok: true; request: ParsedModelRequest } | { ok: false; error: WireAnswer };
  /** The service's refusal of a missing or wrong key (or a missing required header); undefined lets the request through. */
  checkAuth(headers: IncomingHttpHeaders, url: URL, requiredKey: string | undefined): WireAnswer | undefined;
  /** A request whose tool calls and results do not pair up the way the service demands, refused as it refuses it. */
  checkConversation(body: unknown): WireAnswer | undefined;
  unknownModel(model: string): WireAnswer;
  /** The body the service sends with an HTTP error status. */
  errorBody(status: number): unknown;
  /** A scripted status fault as the service sends it: its error body (or the scripted one) and where it says when to retry. */
  statusFault(fault: StatusFault): WireAnswer;
  /** The wire id of the n-th scripted tool call; undefined where the service sends none. */
  toolCallId(counter: number): string | undefined;
  responseId(counter: number): string;
  /** The JSON of a non-streaming answer. */
  complete(answer: ResolvedAnswer): unknown;
  /** A streamed answer as whole SSE events (`event:` line where the protocol names events, `data:` line, blank line). */
  streamEvents(answer: ResolvedAnswer, options: StreamOptions): string[];
  /** What follows the last event of a complete stream (OpenAI's `data: [DONE]`; nothing elsewhere). */
  streamEnd(): string[];
  /** The events that report a failure mid-stream, including whatever ends the stream after it. */
  inBandError(message: string): string[];
  /** How the service answers a plain (non-streaming) request that failed the way a stream-error fault fails a stream. */
  plainFailure(message: string): WireAnswer;
  /** A `data:` event that is not JSON, in the protocol's framing. */
  malformedEvent(): string;
  /** GET .../models. */
  modelList(ids: string[]): unknown;
}

/** One SSE event; `event:` only where the protocol names its events (Anthropic). */
export function sseEvent(data: object | string, event?: string): string {
  const payload = typeof data === "string" ? data : JSON.stringify(data);
  return `${event === undefined ? "" : `event: ${event}\n`}data: ${payload}\n\n`;
}

export function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Retry-After (whole seconds, as HTTP has it) and OpenAI's retry-after-ms, as the fault scripts them. */
export function retryAfterHeaders(fault: StatusFault): Record<string, string> {
  const headers: Record<string, string> = {};
  if (fault.retryAfterSeconds !== undefined) headers["retry-after"] = String(fault.retryAfterSeconds);
  if (fault.retryAfterMs !== undefined) headers["retry-after-ms"] = String(fault.retryAfterMs);
  return headers;
}
