// One model turn: a streamed request with its timeout and retries (and the switch to text when tools are refused), yielding deltas.
import { jsonSchema, streamText, tool, type LanguageModel, type ToolSet } from "ai";
import { z } from "zod";
import { classifyLlmError, retryDelayMs } from "../llm/llm-errors";
import type { Conversation } from "./conversation";
import type { AgentErrorKind, AgentEventOf, TokenUsage } from "./events";
import type { RequestedToolCall } from "./tool-call";
import { toolDescriptions, toolInputSchemas, type ToolName } from "./tools";

export interface ModelTurnSettings {
  model: string;
  baseUrl: string;
  temperature: number;
  protocol: "auto" | "tools" | "text";
  timeoutMs: number;
  maxRetries: number;
}

export interface ModelTurnRequest {
  turn: number;
  model: LanguageModel;
  settings: ModelTurnSettings;
  conversation: Conversation;
  reachHint?: string;
  signal?: AbortSignal;
  sleep: (milliseconds: number, signal?: AbortSignal) => Promise<void>;
  now: () => number;
}

export type ModelTurnEvent = AgentEventOf<"text-delta"> | AgentEventOf<"turn-retry"> | AgentEventOf<"protocol-switch">;

/** What the turn came to; modelMs is the time spent in requests (waits between retries excluded). */
export type ModelTurnOutcome =
  | { ok: true; text: string; toolCalls: RequestedToolCall[]; usage: TokenUsage; modelMs: number }
  | { ok: false; kind: AgentErrorKind; message: string; modelMs: number };

/** The tools as the AI SDK offers them to the model: schemas only, no execute, so the loop runs each call itself. */
function toolSet(names: ToolName[]): ToolSet {
  return Object.fromEntries(
    names.map((name) => [
      name,
      tool({
        description: toolDescriptions[name],
        // The raw JSON schema (not zod) so invalid arguments reach the loop as-is and become an observation.
        inputSchema: jsonSchema(z.toJSONSchema(toolInputSchemas[name]) as Parameters<typeof jsonSchema>[0]),
      }),
    ]),
  ) as ToolSet;
}

const STOPPED = "Stopped by the person.";

/**
 * Asks the model for one turn. A failed attempt is retried while the error is retryable and retries are left
 * (its partial text is discarded, said by a turn-retry event); a provider that refuses tools gets the text
 * protocol when the settings allow it. Never throws: a failure is the outcome.
 */
export async function* modelTurn(request: ModelTurnRequest): AsyncGenerator<ModelTurnEvent, ModelTurnOutcome> {
  const { turn, settings, conversation, signal, now } = request;
  let modelMs = 0;
  for (let attempt = 1; ; attempt += 1) {
    const requestAbort = new AbortController();
    const onAbort = () => requestAbort.abort(signal?.reason);
    signal?.addEventListener("abort", onAbort, { once: true });
    // A signal aborted before the turn (Stop pressed while a tool ran) fires no event: the request must not be sent.
    if (signal?.aborted) onAbort();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      requestAbort.abort(new Error("timeout"));
    }, settings.timeoutMs);
    const attemptStarted = now();
    try {
      const result = streamText({
        model: request.model,
        system: conversation.system,
        messages: conversation.messages,
        tools: conversation.protocol === "tools" ? toolSet(conversation.tools) : undefined,
        temperature: settings.temperature,
        maxRetries: 0,
        abortSignal: requestAbort.signal,
        // Errors arrive in the stream and are handled below; the SDK's default would also log them.
        onError: () => {},
      });
      const text: string[] = [];
      const toolCalls: RequestedToolCall[] = [];
      let usage: TokenUsage = { inputTokens: 0, outputTokens: 0 };
      for await (const part of result.fullStream) {
        if (part.type === "text-delta") {
          text.push(part.text);
          yield { type: "text-delta", turn, text: part.text };
        } else if (part.type === "tool-call") {
          const invalid = "invalid" in part && part.invalid ? part : null;
          toolCalls.push({
            id: part.toolCallId,
            toolName: part.toolName,
            input: part.input,
            source: "tools",
            ...(invalid ? { invalidReason: String((invalid.error as Error | undefined)?.message ?? invalid.error ?? "invalid arguments") } : {}),
          });
        } else if (part.type === "finish-step") {
          usage = { inputTokens: part.usage.inputTokens ?? 0, outputTokens: part.usage.outputTokens ?? 0 };
        } else if (part.type === "error") {
          throw part.error;
        } else if (part.type === "abort") {
          throw signal?.reason ?? new Error(timedOut ? "timeout" : "aborted");
        }
      }
      modelMs += now() - attemptStarted;
      return { ok: true, text: text.join(""), toolCalls, usage, modelMs };
    } catch (error) {
      modelMs += now() - attemptStarted;
      const problem = classifyLlmError(error, {
        model: settings.model,
        baseUrl: settings.baseUrl,
        reachHint: request.reachHint,
        timedOut,
        aborted: signal?.aborted ?? false,
      });
      if (problem.kind === "aborted") return { ok: false, kind: "stopped", message: STOPPED, modelMs };
      if (problem.kind === "tools-unsupported" && settings.protocol === "auto" && conversation.protocol === "tools") {
        conversation.switchToText();
        yield { type: "protocol-switch", turn, protocol: "text", reason: problem.message };
        continue;
      }
      if (problem.retryable && attempt <= settings.maxRetries) {
        const delayMs = retryDelayMs(attempt, problem);
        yield { type: "turn-retry", turn, attempt, delayMs, reason: problem.message };
        try {
          await request.sleep(delayMs, signal);
        } catch {
          return { ok: false, kind: "stopped", message: STOPPED, modelMs };
        }
        continue;
      }
      const retried = attempt > 1 ? ` (after ${attempt - 1} ${attempt === 2 ? "retry" : "retries"})` : "";
      return { ok: false, kind: problem.kind, message: `${problem.message}${retried}`, modelMs };
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    }
  }
}
