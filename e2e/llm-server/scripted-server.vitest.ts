// Proves the scripted LLM server speaks Chat Completions, Anthropic Messages and Gemini generateContent well enough for plain fetch, the Vercel AI SDK v6 providers and a browser page, and pins down how each provider reports each scripted fault.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { createAnthropic } from "@ai-sdk/anthropic";
import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import {
  APICallError,
  generateText,
  InvalidToolInputError,
  JSONParseError,
  jsonSchema,
  NoOutputGeneratedError,
  RetryError,
  stepCountIs,
  streamText,
  tool,
  type TextStreamPart,
  type ToolSet,
  TypeValidationError,
} from "ai";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  lastToolResult,
  SCRIPT_ENDED_TEXT,
  type ScriptedServer,
  type ScriptedServerOptions,
  startScriptedLlmServer,
  textTurn,
  toolCall,
  toolTurn,
  WIRE_NAMES,
  type WireName,
} from "./scripted-llm-server.js";

const API_KEY = "sk-scripted-test";
const MODEL = "scripted-model";

let server: ScriptedServer;
async function start(options: ScriptedServerOptions = {}): Promise<ScriptedServer> {
  server = await startScriptedLlmServer(options);
  return server;
}
afterEach(async () => {
  await server?.close();
});

function userRequest(extra: Record<string, unknown> = {}, messages: unknown[] = [{ role: "user", content: "How many singers are there?" }]) {
  return { model: MODEL, messages, ...extra };
}

async function postChat(body: unknown, headers: Record<string, string> = {}, signal?: AbortSignal): Promise<Response> {
  return fetch(`${server.url}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${API_KEY}`, ...headers },
    body: JSON.stringify(body),
    signal,
  });
}

/** The `data:` payloads of an SSE body, in order. */
async function sseData(response: Response): Promise<string[]> {
  const text = await response.text();
  return text
    .split("\n\n")
    .filter((event) => event.startsWith("data: "))
    .map((event) => event.slice("data: ".length));
}

// Chunk shapes read back in assertions; the server's own types are not reused so the test checks the wire, not the code.
interface ChunkJson {
  choices: { delta: { role?: string; content?: string; tool_calls?: ToolCallDeltaJson[] }; finish_reason: string | null }[];
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
}
interface ToolCallDeltaJson {
  index: number;
  id?: string;
  type?: string;
  function: { name?: string; arguments?: string };
}

const sqlTools = {
  list_tables: tool({ description: "List the tables.", inputSchema: z.object({}), execute: async () => "singer (6 rows), concert (6 rows)" }),
  run_sql: tool({
    description: "Run a read-only query.",
    inputSchema: z.object({ sql: z.string() }),
    execute: async ({ sql }) => `columns: count(*)\nrows: [[6]]\n(ran ${sql})`,
  }),
};

function sdkModel(options: { apiKey?: string; includeUsage?: boolean; model?: string } = {}) {
  const provider = createOpenAICompatible({
    name: "scripted",
    baseURL: server.url,
    apiKey: "apiKey" in options ? options.apiKey : API_KEY,
    includeUsage: options.includeUsage ?? true,
  });
  return provider(options.model ?? MODEL);
}

/** Resolves once the server has received this many model calls (polling: the server records a call when its body is read). */
async function receivedRequests(count: number): Promise<void> {
  while (server.modelRequests().length < count) await new Promise((tick) => setTimeout(tick, 10));
}

/** Every part of a fullStream, and what the iteration threw (a cut stream throws instead of yielding an error part). */
async function collectParts<TOOLS extends ToolSet>(stream: AsyncIterable<TextStreamPart<TOOLS>>) {
  const parts: TextStreamPart<TOOLS>[] = [];
  let thrown: unknown;
  try {
    for await (const part of stream) parts.push(part);
  } catch (error) {
    thrown = error;
  }
  return { parts, thrown, types: parts.map((part) => part.type) };
}

