// A scripted LLM on 127.0.0.1 speaking the OpenAI Chat Completions protocol over real HTTP, so tests drive the real AI SDK (or a browser page) without ever reaching a real model.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import {
  type AnswerContent,
  type ChatMessage,
  type ChatRequest,
  chatRequestSchema,
  defaultErrorBody,
  defaultUsage,
  type Fault,
  openAiError,
  scriptSchema,
  type ScriptedToolCall,
  type ScriptedTurn,
  serializeArguments,
  sseChunksOf,
  sseEvent,
  completionOf,
  type WireToolCall,
} from "./openai-wire-format.js";
import { errorMessage } from "../../app/core/error-message";

export type { ChatMessage, ChatRequest, ChatTool, Fault, ScriptedToolCall, ScriptedTurn } from "./openai-wire-format.js";
export { completionOf, defaultErrorBody, openAiError, scriptSchema, scriptedTurnSchema, sseChunksOf, splitIntoPieces } from "./openai-wire-format.js";

/** Decides the next turn from the request: lets tests script by conversation state (e.g. answer based on the last tool result). */
export type Responder = (request: ChatRequest, context: { requestIndex: number; conversationTurn: number }) => ScriptedTurn | Promise<ScriptedTurn>;

export type Script = ScriptedTurn[] | Responder;

export interface ScriptedServerOptions {
  /** A list is played by conversation turn (the number of assistant messages in the request); a function decides per request. */
  script?: Script;
  /** When set, a missing or wrong `Authorization: Bearer ...` gets 401 with an OpenAI-style error body. */
  requiredApiKey?: string;
  /** Served by GET /v1/models; when set, a request for another model gets 404 model_not_found. Unset: any model is accepted. */
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
}

export interface ScriptedServer {
  /** Base URL for clients, e.g. `http://127.0.0.1:PORT/v1`. */
  url: string;
  /** `http://127.0.0.1:PORT`. */
  origin: string;
  port: number;
  /** Every request received (preflights and model lists too), in arrival order. */
  requests: RecordedRequest[];
  /** The parsed bodies of the chat completion requests received, in arrival order. */
  chatRequests(): ChatRequest[];
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
    const pathname = new URL(path, "http://127.0.0.1").pathname.replace(/\/+$/, "") || "/";
    const method = request.method ?? "GET";
    const rawBody = await readBody(request);
    const body = parseBody(rawBody);

    if (pathname.startsWith(CONTROL_PREFIX)) {
      handleControl(method, pathname, body, response);
      return;
    }
    requests.push({ method, path, headers: request.headers, body, time: Date.now() });

