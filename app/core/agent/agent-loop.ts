// The agent: turns of thought → one action → observation, until it submits SQL; an async stream of events.
import { jsonSchema, streamText, tool, type LanguageModel, type ModelMessage, type ToolSet } from "ai";
import { z } from "zod";
import { classifyLlmError, retryDelayMs, type LlmError } from "../llm/llm-errors";
import type { RecordingFetch } from "../llm/recording-fetch";
import type { AgentDatabase } from "./agent-database";
import { sharesValues, type DataSharing } from "../data-sharing";
import type { AgentEvent, TokenUsage } from "./events";
import type { SchemaPruningSummary } from "../schema/schema-context";
import { schemaContext, systemPrompt, type ToolProtocol } from "./prompts";
import { parseTextAction } from "./text-protocol";
import { parseToolInput, runTool, toolDescriptions, toolInputSchemas, TOOL_NAMES, type Observation, type ToolName } from "./tools";

export interface AgentSettings {
  model: string;
  baseUrl: string;
  temperature: number;
  maxTurns: number;
  protocol: "auto" | "tools" | "text";
  timeoutMs: number;
  maxRetries: number;
  /** Tokens (in + out) one question may use; unset means no limit. */
  tokenBudget?: number;
}

export interface AgentRunOptions {
  question: string;
  /** BIRD-style hint passed to the model with the question. */
  evidence?: string;
  database: AgentDatabase;
  model: LanguageModel;
  settings: AgentSettings;
  /** What to tell a person who cannot reach the provider (e.g. Ollama's allowed origins). */
  reachHint?: string;
  /** The schema text for the prompt; by default the full schema with example rows (when sharing allows values). */
  schemaText?: string;
  /** How schemaText was pruned, recorded in the run-start event so the trace shows it. */
  schemaPruning?: SchemaPruningSummary;
  /** What may be sent to the LLM; default everything. */
  sharing?: DataSharing;
  /** The fetch the model was created with, when it records raw exchanges. */
  recorder?: RecordingFetch;
  signal?: AbortSignal;
  /** Waits between retries; replaceable so tests need not sleep. */
  sleep?: (milliseconds: number, signal?: AbortSignal) => Promise<void>;
  now?: () => number;
}

function abortableSleep(milliseconds: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, milliseconds);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** The tools as the AI SDK offers them to the model: schemas only, no execute, so the loop runs each call itself. */
function toolSet(): ToolSet {
  return Object.fromEntries(
    TOOL_NAMES.map((name) => [
      name,
      tool({
        description: toolDescriptions[name],
        // The raw JSON schema (not zod) so invalid arguments reach the loop as-is and become an observation.
        inputSchema: jsonSchema(z.toJSONSchema(toolInputSchemas[name]) as Parameters<typeof jsonSchema>[0]),
      }),
    ]),
  ) as ToolSet;
}

interface ToolCallSeen {
  toolCallId: string;
  toolName: string;
  input: unknown;
  invalidReason?: string;
}

interface TurnOutcome {
  text: string;
  toolCalls: ToolCallSeen[];
  usage: TokenUsage;
}

function isAbort(signal: AbortSignal | undefined): boolean {
  return signal?.aborted ?? false;
}