describe("the wire protocol, over plain fetch", () => {
  it("streams text split across several chunks that reassemble, with role first, finish, usage and [DONE]", async () => {
    await start({ script: [textTurn("I will look at the singer table first.")], chunkSize: 5 });
    const response = await postChat(userRequest({ stream: true, stream_options: { include_usage: true } }));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");

    const data = await sseData(response);
    expect(data.at(-1)).toBe("[DONE]");
    const chunks = data.slice(0, -1).map((payload) => JSON.parse(payload) as ChunkJson);
    expect(chunks[0]!.choices[0]!.delta.role).toBe("assistant");
    const pieces = chunks.flatMap((chunk) => chunk.choices.map((choice) => choice.delta.content ?? "")).filter((piece) => piece !== "");
    expect(pieces.length).toBeGreaterThan(3);
    expect(pieces.join("")).toBe("I will look at the singer table first.");
    const finish = chunks.at(-2)!;
    expect(finish.choices[0]!.finish_reason).toBe("stop");
    const usageChunk = chunks.at(-1)!;
    expect(usageChunk.choices).toEqual([]);
    expect(usageChunk.usage!.prompt_tokens).toBeGreaterThan(0);
    expect(usageChunk.usage!.total_tokens).toBe(usageChunk.usage!.prompt_tokens + usageChunk.usage!.completion_tokens);
  });

  it("streams a tool call as a first delta with id, type and name, then argument pieces carrying only index", async () => {
    await start({ script: [toolTurn([toolCall("run_sql", { sql: "SELECT count(*) FROM singer" }), toolCall("list_tables", {})])], chunkSize: 6 });
    const data = await sseData(await postChat(userRequest({ stream: true })));
    const chunks = data.slice(0, -1).map((payload) => JSON.parse(payload) as ChunkJson);
    const deltas = chunks.flatMap((chunk) => chunk.choices.flatMap((choice) => choice.delta.tool_calls ?? []));

    const first = deltas.filter((delta) => delta.index === 0);
    expect(first[0]).toEqual({ index: 0, id: expect.stringMatching(/^call_/), type: "function", function: { name: "run_sql", arguments: "" } });
    for (const later of first.slice(1)) expect(Object.keys(later).sort()).toEqual(["function", "index"]);
    expect(first.length).toBeGreaterThan(3);
    expect(JSON.parse(first.map((delta) => delta.function.arguments ?? "").join(""))).toEqual({ sql: "SELECT count(*) FROM singer" });
    expect(deltas.filter((delta) => delta.index === 1)[0]!.function.name).toBe("list_tables");

    // Without stream_options.include_usage the usage rides on the finish chunk.
    const last = chunks.at(-1)!;
    expect(last.choices[0]!.finish_reason).toBe("tool_calls");
    expect(last.usage).toBeDefined();
  });

  it("answers a non-streaming request with one chat.completion carrying full tool-call arguments and usage", async () => {
    await start({ script: [{ ...toolTurn(toolCall("run_sql", { sql: "SELECT 1" }, "call_fixed")), usage: { prompt_tokens: 40, completion_tokens: 9 } }] });
    const response = await postChat(userRequest());
    expect(response.headers.get("content-type")).toBe("application/json");
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      object: "chat.completion",
      model: MODEL,
      choices: [
        {
          index: 0,
          message: {
            role: "assistant",
            content: null,
            tool_calls: [{ id: "call_fixed", type: "function", function: { name: "run_sql", arguments: '{"sql":"SELECT 1"}' } }],
          },
          finish_reason: "tool_calls",
        },
      ],
      usage: { prompt_tokens: 40, completion_tokens: 9, total_tokens: 49 },
    });
  });

  it("answers a CORS preflight with 204 and allows the headers asked for", async () => {
    await start();
    const response = await fetch(`${server.url}/chat/completions`, {
      method: "OPTIONS",
      headers: {
        origin: "http://localhost:5173",
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization, content-type, x-stainless-os",
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("access-control-allow-methods")).toContain("POST");
    expect(response.headers.get("access-control-allow-headers")).toBe("authorization, content-type, x-stainless-os");
  });

  it("lists models, rejects a missing or wrong key with 401 and an unknown model with 404", async () => {
    await start({ requiredApiKey: API_KEY, models: [MODEL, "other-model"] });
    const models = await fetch(`${server.url}/models`, { headers: { authorization: `Bearer ${API_KEY}` } });
    expect(await models.json()).toEqual({
      object: "list",
      data: [
        { id: MODEL, object: "model", created: 0, owned_by: "scripted" },
        { id: "other-model", object: "model", created: 0, owned_by: "scripted" },
      ],
    });

    const missing = await postChat(userRequest(), { authorization: "" });
    expect(missing.status).toBe(401);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe("invalid_api_key");
    expect((await postChat(userRequest(), { authorization: "Bearer wrong" })).status).toBe(401);

    const unknown = await postChat(userRequest({ model: "gpt-9" }));
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      error: { message: "The model `gpt-9` does not exist", type: "invalid_request_error", param: "model", code: "model_not_found" },
    });
  });

  it("fails a turn `times` times for the same messages, with Retry-After, then plays its content", async () => {
    await start({ script: [{ fault: { kind: "status", status: 429, retryAfterSeconds: 1 }, times: 2, text: "Now it works." }] });
    const first = await postChat(userRequest());
    expect(first.status).toBe(429);
    expect(first.headers.get("retry-after")).toBe("1");
    expect(((await first.json()) as { error: { code: string } }).error.code).toBe("rate_limit_exceeded");
    expect((await postChat(userRequest())).status).toBe(429);
    // Another conversation at the same turn has its own count.
    expect((await postChat(userRequest({}, [{ role: "user", content: "another question" }]))).status).toBe(429);
    const third = await postChat(userRequest());
    expect(third.status).toBe(200);
    expect(((await third.json()) as { choices: { message: { content: string } }[] }).choices[0]!.message.content).toBe("Now it works.");
  });

  it("plays each conversation's own turn when conversations run at once, and '(script ended)' past the end", async () => {
    await start({ script: [{ text: "turn zero", delayMs: 150 }, { text: "turn one" }] });
    const atTurn = (assistantMessages: number) => {
      const messages: unknown[] = [{ role: "user", content: "q" }];
      for (let index = 0; index < assistantMessages; index++) messages.push({ role: "assistant", content: `a${index}` }, { role: "user", content: "go on" });
      return postChat(userRequest({}, messages)).then(
        async (response) => ((await response.json()) as { choices: { message: { content: string } }[] }).choices[0]!.message.content,
      );
    };
    // The slow turn-zero answer starts first and must not shift the others.
    const answers = await Promise.all([atTurn(0), atTurn(1), atTurn(2), atTurn(1)]);
    expect(answers).toEqual(["turn zero", "turn one", SCRIPT_ENDED_TEXT, "turn one"]);
  });

  it("lets a responder answer from the conversation state and records what every request sent", async () => {
    await start({
      script: (request, { conversationTurn, requestIndex }) =>
        conversationTurn === 0
          ? toolTurn(toolCall("run_sql", { sql: "SELECT count(*) FROM singer" }))
          : textTurn(`request ${requestIndex} saw: ${lastToolResult(request)}`),
    });
    await postChat(userRequest({ tools: [{ type: "function", function: { name: "run_sql", parameters: { type: "object" } } }] }));
    const second = await postChat(
      userRequest({}, [
        { role: "user", content: "q" },
        { role: "assistant", content: null, tool_calls: [{ id: "call_1", type: "function", function: { name: "run_sql", arguments: "{}" } }] },
        { role: "tool", tool_call_id: "call_1", content: "rows: [[6]]" },
      ]),
    );
    expect(((await second.json()) as { choices: { message: { content: string } }[] }).choices[0]!.message.content).toBe("request 1 saw: rows: [[6]]");

    const [firstRecorded] = server.requests;
    expect(firstRecorded).toMatchObject({ method: "POST", path: "/v1/chat/completions", headers: { authorization: `Bearer ${API_KEY}` } });
    expect(server.chatRequests()[0]!.tools![0]!.function.name).toBe("run_sql");
    expect(server.chatRequests()[1]!.messages).toHaveLength(3);
  });

  it("keeps serving after a client gives up during a slow answer", async () => {
    await start({ script: [{ text: "slow", delayMs: 300 }] });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const outcome = await postChat(userRequest(), {}, controller.signal).then(
      () => "answered",
      (error: unknown) => (error as Error).name,
    );
    expect(outcome).toBe("AbortError");
    // A later turn has no delay; it must not wait behind the abandoned one.
    const started = Date.now();
    const response = await postChat(
      userRequest({}, [
        { role: "user", content: "q" },
        { role: "assistant", content: "a" },
      ]),
    );
    expect(((await response.json()) as { choices: { message: { content: string } }[] }).choices[0]!.message.content).toBe(SCRIPT_ENDED_TEXT);
    expect(Date.now() - started).toBeLessThan(250);
  });

  it("rejects a body that is not a chat request with 400", async () => {
    await start();
    const response = await postChat({ model: MODEL });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toContain("messages");
  });

  it("runs from the command line with a JSON script and prints its URL", async () => {
    const directory = await mkdtemp(join(tmpdir(), "scripted-llm-"));
    const scriptFile = join(directory, "script.json");
    await writeFile(scriptFile, JSON.stringify([{ text: "from the file" }]));
    const serverFile = fileURLToPath(new URL("./scripted-llm-server.ts", import.meta.url));
    const child = spawn(process.execPath, ["--import", "tsx", serverFile, "--script", scriptFile], { stdio: ["ignore", "pipe", "inherit"] });
    try {
      const url = await new Promise<string>((found, failed) => {
        createInterface({ input: child.stdout }).once("line", found);
        child.once("exit", (code) => failed(new Error(`CLI exited with ${code}`)));
      });
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
      const response = await fetch(`${url}/chat/completions`, { method: "POST", body: JSON.stringify(userRequest()) });
      expect(((await response.json()) as { choices: { message: { content: string } }[] }).choices[0]!.message.content).toBe("from the file");

      const replaced = await fetch(url.replace(/\/v1$/, "/__scripted/script"), { method: "PUT", body: JSON.stringify([{ text: "replaced" }]) });
      expect(replaced.status).toBe(200);
      const again = await fetch(`${url}/chat/completions`, { method: "POST", body: JSON.stringify(userRequest()) });
      expect(((await again.json()) as { choices: { message: { content: string } }[] }).choices[0]!.message.content).toBe("replaced");
      const recorded = (await (await fetch(url.replace(/\/v1$/, "/__scripted/requests"))).json()) as unknown[];
      expect(recorded).toHaveLength(2);
    } finally {
      child.kill("SIGTERM");
    }
  });
});

