// A scripted LLM on 127.0.0.1 speaking, over real HTTP, the OpenAI Chat Completions, Anthropic Messages and Gemini generateContent protocols from one script, so tests drive the real AI SDK providers (or a browser page) without ever reaching a real model.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { anthropicWire } from "./anthropic-wire-format.js";
import { geminiRouteOf, geminiWire } from "./gemini-wire-format.js";
import { type ChatMessage, type ChatRequest, defaultUsage, openAiError, openAiWire } from "./openai-wire-format.js";
import { type Fault, type ResolvedAnswer, scriptSchema, type ScriptedToolCall, type ScriptedTurn, serializeArguments } from "./script-format.js";
import { headerValue, type WireAnswer, type WireName, type WireProtocol } from "./wire-protocol.js";
import { errorMessage } from "../../app/core/error-message";

export type { ChatMessage, ChatRequest, ChatTool } from "./openai-wire-format.js";
export { completionOf, defaultErrorBody, openAiError, sseChunksOf } from "./openai-wire-format.js";
export type { Fault, ResolvedAnswer, ScriptedToolCall, ScriptedTurn } from "./script-format.js";
export { scriptSchema, scriptedTurnSchema, splitIntoPieces } from "./script-format.js";
export { WIRE_NAMES, type WireName } from "./wire-protocol.js";

const WIRES: Record<WireName, WireProtocol> = { openai: openAiWire, anthropic: anthropicWire, google: geminiWire };

/** Decides the next turn from the request: lets tests script by conversation state (e.g. answer based on the last tool result). */
export type Responder = (
  request: ChatRequest,
  context: { requestIndex: number; conversationTurn: number; protocol: WireName },
) => ScriptedTurn | Promise<ScriptedTurn>;

export type Script = ScriptedTurn[] | Responder;

export interface ScriptedServerOptions {
  /** A list is played by conversation turn (the number of assistant messages in the request); a function decides per request. */
  script?: Script;
  /**
   * When set, a missing or wrong key is refused as each service refuses it: OpenAI `Authorization: Bearer` (401),
   * Anthropic `x-api-key` (401 authentication_error), Gemini `x-goog-api-key` or `?key=` (403 when missing, 400 API_KEY_INVALID when wrong).
   */
  requiredApiKey?: string;
  /** Served by GET /v1/models (OpenAI's or, with an anthropic-version header, Anthropic's shape) and GET /v1beta/models; when set, a request for another model gets the protocol's 404. Unset: any model is accepted. */
  models?: string[];
  /** Characters of text / tool arguments per SSE chunk (default 7), so deltas are split across chunks. */
  chunkSize?: number;
  /** Milliseconds between SSE events (default 0: each event is still flushed separately). */
  chunkDelayMs?: number;
  /** Default 0: an ephemeral port. */
  port?: number;
}

export interface RecordedRequest {
  method: string;
  /** Path and query, e.g. `/v1/chat/completions`. */
  path: string;
  /** Lower-cased header names, as Node gives them. */
  headers: IncomingHttpHeaders;
  /** Parsed JSON when the body was JSON, the raw text otherwise, undefined when empty. */
  body: unknown;
  /** Date.now() when the request had been read. */
  time: number;
  /** Set on model calls (chat completions, messages, generateContent): the wire they came on. */
  protocol?: WireName;
}

export interface ScriptedServer {
  /** Base URL for OpenAI-compatible clients, e.g. `http://127.0.0.1:PORT/v1`. */
  url: string;
  /** The base URL a client of that protocol is given: `/v1` for OpenAI and Anthropic (`/v1/messages`), `/v1beta` for Gemini. */
  baseUrlFor(protocol: WireName): string;
  /** `http://127.0.0.1:PORT`. */
  origin: string;
  port: number;
  /** Every request received (preflights and model lists too), in arrival order. */
  requests: RecordedRequest[];
  /**
   * The model calls received, in arrival order, as OpenAI-style chat requests whatever their wire (an OpenAI body is
   * itself; Anthropic and Gemini bodies are read into messages and tools), so one assertion serves every protocol.
   */
  chatRequests(): ChatRequest[];
  /** The model calls received, as they came: raw body, headers, path and protocol. */
  modelRequests(): RecordedRequest[];
  /** Replaces the script and forgets how many times each fault was played. */
  setScript(script: Script): void;
  /** Forgets recorded requests and fault counts (the script stays). */
  reset(): void;
  /** Stops listening and drops open connections, hanging ones included; closing twice is harmless. */
  close(): Promise<void>;
}