    if (method === "OPTIONS") {
      response.writeHead(204, preflightHeaders(request));
      response.end();
      return;
    }
    if (options.requiredApiKey !== undefined && request.headers.authorization !== `Bearer ${options.requiredApiKey}`) {
      const message =
        request.headers.authorization === undefined
          ? "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY)."
          : "Incorrect API key provided.";
      sendJson(response, 401, openAiError(message, "invalid_request_error", "invalid_api_key"));
      return;
    }
    if (method === "GET" && (pathname === "/v1/models" || pathname === "/models")) {
      const ids = options.models ?? DEFAULT_MODELS_LISTED;
      sendJson(response, 200, { object: "list", data: ids.map((id) => ({ id, object: "model", created: 0, owned_by: "scripted" })) });
      return;
    }
    if (method === "GET" && (pathname === "/" || pathname === "/health")) {
      sendJson(response, 200, { ok: true, url: `${originOf()}/v1` });
      return;
    }
    if (method === "POST" && (pathname === "/v1/chat/completions" || pathname === "/chat/completions")) {
      await handleChat(body, response);
      return;
    }
    sendJson(response, 404, openAiError(`Unknown request URL: ${method} ${pathname}.`, "invalid_request_error", "unknown_url"));
  }

  async function handleChat(body: unknown, response: ServerResponse): Promise<void> {
    const parsed = chatRequestSchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue === undefined ? "" : ` at '${issue.path.join(".")}'`;
      sendJson(response, 400, openAiError(`Invalid chat completion request${where}: ${issue?.message ?? "not JSON"}`, "invalid_request_error"));
      return;
    }
    const chat = parsed.data;
    if (options.models !== undefined && !options.models.includes(chat.model)) {
      sendJson(response, 404, openAiError(`The model \`${chat.model}\` does not exist`, "invalid_request_error", "model_not_found", "model"));
      return;
    }

    const requestIndex = chatRequestIndex++;
    const conversationTurn = conversationTurnOf(chat);
    const turn =
      typeof script === "function" ? await script(chat, { requestIndex, conversationTurn }) : (script[conversationTurn] ?? { text: SCRIPT_ENDED_TEXT });

    if (turn.delayMs !== undefined && turn.delayMs > 0) {
      await wait(turn.delayMs, response);
      if (response.destroyed) return;
    }

    const fault = takeFault(turn, chat);
    if (fault?.kind === "status") {
      sendFault(response, fault);
      return;
    }
    if (fault?.kind === "hang" && fault.afterChunks === undefined) return; // Left open: the client's abort or close() ends it.

    const content = answerContentOf(turn, chat);
    if (chat.stream !== true) {
      if (fault?.kind === "stream-error") {
        // Some gateways answer a failed plain request with 200 and an error object.
        sendJson(response, 200, openAiError(fault.message ?? "The scripted answer failed.", "server_error"));
        return;
      }
      const json = JSON.stringify(completionOf(content));
      if (fault !== undefined) {
        // Faults shaped for streams still apply to a plain answer: part of the JSON, then the socket is dropped or stalls.
        response.writeHead(200, { ...corsHeaders(), "Content-Type": "application/json" });
        const cutAt = Math.min(json.length - 1, (fault.afterChunks ?? 0) * chunkSize);
        await write(response, json.slice(0, cutAt));
        if (fault.kind === "cut-stream") response.destroy();
        return;
      }
      sendJson(response, 200, completionOf(content));
      return;
    }

    response.writeHead(200, {
      ...corsHeaders(),
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache",
      "X-Accel-Buffering": "no",
    });
    response.flushHeaders();
    const chunks = sseChunksOf(content, { chunkSize, includeUsage: chat.stream_options?.include_usage === true });
    const limit = fault === undefined ? chunks.length : Math.min(chunks.length, fault.afterChunks ?? 0);
    const chunkDelayMs = turn.chunkDelayMs ?? options.chunkDelayMs ?? 0;
    for (let index = 0; index < limit; index++) {
      if (index > 0) await wait(chunkDelayMs, response);
      if (response.destroyed) return;
      await write(response, sseEvent(chunks[index]!));
    }
    if (response.destroyed) return;
    switch (fault?.kind) {
      case "cut-stream":
        response.destroy();
        return;
      case "hang":
        return;
      case "stream-error":
        await write(response, sseEvent(openAiError(fault.message ?? "The scripted stream failed.", "server_error")));
        break;
    }
    await write(response, sseEvent("[DONE]"));
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

  function answerContentOf(turn: ScriptedTurn, chat: ChatRequest): AnswerContent {
    const toolCalls: WireToolCall[] = (turn.toolCalls ?? []).map((call) => ({
      id: call.id ?? `call_${++toolCallCounter}`,
      type: "function",
      function: { name: call.name, arguments: serializeArguments(call.arguments) },
    }));
    const text = turn.text ?? "";
    const usage = turn.usage ? { ...turn.usage, total_tokens: turn.usage.prompt_tokens + turn.usage.completion_tokens } : defaultUsage(chat, text, toolCalls);
    return {
      id: `chatcmpl-scripted-${++completionCounter}`,
      created: Math.floor(Date.now() / 1000),
      model: chat.model,
      text,
      toolCalls,
      finishReason: turn.finishReason ?? (toolCalls.length > 0 ? "tool_calls" : "stop"),
      usage,
    };
  }

  function sendFault(response: ServerResponse, fault: Extract<Fault, { kind: "status" }>): void {
    const headers: Record<string, string> = { ...corsHeaders() };
    if (fault.retryAfterSeconds !== undefined) headers["Retry-After"] = String(fault.retryAfterSeconds);
    if (fault.retryAfterMs !== undefined) headers["retry-after-ms"] = String(fault.retryAfterMs);
    const body = fault.body === undefined ? defaultErrorBody(fault.status) : fault.body;
    if (typeof body === "string") {
      // Sent verbatim: lets a test script a proxy's HTML error page or an empty body.
      response.writeHead(fault.status, { ...headers, "Content-Type": "text/plain; charset=utf-8" });
      response.end(body);
      return;
    }
    response.writeHead(fault.status, { ...headers, "Content-Type": "application/json" });
    response.end(JSON.stringify(body));
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

  return {
    url: `${origin}/v1`,
    origin,
    port: (server.address() as AddressInfo).port,
    requests,
    chatRequests: () =>
      requests
        .filter((recorded) => recorded.method === "POST" && recorded.path.replace(/\?.*$/, "").endsWith("/chat/completions"))
        .map((recorded) => recorded.body as ChatRequest),
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

// ---------------------------------------------------------------------------------------------
// HTTP plumbing.
// ---------------------------------------------------------------------------------------------

function corsHeaders(): Record<string, string> {
  return {
    "Access-Control-Allow-Origin": "*",
    // Without this a page cannot read Retry-After, and the AI SDK in the browser falls back to its own backoff.
    "Access-Control-Expose-Headers": "retry-after, retry-after-ms, x-request-id",
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
        "Serves an OpenAI-compatible scripted model on 127.0.0.1 and prints its base URL. FILE.json is an array of turns:\n" +
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