describe("the Vercel AI SDK v6 (@ai-sdk/openai-compatible) against the scripted server", () => {
  beforeEach(async () => {
    await start({ requiredApiKey: API_KEY, models: [MODEL], chunkSize: 4 });
  });

  it("streams text in several deltas that reassemble, and reports usage with or without include_usage", async () => {
    server.setScript([{ text: "Let me list the tables.", usage: { prompt_tokens: 120, completion_tokens: 6 } }]);
    for (const includeUsage of [true, false]) {
      server.reset();
      const result = streamText({ model: sdkModel({ includeUsage }), prompt: "How many singers?" });
      const { parts, thrown } = await collectParts(result.fullStream);
      expect(thrown).toBeUndefined();
      const deltas = parts.flatMap((part) => (part.type === "text-delta" ? [part.text] : []));
      expect(deltas.length).toBeGreaterThan(3);
      expect(deltas.join("")).toBe("Let me list the tables.");
      expect(await result.usage).toMatchObject({ inputTokens: 120, outputTokens: 6, totalTokens: 126 });
      expect(await result.finishReason).toBe("stop");
      expect(server.chatRequests()[0]!.stream_options).toEqual(includeUsage ? { include_usage: true } : undefined);
    }
  });

  it("parses a tool call whose arguments arrive in pieces into the right name and input, and runs the loop on", async () => {
    server.setScript([
      { text: "Counting.", toolCalls: [toolCall("run_sql", { sql: "SELECT count(*) FROM singer WHERE country = 'France'" })] },
      textTurn("There are 6."),
    ]);
    const result = streamText({ model: sdkModel(), tools: sqlTools, stopWhen: stepCountIs(3), prompt: "How many French singers?" });
    const { parts, thrown } = await collectParts(result.fullStream);
    expect(thrown).toBeUndefined();
    expect(parts.filter((part) => part.type === "tool-input-delta").length).toBeGreaterThan(5);
    const call = parts.find((part) => part.type === "tool-call");
    expect(call).toMatchObject({
      toolName: "run_sql",
      input: { sql: "SELECT count(*) FROM singer WHERE country = 'France'" },
      toolCallId: expect.stringMatching(/^call_/),
    });
    expect(call).not.toHaveProperty("invalid");
    expect(parts.find((part) => part.type === "tool-result")).toMatchObject({ toolName: "run_sql" });
    expect(await result.text).toBe("There are 6.");

    const [first, second] = server.chatRequests();
    expect(first!.model).toBe(MODEL);
    expect(first!.tools!.map((offered) => offered.function.name)).toEqual(["list_tables", "run_sql"]);
    expect(server.requests[0]!.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(second!.messages.map((message) => message.role)).toEqual(["user", "assistant", "tool"]);
    expect(second!.messages[2]!.content).toContain("rows: [[6]]");
  });

  it("works without streaming: generateText gets the text, tool calls and usage", async () => {
    server.setScript([{ text: "Checking.", toolCalls: [toolCall("list_tables")], usage: { prompt_tokens: 50, completion_tokens: 4 } }]);
    const result = await generateText({ model: sdkModel(), tools: sqlTools, prompt: "What tables are there?" });
    expect(result.text).toBe("Checking.");
    expect(result.toolCalls).toMatchObject([{ toolName: "list_tables", input: {} }]);
    expect(result.finishReason).toBe("tool-calls");
    expect(result.usage).toMatchObject({ inputTokens: 50, outputTokens: 4 });
    expect(server.chatRequests()[0]!.stream).toBeUndefined();
  });

  it("401 without the key: an APICallError that is not retried", async () => {
    const error = await generateText({ model: sdkModel({ apiKey: undefined }), prompt: "q" }).catch((caught: unknown) => caught);
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ statusCode: 401, isRetryable: false, data: { error: { code: "invalid_api_key" } } });
    expect(server.chatRequests()).toHaveLength(1);
  });

  it("404 for an unknown model: an APICallError whose message is the server's", async () => {
    const error = await generateText({ model: sdkModel({ model: "gpt-9" }), prompt: "q" }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ statusCode: 404, isRetryable: false, message: "The model `gpt-9` does not exist" });
  });

  it("429 with Retry-After: with maxRetries 0 the error carries the header; by default the SDK waits that long and succeeds", async () => {
    server.setScript([{ fault: { kind: "status", status: 429, retryAfterSeconds: 1 }, times: 1, toolCalls: [toolCall("list_tables")] }]);
    const noRetry = streamText({ model: sdkModel(), tools: sqlTools, prompt: "q", maxRetries: 0, onError: () => {} });
    const { parts, thrown } = await collectParts(noRetry.fullStream);
    // HTTP errors before the stream starts become an error part, not a throw; the result promises then reject.
    expect(thrown).toBeUndefined();
    const errorPart = parts.find((part) => part.type === "error");
    expect(APICallError.isInstance(errorPart?.error)).toBe(true);
    expect(errorPart?.error).toMatchObject({ statusCode: 429, isRetryable: true, responseHeaders: { "retry-after": "1" } });
    await expect(noRetry.text).rejects.toSatisfy((error) => NoOutputGeneratedError.isInstance(error));

    server.reset();
    const started = Date.now();
    const retried = streamText({ model: sdkModel(), tools: sqlTools, prompt: "q" });
    const retriedParts = await collectParts(retried.fullStream);
    const elapsed = Date.now() - started;
    expect(retriedParts.parts.find((part) => part.type === "tool-call")).toMatchObject({ toolName: "list_tables" });
    expect(server.chatRequests()).toHaveLength(2);
    // Its own first backoff is 2 s; waiting about 1 s shows Retry-After was honoured.
    expect(elapsed).toBeGreaterThanOrEqual(950);
    expect(elapsed).toBeLessThan(1900);
  });

  it("500: retried, then a RetryError listing every attempt (retry-after-ms keeps the test fast)", async () => {
    server.setScript([{ fault: { kind: "status", status: 500, retryAfterMs: 10 }, times: "always", text: "never" }]);
    const error = await generateText({ model: sdkModel(), prompt: "q" }).catch((caught: unknown) => caught);
    expect(RetryError.isInstance(error)).toBe(true);
    const retryError = error as RetryError;
    expect(retryError.reason).toBe("maxRetriesExceeded");
    expect(retryError.errors).toHaveLength(3);
    expect(retryError.lastError).toMatchObject({ statusCode: 500, isRetryable: true });
    expect(server.chatRequests()).toHaveLength(3);
  });

  it("a cut stream makes the fullStream iteration throw (no error part, no finish), and streamText does not retry", async () => {
    server.setScript([{ text: "I will count the singers now.", fault: { kind: "cut-stream", afterChunks: 3 }, times: "always" }]);
    const errors: unknown[] = [];
    const result = streamText({ model: sdkModel(), prompt: "q", onError: ({ error }) => void errors.push(error) });
    const { parts, thrown, types } = await collectParts(result.fullStream);
    expect(
      parts
        .filter((part) => part.type === "text-delta")
        .map((part) => (part.type === "text-delta" ? part.text : ""))
        .join(""),
    ).toBe("I will c");
    expect(types).not.toContain("error");
    expect(types).not.toContain("finish");
    expect(APICallError.isInstance(thrown)).toBe(true);
    expect(thrown).toMatchObject({ message: "Failed to process successful response", statusCode: 200, isRetryable: true });
    expect(errors).toEqual([]);
    await expect(result.text).rejects.toBe(thrown);
    expect(server.chatRequests()).toHaveLength(1);

    // generateText reads the whole body inside its retry loop, so there a cut answer is a retryable APICallError
    // (with the default maxRetries it is retried after the SDK's 2 s backoff, like a 5xx).
    const generateError = await generateText({ model: sdkModel(), prompt: "q", maxRetries: 0 }).catch((caught: unknown) => caught);
    expect(generateError).toMatchObject({ message: "Failed to process successful response", statusCode: 200, isRetryable: true });
  });

  it("an in-band error event becomes an error part holding the raw error object, and finishReason 'error'", async () => {
    server.setScript([{ text: "partial answer", fault: { kind: "stream-error", afterChunks: 2, message: "upstream overloaded" } }]);
    const result = streamText({ model: sdkModel(), prompt: "q", onError: () => {} });
    const { parts, thrown } = await collectParts(result.fullStream);
    expect(thrown).toBeUndefined();
    expect(parts.find((part) => part.type === "error")).toEqual({
      type: "error",
      error: { message: "upstream overloaded", type: "server_error", param: null, code: null },
    });
    expect(parts.find((part) => part.type === "finish")).toMatchObject({ finishReason: "error" });
  });

  it("a hanging answer is ended cleanly by an AbortController or the timeout option", async () => {
    server.setScript([{ text: "never", fault: { kind: "hang" }, times: "always" }]);
    const controller = new AbortController();
    const result = streamText({ model: sdkModel(), prompt: "q", abortSignal: controller.signal });
    // Aborted once the server holds the request: a fixed delay lost the race on a loaded machine, aborting before it was sent.
    void receivedRequests(1).then(() => controller.abort());
    const { types, thrown } = await collectParts(result.fullStream);
    expect(thrown).toBeUndefined();
    expect(types).toEqual(["start", "abort"]);
    await expect(result.text).rejects.toMatchObject({ name: "AbortError" });

    const generateController = new AbortController();
    void receivedRequests(2).then(() => generateController.abort());
    await expect(generateText({ model: sdkModel(), prompt: "q", abortSignal: generateController.signal })).rejects.toMatchObject({ name: "AbortError" });
    await expect(generateText({ model: sdkModel(), prompt: "q", timeout: 100 })).rejects.toMatchObject({ name: "TimeoutError" });
    expect(server.chatRequests().length).toBeGreaterThanOrEqual(2);
  });

  it("aborting mid-stream keeps the deltas already received and ends with an abort part", async () => {
    server.setScript([{ text: "one two three four five six", chunkDelayMs: 60 }]);
    const controller = new AbortController();
    const result = streamText({ model: sdkModel(), prompt: "q", abortSignal: controller.signal });
    const parts: string[] = [];
    for await (const part of result.fullStream) {
      parts.push(part.type);
      if (part.type === "text-delta") controller.abort();
    }
    expect(parts).toContain("text-delta");
    expect(parts.at(-1)).toBe("abort");
  });

  it("a stream that stalls after some chunks is ended by timeout.chunkMs, keeping what arrived", async () => {
    server.setScript([{ text: "Looking at the schema", fault: { kind: "hang", afterChunks: 3 }, times: "always" }]);
    const result = streamText({ model: sdkModel(), prompt: "q", timeout: { chunkMs: 150 } });
    const { parts, types, thrown } = await collectParts(result.fullStream);
    expect(thrown).toBeUndefined();
    expect(parts.flatMap((part) => (part.type === "text-delta" ? [part.text] : [])).join("")).toBe("Looking ");
    expect(types.at(-1)).toBe("abort");
    await expect(result.text).rejects.toMatchObject({ name: "TimeoutError" });
  });

  it("malformed tool arguments reach the SDK: an invalid tool-call part, a tool-error part, and the loop goes on", async () => {
    server.setScript([{ toolCalls: [toolCall("run_sql", '{"sql": "SELECT count(*) FROM singer')] }, textTurn("I will fix the JSON.")]);
    const result = streamText({ model: sdkModel(), tools: sqlTools, stopWhen: stepCountIs(2), prompt: "q" });
    const { parts, thrown } = await collectParts(result.fullStream);
    expect(thrown).toBeUndefined();
    const call = parts.find((part) => part.type === "tool-call");
    expect(call).toMatchObject({ toolName: "run_sql", invalid: true, dynamic: true, input: '{"sql": "SELECT count(*) FROM singer' });
    expect(call?.type === "tool-call" && InvalidToolInputError.isInstance(call.error)).toBe(true);
    const toolError = parts.find((part) => part.type === "tool-error");
    expect(toolError).toMatchObject({ toolName: "run_sql", error: expect.stringContaining("Invalid input for tool run_sql: JSON parsing failed") });
    expect(parts.some((part) => part.type === "tool-result")).toBe(false);
    expect(await result.text).toBe("I will fix the JSON.");

    // What the model is told next: its call comes back with arguments "{}", and the tool message holds the parse error.
    const followUp = server.chatRequests()[1]!.messages;
    expect(followUp[1]!.tool_calls![0]!.function).toEqual({ name: "run_sql", arguments: "{}" });
    expect(followUp[2]).toMatchObject({ role: "tool", content: expect.stringContaining("JSON parsing failed") });

    // generateText does not throw either: the same two parts are in its content.
    server.reset();
    const generated = await generateText({ model: sdkModel(), tools: sqlTools, prompt: "q" });
    expect(generated.content.map((part) => part.type)).toEqual(["tool-call", "tool-error"]);
  });

  it("arguments that parse but miss the schema are invalid only when the schema validates (zod yes, plain jsonSchema no)", async () => {
    server.setScript([toolTurn(toolCall("run_sql", { query: "SELECT 1" }))]);
    const withZod = await generateText({ model: sdkModel(), tools: sqlTools, prompt: "q" });
    expect(withZod.content[0]).toMatchObject({ type: "tool-call", invalid: true, input: { query: "SELECT 1" } });
    expect(withZod.content[1]).toMatchObject({ type: "tool-error", error: expect.stringContaining("Type validation failed") });

    const unvalidated = {
      run_sql: tool({ inputSchema: jsonSchema<{ sql: string }>({ type: "object", properties: { sql: { type: "string" } }, required: ["sql"] }) }),
    };
    const withJsonSchema = await generateText({ model: sdkModel(), tools: unvalidated, prompt: "q" });
    expect(withJsonSchema.content[0]).toMatchObject({ type: "tool-call", input: { query: "SELECT 1" } });
    expect(withJsonSchema.content[0]).not.toHaveProperty("invalid");
  });

  it("concurrent agent runs each get their own turns", async () => {
    server.setScript([
      { ...toolTurn(toolCall("list_tables")), delayMs: 40 },
      toolTurn(toolCall("run_sql", { sql: "SELECT count(*) FROM singer" })),
      textTurn("done"),
    ]);
    const runs = await Promise.all(
      ["first question", "second question", "third question"].map(async (question) => {
        const result = streamText({ model: sdkModel(), tools: sqlTools, stopWhen: stepCountIs(5), prompt: question });
        const { thrown } = await collectParts(result.fullStream);
        expect(thrown).toBeUndefined();
        return { text: await result.text, tools: (await result.steps).flatMap((step) => step.toolCalls.map((call) => call.toolName)) };
      }),
    );
    for (const run of runs) expect(run).toEqual({ text: "done", tools: ["list_tables", "run_sql"] });
    expect(server.chatRequests()).toHaveLength(9);
  });
});