export const SCRIPT_ENDED_TEXT = "(script ended)";
const DEFAULT_CHUNK_SIZE = 7;
const DEFAULT_MODELS_LISTED = ["scripted-model"];
const MAX_BODY_BYTES = 20 * 1024 * 1024;
/** Control endpoints for a server running in another process (the CLI under Playwright's webServer). */
const CONTROL_PREFIX = "/__scripted";

// ---------------------------------------------------------------------------------------------
// Helpers for writing scripts.
// ---------------------------------------------------------------------------------------------

export function toolCall(name: string, args: string | object = {}, id?: string): ScriptedToolCall {
  return id === undefined ? { name, arguments: args } : { name, arguments: args, id };
}

/** A turn that calls the given tools, optionally after some text. */
export function toolTurn(calls: ScriptedToolCall | ScriptedToolCall[], text?: string): ScriptedTurn {
  return { ...(text === undefined ? {} : { text }), toolCalls: Array.isArray(calls) ? calls : [calls] };
}

export function textTurn(text: string): ScriptedTurn {
  return { text };
}

/** The number of assistant messages already in the conversation: which scripted turn plays next. */
export function conversationTurnOf(request: Pick<ChatRequest, "messages">): number {
  return request.messages.filter((message) => message.role === "assistant").length;
}

/** The text of a message whether its content is a string or a list of parts. */
export function messageText(message: ChatMessage): string {
  const content = message.content;
  if (content == null) return "";
  if (typeof content === "string") return content;
  return content.map((part) => (typeof part.text === "string" ? part.text : "")).join("");
}

/** The content of the most recent tool message (the last observation), for responders that react to it. */
export function lastToolResult(request: Pick<ChatRequest, "messages">): string | undefined {
  const message = request.messages.findLast((candidate) => candidate.role === "tool");
  return message === undefined ? undefined : messageText(message);
}

export function lastUserMessage(request: Pick<ChatRequest, "messages">): string | undefined {
  const message = request.messages.findLast((candidate) => candidate.role === "user");
  return message === undefined ? undefined : messageText(message);
}

// ---------------------------------------------------------------------------------------------
// The server.
// ---------------------------------------------------------------------------------------------