export async function* runAgent(options: AgentRunOptions): AsyncGenerator<AgentEvent> {
  const now = options.now ?? (() => performance.now());
  const sleep = options.sleep ?? abortableSleep;
  const { settings, database, signal } = options;
  const started = now();
  let modelTime = 0;
  const usage: TokenUsage = { inputTokens: 0, outputTokens: 0 };
  let protocol: ToolProtocol = settings.protocol === "text" ? "text" : "tools";
  const sharing = options.sharing ?? "results";
  const schemaText = options.schemaText ?? (await schemaContext(database, undefined, sharesValues(sharing)));
  let system = systemPrompt({ schema: schemaText, protocol, evidence: options.evidence, sharing });
  const runId = `run-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
  yield { type: "run-start", runId, question: options.question, model: settings.model, baseUrl: settings.baseUrl, protocol, systemPrompt: system, startedAt: Date.now(), ...(options.schemaPruning ? { schema: options.schemaPruning } : {}) };

  const messages: ModelMessage[] = [{ role: "user", content: options.question }];
  let lastSuccessfulSql: string | undefined;
  const failures = new Map<string, number>();
  let turn = 0;

  const end = (status: "submitted" | "max-turns" | "stopped" | "failed"): AgentEvent => ({
    type: "run-end",
    status,
    turns: turn,
    usage: { ...usage },
    elapsedMs: now() - started,
    overheadMs: Math.max(0, now() - started - modelTime),
  });

  while (turn < settings.maxTurns) {
    turn += 1;
    yield { type: "turn-start", turn };
    let outcome: TurnOutcome | null = null;
    const turnStarted = now();
    for (let attempt = 1; outcome === null; attempt += 1) {
      const requestAbort = new AbortController();
      const onAbort = () => requestAbort.abort(signal?.reason);
      signal?.addEventListener("abort", onAbort, { once: true });
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        requestAbort.abort(new Error("timeout"));
      }, settings.timeoutMs);
      const attemptStarted = now();
      const text: string[] = [];
      try {
        const result = streamText({
          model: options.model,
          system,
          messages,
          tools: protocol === "tools" ? toolSet() : undefined,
          temperature: settings.temperature,
          maxRetries: 0,
          abortSignal: requestAbort.signal,
          // Errors arrive in the stream and are handled below; the SDK's default would also log them.
          onError: () => {},
        });
        const toolCalls: ToolCallSeen[] = [];
        let turnUsage: TokenUsage = { inputTokens: 0, outputTokens: 0 };
        for await (const part of result.fullStream) {
          if (part.type === "text-delta") {
            text.push(part.text);
            yield { type: "text-delta", turn, text: part.text };
          } else if (part.type === "tool-call") {
            const invalid = "invalid" in part && part.invalid ? part : null;
            toolCalls.push({
              toolCallId: part.toolCallId,
              toolName: part.toolName,
              input: part.input,
              invalidReason: invalid ? String((invalid.error as Error | undefined)?.message ?? invalid.error ?? "invalid arguments") : undefined,
            });
          } else if (part.type === "finish-step") {
            turnUsage = { inputTokens: part.usage.inputTokens ?? 0, outputTokens: part.usage.outputTokens ?? 0 };
          } else if (part.type === "error") {
            throw part.error;
          } else if (part.type === "abort") {
            throw signal?.reason ?? new Error(timedOut ? "timeout" : "aborted");
          }
        }
        outcome = { text: text.join(""), toolCalls, usage: turnUsage };
      } catch (error) {
        const problem: LlmError = classifyLlmError(error, {
          model: settings.model,
          baseUrl: settings.baseUrl,
          reachHint: options.reachHint,
          timedOut,
          aborted: isAbort(signal),
        });
        if (problem.kind === "aborted") {
          yield { type: "error", turn, kind: "stopped", message: "Stopped by the person.", lastSuccessfulSql };
          yield end("stopped");
          return;
        }
        if (problem.kind === "tools-unsupported" && settings.protocol === "auto" && protocol === "tools") {
          protocol = "text";
          system = systemPrompt({ schema: schemaText, protocol, evidence: options.evidence, sharing });
          yield { type: "protocol-switch", turn, protocol, reason: problem.message };
          continue;
        }
        if (problem.retryable && attempt <= settings.maxRetries) {
          const delayMs = retryDelayMs(attempt, problem);
          yield { type: "turn-retry", turn, attempt, delayMs, reason: problem.message };
          try {
            await sleep(delayMs, signal);
          } catch {
            yield { type: "error", turn, kind: "stopped", message: "Stopped by the person.", lastSuccessfulSql };
            yield end("stopped");
            return;
          }
          continue;
        }
        const retried = attempt > 1 ? ` (after ${attempt - 1} ${attempt === 2 ? "retry" : "retries"})` : "";
        yield { type: "error", turn, kind: problem.kind, message: `${problem.message}${retried}`, lastSuccessfulSql };
        yield end("failed");
        return;
      } finally {
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        modelTime += now() - attemptStarted;
      }
    }

    usage.inputTokens += outcome.usage.inputTokens;
    usage.outputTokens += outcome.usage.outputTokens;
    const raw = options.recorder ? await options.recorder.take() : [];
    yield { type: "turn-end", turn, usage: outcome.usage, latencyMs: now() - turnStarted, raw };

    // What the model asked for this turn, in one form whatever the protocol.
    let calls: ToolCallSeen[] = outcome.toolCalls;
    let protocolProblem: string | null = null;
    if (protocol === "text" || calls.length === 0) {
      const action = parseTextAction(outcome.text);
      if (action.ok) calls = [{ toolCallId: `text-${turn}`, toolName: action.name, input: action.input }];
      else protocolProblem = protocol === "text" ? action.message : "No tool was called. Call exactly one tool; use submit_sql when you have the final query.";
    }
    const viaText = calls.length > 0 && calls[0]!.toolCallId.startsWith("text-");

    const observations: { call: ToolCallSeen; observation: Observation; name: ToolName | null; input: unknown }[] = [];
    let submitted: { sql: string; observation: Observation } | null = null;
    for (const call of calls) {
      yield { type: "tool-call", turn, toolCallId: call.toolCallId, tool: call.toolName, input: call.input };
      let observation: Observation;
      let name: ToolName | null = null;
      let input: unknown = call.input;
      if (call.invalidReason !== undefined) {
        const parsed = parseToolInput(call.toolName, call.input);
        observation = { ok: false, text: parsed.ok ? `Error: invalid arguments for ${call.toolName}: ${call.invalidReason}` : parsed.message };
      } else {
        const parsed = parseToolInput(call.toolName, call.input);
        if (!parsed.ok) observation = { ok: false, text: parsed.message };
        else {
          name = parsed.name;
          input = parsed.input;
          observation = await runTool(parsed.name, parsed.input, database, { sharing });
        }
      }
      yield { type: "observation", turn, toolCallId: call.toolCallId, tool: call.toolName, ok: observation.ok, text: observation.text, result: observation.result };
      observations.push({ call, observation, name, input });
      const sql = name === "run_sql" || name === "submit_sql" ? (input as { sql: string }).sql : null;
      if (sql && observation.ok) lastSuccessfulSql = sql;
      if (sql && !observation.ok) failures.set(`${sql.trim()}\n${observation.text}`, (failures.get(`${sql.trim()}\n${observation.text}`) ?? 0) + 1);
      if (name === "submit_sql" && observation.ok && sql) {
        submitted = { sql, observation };
        break;
      }
    }

    if (submitted) {
      yield { type: "final", turn, sql: submitted.sql, result: submitted.observation.result };
      yield end("submitted");
      return;
    }

    // The conversation continues with what the model did and what it observed.
    if (viaText || protocol === "text" || calls.length === 0) {
      messages.push({ role: "assistant", content: outcome.text || "(no text)" });
      const observed = protocolProblem ?? observations.map((entry) => entry.observation.text).join("\n\n");
      messages.push({ role: "user", content: `Observation:\n${observed}` });
    } else {
      messages.push({
        role: "assistant",
        content: [
          ...(outcome.text ? [{ type: "text" as const, text: outcome.text }] : []),
          ...calls.map((call) => ({
            type: "tool-call" as const,
            toolCallId: call.toolCallId,
            toolName: call.toolName,
            input: call.invalidReason !== undefined || typeof call.input !== "object" || call.input === null ? {} : call.input,
          })),
        ],
      });
      messages.push({
        role: "tool",
        content: calls.map((call) => {
          const entry = observations.find((candidate) => candidate.call === call);
          return {
            type: "tool-result" as const,
            toolCallId: call.toolCallId,
            toolName: call.toolName,
            output: { type: "text" as const, value: entry ? entry.observation.text : "Not run: only one submit per turn." },
          };
        }),
      });
    }

    const spent = usage.inputTokens + usage.outputTokens;
    if (settings.tokenBudget !== undefined && spent > settings.tokenBudget) {
      yield {
        type: "error",
        turn,
        kind: "token-budget",
        message: `Stopped early: this question used ${spent} tokens, over the budget of ${settings.tokenBudget} set in Settings.`,
        lastSuccessfulSql,
      };
      yield end("failed");
      return;
    }

    const repeated = [...failures.entries()].find(([, count]) => count >= 2);
    if (repeated) {
      yield {
        type: "error",
        turn,
        kind: "repeated-failure",
        message: `Stopped early: the same query failed the same way twice (${repeated[0].split("\n").slice(1).join(" ").slice(0, 200)}).`,
        lastSuccessfulSql,
      };
      yield end("failed");
      return;
    }
  }

  yield {
    type: "error",
    turn,
    kind: "max-turns",
    message: `The model used all ${settings.maxTurns} turns without submitting a query.${lastSuccessfulSql ? " The last query that ran is offered instead." : ""}`,
    lastSuccessfulSql,
  };
  yield end("max-turns");
}