// ---------------------------------------------------------------------------------------------
// Every wire: the same scripts through @ai-sdk/openai-compatible, @ai-sdk/anthropic and @ai-sdk/google.
// ---------------------------------------------------------------------------------------------

function wireModel(wire: WireName, options: { apiKey?: string; model?: string } = {}) {
  const apiKey = "apiKey" in options ? options.apiKey : API_KEY;
  const model = options.model ?? MODEL;
  switch (wire) {
    case "openai":
      return createOpenAICompatible({ name: "scripted", baseURL: server.baseUrlFor(wire), apiKey, includeUsage: true })(model);
    case "anthropic":
      return createAnthropic({ baseURL: server.baseUrlFor(wire), apiKey })(model);
    case "google":
      return createGoogleGenerativeAI({ baseURL: server.baseUrlFor(wire), apiKey })(model);
  }
}

const textDeltas = (parts: TextStreamPart<ToolSet>[]) => parts.flatMap((part) => (part.type === "text-delta" ? [part.text] : []));

describe.each(WIRE_NAMES)("the AI SDK on the %s wire, against the scripted server", (wire) => {
  beforeEach(async () => {
    await start({ requiredApiKey: API_KEY, models: [MODEL], chunkSize: 4 });
  });

  it("streams text in several deltas that reassemble, with usage and finish reason", async () => {
    server.setScript([{ text: "Let me list the tables.", usage: { prompt_tokens: 120, completion_tokens: 6 } }]);
    const result = streamText({ model: wireModel(wire), prompt: "How many singers?" });
    const { parts, thrown } = await collectParts(result.fullStream);
    expect(thrown).toBeUndefined();
    expect(textDeltas(parts).length).toBeGreaterThan(3);
    expect(textDeltas(parts).join("")).toBe("Let me list the tables.");
    expect(await result.usage).toMatchObject({ inputTokens: 120, outputTokens: 6, totalTokens: 126 });
    expect(await result.finishReason).toBe("stop");
  });

  it("reassembles tool calls: text, then two calls, arguments in pieces where the wire splits them", async () => {
    server.setScript([toolTurn([toolCall("run_sql", { sql: "SELECT count(*) FROM singer" }), toolCall("list_tables", {})], "Counting.")]);
    const result = streamText({ model: wireModel(wire), tools: sqlTools, prompt: "q" });
    const { parts, thrown } = await collectParts(result.fullStream);
    expect(thrown).toBeUndefined();
    expect(textDeltas(parts).join("")).toBe("Counting.");
    expect(parts.filter((part) => part.type === "tool-call")).toMatchObject([
      { toolName: "run_sql", input: { sql: "SELECT count(*) FROM singer" } },
      { toolName: "list_tables", input: {} },
    ]);
    const argumentPieces = parts.filter((part) => part.type === "tool-input-delta" && part.delta !== "");
    // OpenAI and Anthropic stream arguments in pieces; Gemini's Developer API sends each call whole.
    if (wire === "google") expect(argumentPieces.length).toBe(2);
    else expect(argumentPieces.length).toBeGreaterThan(4);
    expect(await result.finishReason).toBe("tool-calls");
  });

  it("carries a conversation over several turns, the tool result going back in the wire's own shape", async () => {
    server.setScript([toolTurn(toolCall("run_sql", { sql: "SELECT count(*) FROM singer" }), "Let me count."), textTurn("There are 6 singers.")]);
    const result = streamText({
      model: wireModel(wire),
      system: "You answer with SQL.",
      tools: sqlTools,
      stopWhen: stepCountIs(3),
      prompt: "How many singers?",
    });
    const { thrown } = await collectParts(result.fullStream);
    expect(thrown).toBeUndefined();
    expect(await result.text).toBe("There are 6 singers.");

    // One view for every wire: what the model was shown.
    const second = server.chatRequests()[1]!;
    expect(second.messages.map((message) => message.role)).toEqual(["system", "user", "assistant", "tool"]);
    expect(second.messages[0]!.content).toBe("You answer with SQL.");
    expect(second.messages[2]!.tool_calls![0]!.function.name).toBe("run_sql");
    expect(second.messages[3]!.content).toContain("rows: [[6]]");
    expect(second.tools!.map((offered) => offered.function.name)).toEqual(["list_tables", "run_sql"]);

    // And the raw requests, as each service expects them.
    const [first, raw] = server.modelRequests();
    if (wire === "openai") {
      expect(raw!.path).toBe("/v1/chat/completions");
      expect(raw!.headers.authorization).toBe(`Bearer ${API_KEY}`);
    } else if (wire === "anthropic") {
      expect(raw!.path).toBe("/v1/messages");
      expect(raw!.headers).toMatchObject({ "x-api-key": API_KEY, "anthropic-version": "2023-06-01" });
      expect(raw!.headers.authorization).toBeUndefined();
      const body = raw!.body as { system: unknown; max_tokens: number; stream: boolean; messages: { role: string; content: { type: string }[] }[] };
      expect(body).toMatchObject({ stream: true, system: [{ type: "text", text: "You answer with SQL." }] });
      expect(body.max_tokens).toBeGreaterThan(0);
      const toolUse = body.messages[1]!.content.find((block) => block.type === "tool_use") as { id: string } | undefined;
      expect(toolUse?.id).toMatch(/^toolu_/);
      expect(body.messages[2]).toMatchObject({
        role: "user",
        content: [{ type: "tool_result", tool_use_id: toolUse!.id, content: expect.stringContaining("rows: [[6]]") }],
      });
      expect((first!.body as { tools: { name: string; input_schema: unknown }[] }).tools[1]).toMatchObject({
        name: "run_sql",
        input_schema: { type: "object", properties: { sql: { type: "string" } } },
      });
    } else {
      expect(raw!.path).toBe(`/v1beta/models/${MODEL}:streamGenerateContent?alt=sse`);
      expect(raw!.headers["x-goog-api-key"]).toBe(API_KEY);
      expect(raw!.path).not.toContain(API_KEY);
      const body = raw!.body as { systemInstruction: unknown; contents: { role: string; parts: object[] }[] };
      expect(body.systemInstruction).toEqual({ parts: [{ text: "You answer with SQL." }] });
      expect(body.contents.map((content) => content.role)).toEqual(["user", "model", "user"]);
      // The call goes back with the id the SDK gave it (Gemini sent none), so the response below can name it.
      expect(body.contents[1]!.parts).toContainEqual({
        functionCall: { id: expect.any(String), name: "run_sql", args: { sql: "SELECT count(*) FROM singer" } },
      });
      expect(body.contents[2]!.parts).toEqual([
        { functionResponse: { id: expect.any(String), name: "run_sql", response: { name: "run_sql", content: expect.stringContaining("rows: [[6]]") } } },
      ]);
    }
  });

  it("works without streaming: generateText gets the text, tool calls and usage", async () => {
    server.setScript([{ text: "Checking.", toolCalls: [toolCall("list_tables")], usage: { prompt_tokens: 50, completion_tokens: 4 } }]);
    const result = await generateText({ model: wireModel(wire), tools: sqlTools, prompt: "What tables are there?" });
    expect(result.text).toBe("Checking.");
    expect(result.toolCalls).toMatchObject([{ toolName: "list_tables", input: {} }]);
    expect(result.finishReason).toBe("tool-calls");
    expect(result.usage).toMatchObject({ inputTokens: 50, outputTokens: 4 });
    expect(server.modelRequests()[0]!.path).not.toContain("stream");
  });

  it("refuses a wrong key and an unknown model the way the service does, without retrying", async () => {
    const badKey = await generateText({ model: wireModel(wire, { apiKey: "wrong" }), prompt: "q" }).catch((caught: unknown) => caught);
    expect(APICallError.isInstance(badKey)).toBe(true);
    // Google answers a key it does not know with 400 INVALID_ARGUMENT (reason API_KEY_INVALID), not 401.
    expect(badKey).toMatchObject({ statusCode: wire === "google" ? 400 : 401, isRetryable: false });
    if (wire === "google") expect((badKey as APICallError).responseBody).toContain("API_KEY_INVALID");
    const unknown = await generateText({ model: wireModel(wire, { model: "no-such-model" }), prompt: "q" }).catch((caught: unknown) => caught);
    expect(unknown).toMatchObject({ statusCode: 404, isRetryable: false });
    expect(server.modelRequests()).toHaveLength(2);
  });

  it("429, then success: the error says when to retry (a header, or Google's RetryInfo) and the retry is answered", async () => {
    server.setScript([{ fault: { kind: "status", status: 429, retryAfterSeconds: 1 }, times: 1, toolCalls: [toolCall("list_tables")] }]);
    const noRetry = streamText({ model: wireModel(wire), tools: sqlTools, prompt: "q", maxRetries: 0, onError: () => {} });
    const { parts } = await collectParts(noRetry.fullStream);
    const error = parts.find((part) => part.type === "error")?.error as APICallError;
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ statusCode: 429, isRetryable: true });
    if (wire === "google") {
      expect(JSON.parse(error.responseBody!)).toMatchObject({
        error: {
          code: 429,
          status: "RESOURCE_EXHAUSTED",
          details: expect.arrayContaining([{ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: "1s" }]),
        },
      });
    } else {
      expect(error.responseHeaders).toMatchObject({ "retry-after": "1" });
    }
    if (wire === "anthropic") expect(JSON.parse(error.responseBody!)).toMatchObject({ type: "error", error: { type: "rate_limit_error" } });

    server.reset();
    const retried = streamText({ model: wireModel(wire), tools: sqlTools, prompt: "q" });
    const retriedParts = await collectParts(retried.fullStream);
    expect(retriedParts.parts.find((part) => part.type === "tool-call")).toMatchObject({ toolName: "list_tables" });
    expect(server.modelRequests()).toHaveLength(2);
  });

  it("5xx: retried, then a RetryError listing every attempt", async () => {
    const status = wire === "anthropic" ? 529 : wire === "google" ? 503 : 500;
    server.setScript([{ fault: { kind: "status", status, retryAfterMs: 10 }, times: "always", text: "never" }]);
    // Google puts no Retry-After header on a 5xx, so the SDK waits its own 2 s; one retry keeps the test short.
    const error = await generateText({ model: wireModel(wire), prompt: "q", maxRetries: 1 }).catch((caught: unknown) => caught);
    expect(RetryError.isInstance(error)).toBe(true);
    expect((error as RetryError).errors).toHaveLength(2);
    expect((error as RetryError).lastError).toMatchObject({ statusCode: status, isRetryable: true });
    if (wire === "anthropic") expect((error as RetryError).lastError).toMatchObject({ data: { type: "error", error: { type: "overloaded_error" } } });
    if (wire === "google") expect((error as RetryError).lastError).toMatchObject({ data: { error: { code: 503, status: "UNAVAILABLE" } } });
  });

  it("a cut stream throws from the iteration after the deltas that arrived, with no finish", async () => {
    server.setScript([{ text: "I will count the singers now.", fault: { kind: "cut-stream", afterChunks: 4 }, times: "always" }]);
    const result = streamText({ model: wireModel(wire), prompt: "q", onError: () => {} });
    const { parts, thrown, types } = await collectParts(result.fullStream);
    expect(textDeltas(parts).join("")).toMatch(/^I w/);
    expect(types).not.toContain("finish");
    expect(thrown ?? parts.find((part) => part.type === "error")).toBeDefined();
  });

  it("an in-band error event mid-stream becomes an error part", async () => {
    server.setScript([{ text: "partial answer", fault: { kind: "stream-error", afterChunks: 3, message: "upstream overloaded" } }]);
    const result = streamText({ model: wireModel(wire), prompt: "q", onError: () => {} });
    const { parts, thrown } = await collectParts(result.fullStream);
    expect(thrown).toBeUndefined();
    const error = parts.find((part) => part.type === "error")?.error;
    if (wire === "openai") expect(error).toEqual({ message: "upstream overloaded", type: "server_error", param: null, code: null });
    // Anthropic's provider hands over the event's raw error object; Google's makes an APICallError from the code in it.
    if (wire === "anthropic") expect(error).toEqual({ type: "overloaded_error", message: "upstream overloaded" });
    if (wire === "google") expect(error).toMatchObject({ statusCode: 503, message: "upstream overloaded" });
  });

  it("a malformed event becomes an error part holding a JSON parse error", async () => {
    server.setScript([{ text: "partial answer", fault: { kind: "malformed", afterChunks: 3 } }]);
    const result = streamText({ model: wireModel(wire), prompt: "q", onError: () => {} });
    const { parts, thrown } = await collectParts(result.fullStream);
    expect(thrown).toBeUndefined();
    const error = parts.find((part) => part.type === "error")?.error;
    expect(JSONParseError.isInstance(error) || TypeValidationError.isInstance(error)).toBe(true);
  });

  it("aborting mid-stream keeps the deltas already received and ends with an abort part", async () => {
    server.setScript([{ text: "one two three four five six", chunkDelayMs: 60 }]);
    const controller = new AbortController();
    const result = streamText({ model: wireModel(wire), prompt: "q", abortSignal: controller.signal });
    const parts: string[] = [];
    for await (const part of result.fullStream) {
      parts.push(part.type);
      if (part.type === "text-delta") controller.abort();
    }
    expect(parts).toContain("text-delta");
    expect(parts.at(-1)).toBe("abort");
  });
});