export async function startScriptedLlmServer(options: ScriptedServerOptions = {}): Promise<ScriptedServer> {
  let script: Script = options.script ?? [];
  const chunkSize = options.chunkSize ?? DEFAULT_CHUNK_SIZE;
  const requests: RecordedRequest[] = [];
  // Keyed by a hash of the request messages, so a retry of the same request counts against the same
  // fault while concurrent conversations (different messages) keep their own counts.
  const faultsPlayed = new Map<string, number>();
  const pendingTimers = new Set<NodeJS.Timeout>();
  let chatRequestIndex = 0;
  let toolCallCounter = 0;
  let completionCounter = 0;

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent && !response.destroyed) {
        sendJson(response, 500, openAiError(`Scripted server failure: ${String(error)}`, "server_error"));
      } else {
        response.destroy();
      }
    });
  });

  function wait(milliseconds: number, response: ServerResponse): Promise<void> {
    if (milliseconds <= 0) return new Promise((done) => setImmediate(done));
    return new Promise((done) => {
      const timer = setTimeout(() => {
        pendingTimers.delete(timer);
        response.off("close", onClose);
        done();
      }, milliseconds);
      // A client that gave up (abort, timeout) should not keep a timer alive; the caller then sees a destroyed response.
      const onClose = () => {
        clearTimeout(timer);
        pendingTimers.delete(timer);
        done();
      };
      pendingTimers.add(timer);
      response.once("close", onClose);
    });
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = request.url ?? "/";
    const url = new URL(path, "http://127.0.0.1");
    const pathname = url.pathname.replace(/\/+$/, "") || "/";
    const method = request.method ?? "GET";
    const rawBody = await readBody(request);
    const body = parseBody(rawBody);

    if (pathname.startsWith(CONTROL_PREFIX)) {
      handleControl(method, pathname, body, response);
      return;
    }
    const protocol = method === "POST" ? modelCallProtocol(pathname) : undefined;
    requests.push({ method, path, headers: request.headers, body, time: Date.now(), ...(protocol === undefined ? {} : { protocol }) });

    if (method === "OPTIONS") {
      response.writeHead(204, preflightHeaders(request));
      response.end();
      return;
    }
    if (method === "GET" && (pathname === "/" || pathname === "/health")) {
      sendJson(response, 200, { ok: true, url: `${originOf()}/v1` });
      return;
    }
    if (method === "GET" && (pathname === "/v1/models" || pathname === "/models" || pathname === "/v1beta/models")) {
      // One path serves two services: Anthropic's clients send anthropic-version, OpenAI's do not.
      const wire = pathname === "/v1beta/models" ? geminiWire : headerValue(request.headers, "anthropic-version") !== undefined ? anthropicWire : openAiWire;
      const refused = wire.checkAuth(request.headers, url, options.requiredApiKey);
      if (refused !== undefined) {
        sendAnswer(response, refused);
        return;
      }
      sendJson(response, 200, wire.modelList(options.models ?? DEFAULT_MODELS_LISTED));
      return;
    }
    if (protocol !== undefined) {
      await handleModelCall(WIRES[protocol], request.headers, url, body, response);
      return;
    }
    sendJson(response, 404, openAiError(`Unknown request URL: ${method} ${pathname}.`, "invalid_request_error", "unknown_url"));
  }

  async function handleModelCall(wire: WireProtocol, headers: IncomingHttpHeaders, url: URL, body: unknown, response: ServerResponse): Promise<void> {
    const refused = wire.checkAuth(headers, url, options.requiredApiKey);
    if (refused !== undefined) {
      sendAnswer(response, refused);
      return;
    }
    const parsed = wire.parse(body, url);
    if (!parsed.ok) {
      sendAnswer(response, parsed.error);
      return;
    }
    const { request: modelRequest } = parsed;
    const chat = modelRequest.view;
    if (options.models !== undefined && !options.models.includes(modelRequest.model)) {
      sendAnswer(response, wire.unknownModel(modelRequest.model));
      return;
    }
    const invalid = wire.checkConversation(body);
    if (invalid !== undefined) {
      sendAnswer(response, invalid);
      return;
    }

    const requestIndex = chatRequestIndex++;
    const conversationTurn = conversationTurnOf(chat);
    const turn =
      typeof script === "function"
        ? await script(chat, { requestIndex, conversationTurn, protocol: wire.name })
        : (script[conversationTurn] ?? { text: SCRIPT_ENDED_TEXT });

    if (turn.delayMs !== undefined && turn.delayMs > 0) {
      await wait(turn.delayMs, response);
      if (response.destroyed) return;
    }

    const fault = takeFault(turn, chat);
    if (fault?.kind === "status") {
      sendFault(response, wire.statusFault(fault));
      return;
    }
    if (fault?.kind === "hang" && fault.afterChunks === undefined) return; // Left open: the client's abort or close() ends it.

    const answer = resolveAnswer(wire, turn, chat);
    if (!modelRequest.stream) {
      if (fault?.kind === "stream-error") {
        sendAnswer(response, wire.plainFailure(fault.message ?? "The scripted answer failed."));
        return;
      }
      const json = JSON.stringify(wire.complete(answer));
      if (fault !== undefined) {
        // Faults shaped for streams still apply to a plain answer: part of the JSON, then the socket is dropped, stalls, or the body just ends.
        response.writeHead(200, { ...corsHeaders(), "Content-Type": "application/json" });
        const cutAt = Math.min(json.length - 1, (fault.afterChunks ?? 0) * chunkSize);
        await write(response, json.slice(0, cutAt));
        if (fault.kind === "cut-stream") response.destroy();
        if (fault.kind === "malformed") response.end();
        return;
      }
      sendJson(response, 200, JSON.parse(json) as unknown);
      return;
    }

    response.writeHead(200, {
      ...corsHeaders(),
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache",
      "X-Accel-Buffering": "no",
    });
    response.flushHeaders();
    const events = wire.streamEvents(answer, { chunkSize, includeUsage: modelRequest.includeUsage });
    const limit = fault === undefined ? events.length : Math.min(events.length, fault.afterChunks ?? 0);
    const chunkDelayMs = turn.chunkDelayMs ?? options.chunkDelayMs ?? 0;
    for (let index = 0; index < limit; index++) {
      if (index > 0) await wait(chunkDelayMs, response);
      if (response.destroyed) return;
      await write(response, events[index]!);
    }
    if (response.destroyed) return;
    switch (fault?.kind) {
      case "cut-stream":
        response.destroy();
        return;
      case "hang":
        return;
      case "stream-error":
        for (const event of wire.inBandError(fault.message ?? "The scripted stream failed.")) await write(response, event);
        response.end();
        return;
      case "malformed":
        await write(response, wire.malformedEvent());
        break;
    }
    for (const event of wire.streamEnd()) await write(response, event);
    response.end();
  }

  /** The fault to play for this request, if its turn has one and it has not yet been played `times` times for these messages. */
  function takeFault(turn: ScriptedTurn, chat: ChatRequest): Fault | undefined {
    if (turn.fault === undefined) return undefined;
    const times = turn.times ?? 1;
    const key = createHash("sha256").update(JSON.stringify(chat.messages)).digest("hex");
    const played = faultsPlayed.get(key) ?? 0;
    if (times !== "always" && played >= times) return undefined;
    faultsPlayed.set(key, played + 1);
    return turn.fault;
  }

  function resolveAnswer(wire: WireProtocol, turn: ScriptedTurn, chat: ChatRequest): ResolvedAnswer {
    const toolCalls = (turn.toolCalls ?? []).map((call) => ({
      id: call.id ?? wire.toolCallId(++toolCallCounter),
      name: call.name,
      arguments: serializeArguments(call.arguments),
    }));
    const text = turn.text ?? "";
    const usage = turn.usage
      ? { inputTokens: turn.usage.prompt_tokens, outputTokens: turn.usage.completion_tokens }
      : (({ prompt_tokens, completion_tokens }) => ({ inputTokens: prompt_tokens, outputTokens: completion_tokens }))(
          defaultUsage(
            chat,
            text,
            toolCalls.map((call) => ({ id: call.id ?? "", type: "function" as const, function: { name: call.name, arguments: call.arguments } })),
          ),
        );
    return {
      id: wire.responseId(++completionCounter),
      created: Math.floor(Date.now() / 1000),
      model: chat.model,
      text,
      toolCalls,
      finishReason: turn.finishReason ?? (toolCalls.length > 0 ? "tool_calls" : "stop"),
      usage,
    };
  }

  function sendFault(response: ServerResponse, answer: WireAnswer): void {
    const headers: Record<string, string> = { ...corsHeaders(), ...answer.headers };
    if (typeof answer.body === "string") {
      // Sent verbatim: lets a test script a proxy's HTML error page or an empty body.
      response.writeHead(answer.status, { ...headers, "Content-Type": "text/plain; charset=utf-8" });
      response.end(answer.body);
      return;
    }
    response.writeHead(answer.status, { ...headers, "Content-Type": "application/json" });
    response.end(JSON.stringify(answer.body));
  }

  function sendAnswer(response: ServerResponse, answer: WireAnswer): void {
    response.writeHead(answer.status, { ...corsHeaders(), ...answer.headers, "Content-Type": "application/json" });
    response.end(JSON.stringify(answer.body));
  }

  function handleControl(method: string, pathname: string, body: unknown, response: ServerResponse): void {
    if (pathname === `${CONTROL_PREFIX}/script` && (method === "PUT" || method === "POST")) {
      const parsed = scriptSchema.safeParse(body);
      if (!parsed.success) {
        sendJson(response, 400, openAiError(`Invalid script: ${parsed.error.message}`, "invalid_request_error"));
        return;
      }
      setScript(parsed.data);
      sendJson(response, 200, { ok: true, turns: parsed.data.length });
      return;
    }
    if (pathname === `${CONTROL_PREFIX}/requests` && method === "GET") {
      sendJson(response, 200, requests);
      return;
    }
    if (pathname === `${CONTROL_PREFIX}/requests` && method === "DELETE") {
      reset();
      sendJson(response, 200, { ok: true });
      return;
    }
    if (method === "OPTIONS") {
      response.writeHead(204, {
        ...corsHeaders(),
        "Access-Control-Allow-Methods": "GET, POST, PUT, DELETE, OPTIONS",
        "Access-Control-Allow-Headers": "content-type",
      });
      response.end();
      return;
    }
    sendJson(response, 404, openAiError(`Unknown control URL: ${method} ${pathname}.`, "invalid_request_error", "unknown_url"));
  }

  function setScript(next: Script): void {
    script = next;
    faultsPlayed.clear();
  }

  function reset(): void {
    requests.length = 0;
    faultsPlayed.clear();
  }

  function originOf(): string {
    const address = server.address() as AddressInfo;
    return `http://127.0.0.1:${address.port}`;
  }

  await new Promise<void>((listening, failed) => {
    server.once("error", failed);
    server.listen(options.port ?? 0, "127.0.0.1", () => {
      server.off("error", failed);
      listening();
    });
  });
  const origin = originOf();

  const modelRequests = () => requests.filter((recorded) => recorded.protocol !== undefined);
  return {
    url: `${origin}/v1`,
    baseUrlFor: (protocol) => (protocol === "google" ? `${origin}/v1beta` : `${origin}/v1`),
    origin,
    port: (server.address() as AddressInfo).port,
    requests,
    chatRequests: () =>
      modelRequests().flatMap((recorded) => {
        const parsed = WIRES[recorded.protocol!].parse(recorded.body, new URL(recorded.path, origin));
        return parsed.ok ? [parsed.request.view] : [];
      }),
    modelRequests,
    setScript,
    reset,
    close: () =>
      new Promise<void>((closed, failed) => {
        if (!server.listening) {
          closed();
          return;
        }
        for (const timer of pendingTimers) clearTimeout(timer);
        pendingTimers.clear();
        server.close((error) => (error ? failed(error) : closed()));
        // Keep-alive sockets from fetch and deliberately hanging answers would otherwise hold close() open.
        server.closeAllConnections();
      }),
  };
}

/** Which wire a POST path belongs to: chat completions, Anthropic's messages, Gemini's generateContent; undefined for anything else. */
function modelCallProtocol(pathname: string): WireName | undefined {
  if (pathname === "/v1/chat/completions" || pathname === "/chat/completions") return "openai";
  if (pathname === "/v1/messages" || pathname === "/messages") return "anthropic";
  if (geminiRouteOf(pathname) !== undefined) return "google";
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// HTTP plumbing.
// ---------------------------------------------------------------------------------------------

function corsHeaders(): Record<string, string> {
  return {
    "Access-Control-Allow-Origin": "*",
    // Without this a page cannot read Retry-After, and the AI SDK in the browser falls back to its own backoff.
    "Access-Control-Expose-Headers": "retry-after, retry-after-ms, x-request-id, request-id",
  };
}

function preflightHeaders(request: IncomingMessage): Record<string, string> {
  // `x-*` is not a pattern CORS understands, so the headers asked for are echoed: that admits the
  // SDKs' own x-stainless-* and user-agent headers along with authorization and content-type.
  const asked = request.headers["access-control-request-headers"];
  const allowed = new Set(["authorization", "content-type"]);
  for (const name of (asked ?? "").split(",")) if (name.trim() !== "") allowed.add(name.trim().toLowerCase());
  return {
    ...corsHeaders(),
    "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
    "Access-Control-Allow-Headers": [...allowed].join(", "),
    "Access-Control-Max-Age": "600",
  };
}

function sendJson(response: ServerResponse, status: number, value: unknown): void {
  response.writeHead(status, { ...corsHeaders(), "Content-Type": "application/json" });
  response.end(JSON.stringify(value));
}

/** Resolves once the data is handed to the socket, so a following destroy() cannot drop it. */
function write(response: ServerResponse, data: string): Promise<void> {
  if (response.destroyed) return Promise.resolve();
  return new Promise((done) => {
    response.write(data, () => done());
  });
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((done, failed) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        failed(new Error(`request body over ${MAX_BODY_BYTES} bytes`));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on("end", () => done(Buffer.concat(chunks).toString("utf8")));
    request.on("error", failed);
  });
}