describe("the Anthropic and Gemini wires, over plain fetch", () => {
  const anthropicHeaders = { "content-type": "application/json", "x-api-key": API_KEY, "anthropic-version": "2023-06-01" };
  const postMessages = (body: unknown, headers: Record<string, string> = anthropicHeaders) =>
    fetch(`${server.origin}/v1/messages`, { method: "POST", headers, body: JSON.stringify(body) });
  const postGemini = (method: string, body: unknown, headers: Record<string, string> = { "x-goog-api-key": API_KEY }) =>
    fetch(`${server.origin}/v1beta/models/${MODEL}:${method}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
  const anthropicRequest = (extra: object = {}) => ({ model: MODEL, max_tokens: 100, messages: [{ role: "user", content: "q" }], ...extra });

  it("Anthropic streams named events: message_start, ping, text and input_json_delta pieces, message_delta with usage, message_stop", async () => {
    await start({
      requiredApiKey: API_KEY,
      chunkSize: 5,
      script: [{ ...toolTurn(toolCall("run_sql", { sql: "SELECT 1" })), text: "Hello there", usage: { prompt_tokens: 9, completion_tokens: 3 } }],
    });
    const text = await (await postMessages(anthropicRequest({ stream: true }))).text();
    const events = text
      .split("\n\n")
      .filter((event) => event !== "")
      .map((event) => {
        const [eventLine, dataLine] = event.split("\n");
        return { name: eventLine!.replace("event: ", ""), data: JSON.parse(dataLine!.replace("data: ", "")) as { type: string; [key: string]: unknown } };
      });
    for (const event of events) expect(event.name).toBe(event.data.type);
    expect(events.map((event) => event.name).filter((name, index, all) => name !== all[index - 1])).toEqual([
      "message_start",
      "ping",
      "content_block_start",
      "content_block_delta",
      "content_block_stop",
      "content_block_start",
      "content_block_delta",
      "content_block_stop",
      "message_delta",
      "message_stop",
    ]);
    expect(events[0]!.data).toMatchObject({ message: { role: "assistant", content: [], usage: { input_tokens: 9 } } });
    const deltas = events.filter((event) => event.data.type === "content_block_delta").map((event) => event.data.delta as Record<string, string>);
    expect(deltas.filter((delta) => delta.type === "text_delta").map((delta) => delta.text)).toEqual(["Hello", " ther", "e"]);
    const json = deltas.filter((delta) => delta.type === "input_json_delta").map((delta) => delta.partial_json);
    expect(json[0]).toBe("");
    expect(JSON.parse(json.join(""))).toEqual({ sql: "SELECT 1" });
    expect(events.at(-2)!.data).toEqual({ type: "message_delta", delta: { stop_reason: "tool_use", stop_sequence: null }, usage: { output_tokens: 3 } });
  });

  it("Anthropic refuses as Anthropic does: a browser without the opt-in header, no version, a bad key, unpaired tool blocks, empty text", async () => {
    await start({ requiredApiKey: API_KEY, script: [textTurn("ok")] });
    const refusal = async (response: Response) => ({
      status: response.status,
      body: (await response.json()) as { type: string; error: { type: string; message: string } },
    });

    expect(await refusal(await postMessages(anthropicRequest(), { ...anthropicHeaders, origin: "http://localhost:5173" }))).toMatchObject({
      status: 401,
      body: { type: "error", error: { type: "authentication_error", message: "CORS requests must set 'anthropic-dangerous-direct-browser-access' header" } },
    });
    const withOptIn = await postMessages(anthropicRequest(), {
      ...anthropicHeaders,
      origin: "http://localhost:5173",
      "anthropic-dangerous-direct-browser-access": "true",
    });
    expect(withOptIn.status).toBe(200);
    expect(await refusal(await postMessages(anthropicRequest(), { "content-type": "application/json", "x-api-key": API_KEY }))).toMatchObject({
      status: 400,
      body: { error: { message: "anthropic-version: header is required" } },
    });
    expect(await refusal(await postMessages(anthropicRequest(), { ...anthropicHeaders, "x-api-key": "wrong" }))).toMatchObject({
      status: 401,
      body: { error: { type: "authentication_error", message: "invalid x-api-key" } },
    });
    expect(await refusal(await postMessages({ model: MODEL, messages: [] }))).toMatchObject({
      status: 400,
      body: { error: { message: "max_tokens: Field required" } },
    });

    const unanswered = anthropicRequest({
      messages: [
        { role: "user", content: "q" },
        { role: "assistant", content: [{ type: "tool_use", id: "toolu_1", name: "run_sql", input: {} }] },
        { role: "user", content: [{ type: "text", text: "go on" }] },
      ],
    });
    expect(await refusal(await postMessages(unanswered))).toMatchObject({
      status: 400,
      body: {
        error: {
          type: "invalid_request_error",
          message: expect.stringContaining("`tool_use` ids were found without `tool_result` blocks immediately after: toolu_1"),
        },
      },
    });
    const emptyText = anthropicRequest({ messages: [{ role: "user", content: [{ type: "text", text: "" }] }] });
    expect(await refusal(await postMessages(emptyText))).toMatchObject({
      status: 400,
      body: { error: { message: "messages.0.content.0.text: text content blocks must be non-empty" } },
    });

    const models = await fetch(`${server.origin}/v1/models`, { headers: anthropicHeaders });
    expect(await models.json()).toMatchObject({ data: [{ type: "model", id: "scripted-model" }], has_more: false });
  });

  it("Gemini streams with alt=sse only, takes the key in a header or ?key=, and refuses what Gemini refuses", async () => {
    await start({ requiredApiKey: API_KEY, chunkSize: 4, script: [{ text: "Hello there", usage: { prompt_tokens: 9, completion_tokens: 3 } }] });
    const body = { contents: [{ role: "user", parts: [{ text: "q" }] }] };
    const streamed = await (await postGemini("streamGenerateContent?alt=sse", body)).text();
    const chunks = streamed
      .split("\n\n")
      .filter((event) => event !== "")
      .map(
        (event) =>
          JSON.parse(event.replace(/^data: /, "")) as {
            candidates: { content: { parts: { text: string }[] }; finishReason?: string }[];
            usageMetadata: object;
          },
      );
    expect(chunks.map((chunk) => chunk.candidates[0]!.content.parts[0]!.text)).toEqual(["Hell", "o th", "ere"]);
    expect(chunks.at(-1)).toMatchObject({
      candidates: [{ finishReason: "STOP" }],
      usageMetadata: { promptTokenCount: 9, candidatesTokenCount: 3, totalTokenCount: 12 },
    });
    expect((await postGemini("streamGenerateContent", body)).status).toBe(400);

    const plain = await fetch(`${server.origin}/v1beta/models/${MODEL}:generateContent?key=${API_KEY}`, { method: "POST", body: JSON.stringify(body) });
    expect(await plain.json()).toMatchObject({ candidates: [{ content: { role: "model", parts: [{ text: "Hello there" }] }, finishReason: "STOP" }] });
    const missingKey = await postGemini("generateContent", body, {});
    expect(missingKey.status).toBe(403);
    expect(await missingKey.json()).toMatchObject({ error: { code: 403, status: "PERMISSION_DENIED" } });

    const unanswered = {
      contents: [
        { role: "user", parts: [{ text: "q" }] },
        { role: "model", parts: [{ functionCall: { name: "a", args: {} } }, { functionCall: { name: "b", args: {} } }] },
        { role: "user", parts: [{ functionResponse: { name: "a", response: { content: "x" } } }] },
      ],
    };
    const mismatch = await postGemini("generateContent", unanswered);
    expect(mismatch.status).toBe(400);
    expect(await mismatch.json()).toMatchObject({
      error: { status: "INVALID_ARGUMENT", message: expect.stringContaining("number of function response parts is equal") },
    });
    const emptyObject = { ...body, tools: [{ functionDeclarations: [{ name: "list_tables", parameters: { type: "OBJECT", properties: {} } }] }] };
    expect(await (await postGemini("generateContent", emptyObject)).json()).toMatchObject({
      error: { message: expect.stringContaining("parameters.properties: should be non-empty for OBJECT type") },
    });

    const models = await fetch(`${server.origin}/v1beta/models`, { headers: { "x-goog-api-key": API_KEY } });
    expect(await models.json()).toMatchObject({
      models: [{ name: "models/scripted-model", supportedGenerationMethods: expect.arrayContaining(["generateContent"]) }],
    });
  });
});

const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

describe("a browser page on another origin", () => {
  it.skipIf(!existsSync(chromiumPath))("streams a completion and reads Retry-After through CORS", async () => {
    await start({ requiredApiKey: API_KEY, script: [{ fault: { kind: "status", status: 429, retryAfterSeconds: 3 }, text: "from the browser" }] });
    const page = createServer((_, response) => {
      response.writeHead(200, { "content-type": "text/html" });
      response.end("<!doctype html><title>origin</title>");
    });
    await new Promise<void>((listening) => page.listen(0, "127.0.0.1", listening));
    // `playwright` ships with @playwright/test; imported lazily so the Node-only tests need no browser.
    const { chromium } = await import("playwright");
    const browser = await chromium.launch({ executablePath: chromiumPath, args: ["--headless", "--no-sandbox", "--disable-gpu"] });
    try {
      const tab = await browser.newPage();
      // localhost and 127.0.0.1 are different origins, so every call below is cross-origin.
      await tab.goto(`http://localhost:${(page.address() as AddressInfo).port}/`);
      const outcome = await tab.evaluate(
        async ({ url, key }) => {
          const call = () =>
            fetch(`${url}/chat/completions`, {
              method: "POST",
              headers: { authorization: `Bearer ${key}`, "content-type": "application/json", "x-stainless-lang": "js" },
              body: JSON.stringify({ model: "m", stream: true, messages: [{ role: "user", content: "q" }] }),
            });
          const limited = await call();
          const retryAfter = limited.headers.get("retry-after");
          const streamed = await (await call()).text();
          return { status: limited.status, retryAfter, streamed };
        },
        { url: server.url, key: API_KEY },
      );
      expect(outcome.status).toBe(429);
      expect(outcome.retryAfter).toBe("3");
      const text = outcome.streamed
        .split("\n\n")
        .filter((event) => event.startsWith("data: {"))
        .map((event) => (JSON.parse(event.slice(6)) as ChunkJson).choices[0]?.delta.content ?? "")
        .join("");
      expect(text).toBe("from the browser");
      expect(server.requests.some((recorded) => recorded.method === "OPTIONS")).toBe(true);
    } finally {
      await browser.close();
      await new Promise((closed) => page.close(closed));
    }
  });
});