function parseBody(raw: string): unknown {
  if (raw === "") return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

// ---------------------------------------------------------------------------------------------
// Command line: `npx tsx e2e/llm-server/scripted-llm-server.ts --port 8787 --script FILE.json`.
// ---------------------------------------------------------------------------------------------

async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: "string", default: "0" },
      script: { type: "string" },
      "api-key": { type: "string" },
      models: { type: "string" },
      "chunk-size": { type: "string" },
      "chunk-delay-ms": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    process.stdout.write(
      "Usage: tsx e2e/llm-server/scripted-llm-server.ts [--port N] [--script FILE.json] [--api-key KEY] [--models a,b] [--chunk-size N] [--chunk-delay-ms N]\n" +
        "Serves a scripted model on 127.0.0.1 and prints its OpenAI base URL (Anthropic clients use the same /v1, Gemini clients /v1beta). FILE.json is an array of turns:\n" +
        '  [{"text": "Looking at the tables.", "toolCalls": [{"name": "list_tables", "arguments": {}}]}, {"toolCalls": [{"name": "submit_sql", "arguments": {"sql": "SELECT 1"}}]}]\n' +
        `Replace the script while it runs: PUT ${CONTROL_PREFIX}/script; read what was sent: GET ${CONTROL_PREFIX}/requests.\n`,
    );
    return;
  }
  const numberOption = (name: string, text: string | undefined): number | undefined => {
    if (text === undefined) return undefined;
    const value = Number(text);
    if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a non-negative number, got '${text}'`);
    return value;
  };
  let script: ScriptedTurn[] = [];
  if (values.script !== undefined) {
    const parsed = scriptSchema.safeParse(JSON.parse(await readFile(values.script, "utf8")));
    if (!parsed.success) throw new Error(`${values.script} is not a script (an array of turns): ${parsed.error.message}`);
    script = parsed.data;
  }
  const server = await startScriptedLlmServer({
    script,
    port: numberOption("port", values.port),
    requiredApiKey: values["api-key"],
    models: values.models
      ?.split(",")
      .map((model) => model.trim())
      .filter((model) => model !== ""),
    chunkSize: numberOption("chunk-size", values["chunk-size"]),
    chunkDelayMs: numberOption("chunk-delay-ms", values["chunk-delay-ms"]),
  });
  process.stdout.write(`${server.url}\n`);
  const stop = () => {
    void server.close().finally(() => process.exit(0));
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (invokedDirectly) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`${errorMessage(error)}\n`);
    process.exit(1);
  });
}
